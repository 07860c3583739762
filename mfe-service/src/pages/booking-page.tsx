import { breadcrumbJsonLd, PeerForm, usePageHead, useResource, useSite, useSubmittedForm } from "remote-kit";
import { FORM_FIELD, type SubmittedForm } from "remote-kit/protocol";
import { useSearchParams } from "remote-kit/router";
import { type AppointmentKind, paths, telHref } from "shared-types";
import type { BookingOptions, FreeTime } from "../api/booking-api";
import { bookingOptionsResource, freeTimesResource } from "../api/resources";
import { BookingField, DAYS_SHOWN, daysOf, FreeTimesPicker } from "../components/booking-fields";
import CONSUMES from "../contracts/consumes";

/** At most this many vehicles a visit: a larger fleet books by phone. */
const MOST_VEHICLES = 10;
export const BOOKING_FORM_ID = "service:booking";

/** The visit's work from the address: one kind per vehicle ("work" given once per vehicle), blanks kept for "add". */
function useWork(kinds: readonly AppointmentKind[]): { work: string[]; chosen: string[]; from: string } {
  const [params] = useSearchParams();
  const known = new Set(kinds.map((kind) => kind.id));
  const work = params
    .getAll("work")
    .slice(0, MOST_VEHICLES)
    .map((kind) => (known.has(kind) ? kind : ""));
  if (params.get("add") && work.length < MOST_VEHICLES) work.push("");
  if (work.length === 0) work.push("");
  return { work, chosen: work.filter(Boolean), from: params.get("from") ?? "" };
}

/** Step one: what each vehicle needs (a GET form: the address says it, and the page answers with the free times). */
function WorkForm({ kinds, work }: { kinds: readonly AppointmentKind[]; work: string[] }) {
  const shops = [
    { label: "Service", kinds: kinds.filter((kind) => kind.shop === "service") },
    { label: "Body shop", kinds: kinds.filter((kind) => kind.shop === "body-shop") },
  ];
  return (
    <form method="get" action={paths.bookService()} className="service-booking__work">
      <fieldset className="service-booking__fieldset">
        <legend>What does each vehicle need?</legend>
        {work.map((kind, index) => (
          <div className="service-booking__field" key={index}>
            <label htmlFor={`service-work-${index}`}>Vehicle {index + 1}</label>
            <select id={`service-work-${index}`} name="work" defaultValue={kind}>
              <option value="">Choose a service</option>
              {shops.map((shop) => (
                <optgroup key={shop.label} label={shop.label}>
                  {shop.kinds.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
        ))}
        <div className="service-booking__actions">
          <button type="submit" className="host-button host-button--primary">
            Show free times
          </button>
          {work.length < MOST_VEHICLES ? (
            <button type="submit" name="add" value="1" className="host-button">
              Add another vehicle
            </button>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}

/** One vehicle of the visit: what it is (year, make, model; VIN, unit number and odometer if the visitor has them). */
function VehicleFields({
  index,
  kind,
  refused,
}: {
  index: number;
  kind: AppointmentKind;
  refused: SubmittedForm | null;
}) {
  const name = (field: string) => `units.${index}.${field}`;
  const field = (label: string, key: string, extra: { hint?: string; inputMode?: "numeric" } = {}) => (
    <BookingField label={label} name={name(key)} refused={refused} {...extra} />
  );
  return (
    <fieldset className="service-booking__fieldset">
      <legend>
        Vehicle {index + 1}: {kind.name}
      </legend>
      <input type="hidden" name={name("kind")} value={kind.id} />
      <div className="service-booking__grid">
        {field("Year", "year", { inputMode: "numeric" })}
        {field("Make", "make")}
        {field("Model", "model")}
        {field("VIN (optional)", "vin", { hint: "17 characters; we check its check digit" })}
        {field("Unit number (optional)", "unit_number")}
        {field("Odometer in km (optional)", "odometer_km", { inputMode: "numeric" })}
      </div>
    </fieldset>
  );
}

/** The address of the free times after the days listed, or none when they are all listed. */
function laterHref(work: string[], times: readonly FreeTime[]): string | undefined {
  const next = daysOf(times)[DAYS_SHOWN]?.date;
  return next ? `${paths.bookService(work)}&from=${next}` : undefined;
}

/** Step two: the time, each vehicle, waiting or dropping off, and who is coming (a POST form the service team takes). */
function BookForm({ options, work, times }: { options: BookingOptions; work: string[]; times: FreeTime[] }) {
  const refused = useSubmittedForm(BOOKING_FORM_ID);
  const kindOf = (id: string) => options.kinds.find((kind) => kind.id === id) as AppointmentKind;
  const chosen = refused?.values.startsAt ?? "";
  const stay = refused?.values.stay ?? "drop-off";
  return (
    <form method="post" className="service-booking__book" noValidate>
      <input type="hidden" name={FORM_FIELD} value={BOOKING_FORM_ID} />
      {refused?.message ? (
        <p className="service-booking__problem" role="alert">
          {refused.message}
        </p>
      ) : null}
      <FreeTimesPicker
        times={times}
        chosen={chosen}
        error={refused?.errors.startsAt}
        laterHref={laterHref(work, times)}
      />
      {work.map((kind, index) => (
        <VehicleFields key={index} index={index} kind={kindOf(kind)} refused={refused} />
      ))}
      <fieldset className="service-booking__fieldset">
        <legend>Will you wait, or drop the vehicles off?</legend>
        {(["drop-off", "wait"] as const).map((value) => (
          <label key={value} className="service-booking__choice">
            <input type="radio" name="stay" value={value} defaultChecked={stay === value} />
            {value === "wait" ? " I'll wait" : " I'll drop them off"}
          </label>
        ))}
      </fieldset>
      <fieldset className="service-booking__fieldset">
        <legend>Your details</legend>
        <div className="service-booking__grid">
          <BookingField label="First name" name="first_name" refused={refused} autoComplete="given-name" />
          <BookingField label="Last name" name="last_name" refused={refused} autoComplete="family-name" />
          <BookingField label="Company (optional)" name="company" refused={refused} autoComplete="organization" />
          <BookingField label="Email" name="email" type="email" refused={refused} autoComplete="email" />
          <BookingField label="Phone" name="phone" type="tel" refused={refused} autoComplete="tel" />
          <BookingField label="Anything we should know? (optional)" name="comments" multiline refused={refused} />
        </div>
      </fieldset>
      <button type="submit" className="host-button host-button--primary">
        Book this time
      </button>
    </form>
  );
}

/** Nothing free for this visit in the weeks the department books: the request form remains, and says so. */
function NothingFree({ weeks }: { weeks: number }) {
  return (
    <section className="service-form" aria-labelledby="service-nothing-free">
      <h2 id="service-nothing-free">No free time in the next {weeks} weeks for this visit</h2>
      <p>Send us your request and we will call you to find a time.</p>
      <PeerForm
        use={CONSUMES.modules.serviceBookingForm}
        props={{ section: "service", serviceTitle: "Service appointment", placement: "booking" }}
      />
    </section>
  );
}

/**
 * /book-service: a visit booked against the department's real free times, with scripts or without. The address
 * names each vehicle's work (?work=…); the page then shows the free times for the whole visit (Calgary time) and
 * the form that books one.
 */
export function BookingPage() {
  const { siteUrl, business } = useSite();
  const options = useResource(bookingOptionsResource);
  const kinds = options.status === "done" ? options.value.kinds : [];
  const { work, chosen, from } = useWork(kinds);
  const times = useResource(chosen.length > 0 ? freeTimesResource : null, chosen, from);
  usePageHead({
    title: `Book a service appointment | ${business.name}`,
    description: "Book your truck, van or bus into our Calgary service bays: choose the work, then a free time.",
    canonical: paths.bookService(),
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: "Service", path: paths.service() },
        { name: "Book", path: paths.bookService() },
      ]),
    ],
  });
  if (options.status !== "done") {
    return (
      <div className="service-page" role="alert">
        <h1 className="service-page__title">Book a Service Appointment</h1>
        <p>
          Booking can't be shown right now. Call us at{" "}
          <a href={telHref(business.phone_service)}>{business.phone_service}</a>.
        </p>
      </div>
    );
  }
  const complete = chosen.length === work.length;
  return (
    <div className="service-page service-booking">
      <h1 className="service-page__title">Book a Service Appointment</h1>
      <p className="service-page__intro">
        Choose what each vehicle needs, then a free time. Times are Calgary time. Questions? Call{" "}
        <a href={telHref(business.phone_service)}>{business.phone_service}</a>.
      </p>
      <WorkForm kinds={kinds} work={work} />
      {complete && times.status === "done" && times.value.length > 0 ? (
        <BookForm options={options.value} work={work} times={times.value} />
      ) : null}
      {complete && times.status === "done" && times.value.length === 0 ? (
        <NothingFree weeks={options.value.weeksAhead} />
      ) : null}
      {complete && times.status === "failed" ? (
        <p role="alert">
          The free times can't be shown right now. Please try again in a moment, or call{" "}
          <a href={telHref(business.phone_service)}>{business.phone_service}</a>.
        </p>
      ) : null}
    </div>
  );
}
