import { breadcrumbJsonLd, usePageHead, useResource, useSite } from "remote-kit";
import { useSearchParams } from "remote-kit/router";
import { type AppointmentKind, paths, telHref } from "shared-types";
import { bookingOptionsResource, freeTimesResource } from "../api/resources";
import { listedTimes } from "../components/booking-fields";
import BookingVisitIsland, { MOST_VEHICLES } from "../components/booking-visit";

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
      <BookingVisitIsland
        kinds={kinds}
        weeksAhead={options.value.weeksAhead}
        work={work}
        from={from}
        // only what the island shows goes into its props, written in the page
        times={complete && times.status === "done" ? listedTimes(times.value) : null}
      />
    </div>
  );
}
