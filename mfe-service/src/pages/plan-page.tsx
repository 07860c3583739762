import type { ReactNode } from "react";
import { Link, useSubmittedForm } from "remote-kit";
import { paths } from "shared-types";
import type { PlanView } from "../api/plan-api";
import { planLinkResource } from "../api/resources";
import { BookingField, dayLabel, ServiceForm } from "../components/booking-fields";
import { LinkedPage, type LinkedPageWords } from "../components/linked-page";

const DONE: Record<string, string> = {
  readings: "Thank you: the readings are kept. No vehicle is due yet; we book each one as it comes due.",
  booked: "A vehicle is due: we have booked its visit and emailed you the time and an invite. It is listed below.",
  stopped: "The plan is stopped: we book no more visits by it. The visits listed below still stand.",
};

const km = (value: number | null) => (value === null ? "none yet" : `${value.toLocaleString("en-CA")} km`);

/** A plan by distance: each unit's odometer as the fleet reads it today (a POST form the service team takes). */
function ReadingsForm({ token, plan }: { token: string; plan: PlanView }) {
  const id = `service:plan-readings:${token}`;
  const refused = useSubmittedForm(id);
  return (
    <ServiceForm id={id} refused={refused} heading="Send odometer readings" className="service-booking__book">
      <div className="service-booking__grid">
        {plan.units.map((unit, index) => (
          <BookingField
            key={index}
            label={`Vehicle ${index + 1}: ${unit.name}${unit.unit_number ? `, unit ${unit.unit_number}` : ""} (km)`}
            name={`readings.${index}`}
            inputMode="numeric"
            hint={`Last plan visit at ${km(unit.serviced_km)}; last reading ${km(unit.reported_km)}`}
            refused={refused}
          />
        ))}
      </div>
      <button type="submit" className="host-button host-button--primary">
        Send the readings
      </button>
    </ServiceForm>
  );
}

function StopForm({ token }: { token: string }) {
  return (
    <ServiceForm
      id={`service:plan-stop:${token}`}
      refused={null}
      heading="Stop the plan"
      className="service-booking__cancel"
    >
      <p>We book no more visits by it; the visits already booked stay, each with its own page.</p>
      <button type="submit" className="host-button">
        Stop this plan
      </button>
    </ServiceForm>
  );
}

function Visits({ plan }: { plan: PlanView }) {
  if (plan.visits.length === 0) return <p>No visit of this plan is booked yet.</p>;
  return (
    <ul className="service-booking__visits">
      {plan.visits.map((visit) => (
        <li key={visit.link}>
          <Link to={paths.serviceBooking(visit.link)}>{visit.when}</Link>: {visit.work.join("; ")}
        </li>
      ))}
    </ul>
  );
}

const PAGE: LinkedPageWords<PlanView> = {
  resource: planLinkResource,
  title: "Your service plan",
  heading: "Your Service Plan",
  gone: { code: 404, heading: "We have no plan by this link", text: "Open it from your appointment's page." },
  done: DONE,
};

/**
 * /book-service/plan/{token}: a fleet's recurring plan, linked from each of its bookings' pages: how it goes, its
 * visits to come, the odometer readings of a plan by distance, and stopping it. Opening it changes nothing.
 */
export const PlanPage = () => <LinkedPage page={PAGE} Content={Plan} />;

function Plan({ value: plan, token, phone }: { value: PlanView; token: string; phone: ReactNode }) {
  const active = plan.status === "active";
  return (
    <>
      <dl className="service-booking__summary">
        <dt>The plan</dt>
        <dd>
          {plan.words}
          {active ? "" : " (stopped)"}
        </dd>
        {active && plan.next_due ? (
          <>
            <dt>Next visit due</dt>
            <dd>{dayLabel(plan.next_due)}: we book it two weeks ahead, at the same time of day when it is free.</dd>
          </>
        ) : null}
        <dt>Vehicles</dt>
        <dd>{plan.units.map((unit) => unit.name + (unit.unit_number ? ` (${unit.unit_number})` : "")).join("; ")}</dd>
      </dl>
      <h2>Visits booked</h2>
      <Visits plan={plan} />
      {active && plan.every === "km" ? <ReadingsForm token={token} plan={plan} /> : null}
      {active ? <StopForm token={token} /> : null}
      <p>Questions about the plan? Call us at {phone}.</p>
    </>
  );
}
