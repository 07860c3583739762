import type { ReactNode } from "react";
import { Link, useResource, useSubmittedForm } from "remote-kit";
import type { SubmittedForm } from "remote-kit/protocol";
import { paths } from "shared-types";
import type { BookingView } from "../api/booking-api";
import { bookingLinkResource, freeTimesResource } from "../api/resources";
import { FreeTimesPicker, ServiceForm } from "../components/booking-fields";
import { LinkedPage, type LinkedPageWords } from "../components/linked-page";

const DONE: Record<string, string> = {
  booked: "Your appointment is booked. We have emailed you the details and an invite for your calendar.",
  moved: "Your appointment has moved. We have emailed you the new time and an updated invite.",
  cancelled: "Your appointment is cancelled. We have emailed you to confirm it.",
};

/** A change the visitor asks of the booking: a POST form with the link's token in its id, and why it was refused. */
function ChangeForm({
  id,
  heading,
  className,
  children,
}: {
  id: string;
  heading: string;
  className: string;
  children: (refused: SubmittedForm | null) => ReactNode;
}) {
  const refused = useSubmittedForm(id);
  return (
    <ServiceForm id={id} refused={refused} heading={heading} className={className}>
      {children(refused)}
    </ServiceForm>
  );
}

/** Move it to another free time for the same work. */
function MoveForm({ token, booking }: { token: string; booking: BookingView }) {
  const times = useResource(freeTimesResource, booking.kinds, "");
  if (times.status !== "done" || times.value.length === 0) return null;
  return (
    <ChangeForm id={`service:booking-move:${token}`} heading="Move it" className="service-booking__book">
      {(refused) => (
        <>
          <FreeTimesPicker
            times={times.value}
            chosen={refused?.values.startsAt ?? ""}
            error={refused?.errors.startsAt}
          />
          <button type="submit" className="host-button host-button--primary">
            Move to this time
          </button>
        </>
      )}
    </ChangeForm>
  );
}

function CancelForm({ token }: { token: string }) {
  return (
    <ChangeForm id={`service:booking-cancel:${token}`} heading="Cancel it" className="service-booking__cancel">
      {() => (
        <button type="submit" className="host-button">
          Cancel this appointment
        </button>
      )}
    </ChangeForm>
  );
}

const PAGE: LinkedPageWords<BookingView> = {
  resource: bookingLinkResource,
  title: "Your service appointment",
  heading: "Your Service Appointment",
  gone: {
    code: 410,
    heading: "This link no longer works",
    text: "It has been used, or the appointment can no longer change: the newest email we sent you has the link that works.",
  },
  done: DONE,
};

/**
 * /book-service/{token}: a booking as its link shows it (the visitor's email carries it): when, what, and, while it
 * can still change, a form to move it and one to cancel it. Opening it changes nothing, so a mail scanner's visit
 * is harmless; each change spends the link and the page goes on with the new one.
 */
export const BookingLinkPage = () => <LinkedPage page={PAGE} Content={Booking} />;

function Booking({ value: booking, token, phone }: { value: BookingView; token: string; phone: ReactNode }) {
  return (
    <>
      <dl className="service-booking__summary">
        <dt>When</dt>
        <dd>{booking.status === "cancelled" ? <s>{booking.when}</s> : booking.when} (Calgary time)</dd>
        <dt>What we will do</dt>
        <dd>{booking.work.join("; ")}</dd>
        <dt>You will</dt>
        <dd>{booking.stay === "wait" ? "wait while we work" : "drop the vehicles off"}</dd>
        <dt>Reference</dt>
        <dd>{booking.reference}</dd>
        {booking.plan ? (
          <>
            <dt>Service plan</dt>
            <dd>
              {booking.plan.words}:{" "}
              <Link to={paths.servicePlan(booking.plan.link)}>see the plan, send odometer readings or stop it</Link>
            </dd>
          </>
        ) : null}
      </dl>
      {booking.status === "cancelled" ? (
        <p>
          This appointment is cancelled. <Link to={paths.bookService()}>Book another time</Link>.
        </p>
      ) : null}
      {booking.changeable ? <MoveForm token={token} booking={booking} /> : null}
      {booking.changeable ? <CancelForm token={token} /> : null}
      {!booking.changeable && booking.status !== "cancelled" ? <p>To change it now, call us at {phone}.</p> : null}
    </>
  );
}
