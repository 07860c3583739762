import { type FormEvent, type Ref, useEffect, useRef, useState } from "react";
import { defineIsland, PeerForm, RouteDataContext, useResource, useSite, useSubmittedForm } from "remote-kit";
import type { SubmittedForm } from "remote-kit/protocol";
import { type AppointmentKind, paths, telHref } from "shared-types";
import type { FreeTime } from "../api/booking-api";
import { freeTimesResource } from "../api/resources";
import CONSUMES from "../contracts/consumes";
import { BookingField, DAYS_SHOWN, daysOf, FreeTimesPicker, ServiceForm, shownTimes } from "./booking-fields";
import { PlanFields } from "./plan-fields";

/** At most this many vehicles a visit: a larger fleet books by phone. */
export const MOST_VEHICLES = 10;
export const BOOKING_FORM_ID = "service:booking";

/** The work a form's selects name, a vehicle each, and one more when "Add another vehicle" sent it. */
function workOf(event: FormEvent<HTMLFormElement>): string[] {
  const work = new FormData(event.currentTarget).getAll("work").map(String);
  const adding = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === "add";
  return adding && work.length < MOST_VEHICLES ? [...work, ""] : work;
}

/**
 * Step one: what each vehicle needs (a GET form: the address says it, and the page answers with the free times).
 * With scripts each choice is handed to `onWork` as it is made, and the form is sent only to ask again for the same.
 */
function WorkForm({
  kinds,
  work,
  onWork,
  ref,
}: {
  kinds: readonly AppointmentKind[];
  work: string[];
  onWork(work: string[]): void;
  ref: Ref<HTMLFormElement>;
}) {
  const shops = [
    { label: "Service", kinds: kinds.filter((kind) => kind.shop === "service") },
    { label: "Body shop", kinds: kinds.filter((kind) => kind.shop === "body-shop") },
  ];
  return (
    <form
      ref={ref}
      method="get"
      action={paths.bookService()}
      className="service-booking__work"
      onChange={(event) => onWork(workOf(event))}
      onSubmit={(event) => {
        const asked = workOf(event);
        if (asked.join() === work.join()) return;
        event.preventDefault();
        onWork(asked);
      }}
    >
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
function BookForm({
  kinds,
  work,
  times,
  hidden,
}: {
  kinds: readonly AppointmentKind[];
  work: string[];
  times: readonly FreeTime[];
  hidden: boolean;
}) {
  const refused = useSubmittedForm(BOOKING_FORM_ID);
  const kindOf = (id: string) => kinds.find((kind) => kind.id === id) as AppointmentKind;
  const chosen = refused?.values.startsAt ?? "";
  const stay = refused?.values.stay ?? "drop-off";
  return (
    <ServiceForm id={BOOKING_FORM_ID} refused={refused} className="service-booking__book" hidden={hidden}>
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
      <PlanFields refused={refused} />
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
    </ServiceForm>
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

export interface BookingVisitProps {
  kinds: AppointmentKind[];
  weeksAhead: number;
  /** Each vehicle's work, and the first day of the free times, as the address gave them. */
  work: string[];
  from: string;
  /** The free times the server found for that work; null when the work is not complete or they could not be had. */
  times: FreeTime[] | null;
}

/** What the polite status line says after a change: the visitor hears the times update without leaving the field. */
function updateSaid(complete: boolean, vehicles: number, times: readonly FreeTime[] | undefined, loading: boolean) {
  if (!complete) return "Choose a service for each vehicle to see its free times.";
  if (loading) return "Finding free times…";
  if (!times) return "";
  const count = shownTimes(times);
  return `${count} free ${count === 1 ? "time" : "times"} shown for ${vehicles} ${vehicles === 1 ? "vehicle" : "vehicles"}`;
}

/**
 * The visit's work and its free times. Without scripts each change is a page; with them (an island, hydrated when
 * the visitor reaches for it) a change of work updates the times and the vehicles in place and replaces the
 * address, so a reload or a shared link shows the same, and what was typed in the booking form stays.
 */
function LiveVisit({ kinds, weeksAhead, work: firstWork, from: firstFrom, times: firstTimes }: BookingVisitProps) {
  const { business } = useSite();
  // `booked`: the last complete work, whose vehicles the booking form keeps while another vehicle is being chosen
  const [visit, setVisit] = useState({ work: firstWork, from: firstFrom, booked: firstWork });
  const workForm = useRef<HTMLFormElement>(null);
  const chosen = visit.work.filter(Boolean);
  const complete = chosen.length === visit.work.length;
  const times = useResource(complete ? freeTimesResource : null, chosen, visit.from);
  const shown = times.status === "done" ? times.value : times.status === "loading" ? times.previous : undefined;
  const changed = visit.work !== firstWork;
  // the server could not have them: its message stays while the browser asks again
  const failed = times.status === "failed" || (!changed && complete && !firstTimes && times.status === "loading");

  const changeWork = (work: string[]) => {
    if (work.join() === visit.work.join()) return;
    // the vehicle just added takes the focus, so the visitor goes on from there
    const added = `#service-work-${work.length - 1}`;
    if (work.length > visit.work.length)
      requestAnimationFrame(() => workForm.current?.querySelector<HTMLElement>(added)?.focus());
    setVisit({ work, from: "", booked: work.every(Boolean) ? work : visit.booked });
    window.history.replaceState(window.history.state, "", paths.bookService(work));
  };
  // a choice made before this code ran (the visitor's first touch) is taken as if made now
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for what the page showed when it was adopted
  useEffect(() => {
    const selects = workForm.current?.querySelectorAll("select") ?? [];
    changeWork([...selects].map((select) => select.value));
  }, []);

  return (
    <>
      <WorkForm ref={workForm} kinds={kinds} work={visit.work} onWork={changeWork} />
      <p className="service-booking__status" role="status">
        {changed ? updateSaid(complete, visit.work.length, shown, times.status === "loading") : ""}
      </p>
      {failed ? (
        <p role="alert">
          The free times can't be shown right now. Please try again in a moment, or call{" "}
          <a href={telHref(business.phone_service)}>{business.phone_service}</a>.
        </p>
      ) : null}
      {shown && shown.length > 0 ? (
        <BookForm kinds={kinds} work={visit.booked} times={shown} hidden={!complete || failed} />
      ) : null}
      {complete && times.status === "done" && times.value.length === 0 ? <NothingFree weeks={weeksAhead} /> : null}
    </>
  );
}

/**
 * The island's root: the free times the server found are where useResource looks for them, so the browser starts
 * from the server's HTML, and asks the API only for a visit changed here.
 */
function BookingVisit(props: BookingVisitProps) {
  const [store] = useState(() => {
    const key = freeTimesResource.key(props.work.filter(Boolean), props.from);
    return { entries: new Map<string, unknown>(props.times ? [[key, props.times]] : []) };
  });
  return (
    <RouteDataContext.Provider value={store}>
      <LiveVisit {...props} />
    </RouteDataContext.Provider>
  );
}

/**
 * The booking page's interactive part (an island: the page itself is server HTML). Its module imports no routing,
 * so hydrating it loads none.
 */
const BookingVisitIsland = defineIsland("service/island/booking", BookingVisit, { hydrate: "interaction" });
export default BookingVisitIsland;
