import type { SubmittedForm } from "remote-kit/protocol";
import { BookingField } from "./booking-fields";

const CHOICES = [
  { value: "", label: "Just this once" },
  { value: "weeks", label: "Again every few weeks" },
  { value: "km", label: "Again by distance" },
] as const;

/** A fleet's recurring plan: the same visit again, by weeks or by distance, chosen as the visit is booked. */
export function PlanFields({ refused }: { refused: SubmittedForm | null }) {
  const chosen = refused?.values.plan ?? "";
  const error = refused?.errors.plan;
  return (
    <fieldset
      className="service-booking__fieldset"
      aria-describedby={error ? "service-plan-hint service-plan-error" : "service-plan-hint"}
    >
      <legend>Book this visit again? (fleets)</legend>
      <p id="service-plan-hint" className="service-muted">
        A plan books each visit for you and emails you the time. By weeks: two weeks before each is due, at this visit's
        time of day. By distance: when a vehicle's odometer, sent from the plan's page, nears the distance.
      </p>
      {CHOICES.map((choice) => (
        <label key={choice.value} className="service-booking__choice">
          <input type="radio" name="plan" value={choice.value} defaultChecked={chosen === choice.value} />
          {choice.label}
        </label>
      ))}
      {error ? (
        <p id="service-plan-error" className="service-booking__error">
          {error}
        </p>
      ) : null}
      <div className="service-booking__grid">
        <BookingField
          label="Every how many weeks"
          name="plan_weeks"
          inputMode="numeric"
          hint="2 to 52"
          refused={refused}
        />
        <BookingField
          label="Every how many km"
          name="plan_km"
          inputMode="numeric"
          hint="1,000 to 100,000; give each vehicle's odometer above"
          refused={refused}
        />
      </div>
    </fieldset>
  );
}
