import { type FormEvent, useState } from "react";
import { defineIsland, useSubmittedForm } from "remote-kit";
import { FORM_FIELD, NATIVE_SUBMIT_ATTRIBUTE } from "remote-kit/protocol";
import { FieldError } from "../components/field-error";
import { FLEET_QUOTE_FORMS, FLEET_QUOTE_MESSAGES } from "../fleet-quote/fleet-quote-forms";

const FIELDS = [
  { name: "year", label: "Year", inputMode: "numeric", autoComplete: "off" },
  { name: "make", label: "Make" },
  { name: "model", label: "Model" },
  { name: "vin", label: "VIN", hint: "17 characters" },
  { name: "odometer_km", label: "Odometer (km)", inputMode: "numeric" },
  { name: "notes", label: "Notes (condition, upfit)", wide: true },
] as const;

const ID = `leads:${FLEET_QUOTE_FORMS.tradeIn}`;
const DOM = "leads-fleet-trade-in";

/**
 * Adds a trade-in to the list: a plain form posted to the page (it works with scripts off: team leads' server checks
 * it and the page shows it again with the reasons); with scripts the same rules (shared-types) say what is wrong
 * beside each field before it is sent, and a form that passes is sent as the browser would.
 */
function FleetQuoteTradeIn() {
  const refused = useSubmittedForm(ID);
  const [errors, setErrors] = useState<Record<string, string>>(refused?.errors ?? {});
  const [message, setMessage] = useState(refused?.message ?? "");

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if (form.hasAttribute(NATIVE_SUBMIT_ATTRIBUTE) || form.dataset.checked === "yes") return;
    event.preventDefault();
    const values = Object.fromEntries(FIELDS.map(({ name }) => [name, String(new FormData(form).get(name) ?? "")]));
    const { fleetQuoteTradeInSchema, fieldReasons } = await import("shared-types/schemas");
    const checked = fleetQuoteTradeInSchema.safeParse(values);
    if (!checked.success) {
      const reasons = fieldReasons(checked.error);
      setErrors(reasons);
      setMessage(FLEET_QUOTE_MESSAGES.refused);
      const first = FIELDS.find(({ name }) => reasons[name]);
      if (first) (form.elements.namedItem(first.name) as HTMLElement | null)?.focus();
      return;
    }
    form.dataset.checked = "yes";
    form.requestSubmit();
  };

  return (
    <form
      method="post"
      className="leads-form leads-fleet-trade-in-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${DOM}-heading`}
    >
      <h3 id={`${DOM}-heading`} className="leads-form__heading">
        Add a trade-in
      </h3>
      <input type="hidden" name={FORM_FIELD} value={ID} />
      {FIELDS.map((field) => {
        const error = errors[field.name];
        const inputId = `${DOM}-${field.name}`;
        return (
          <div key={field.name} className={`leads-form__field${"wide" in field ? " leads-form__field--wide" : ""}`}>
            <label className="leads-form__label" htmlFor={inputId}>
              {field.label}
              {field.name === "notes" ? null : <span aria-hidden="true"> *</span>}
            </label>
            <input
              id={inputId}
              name={field.name}
              className={`leads-form__input${error ? " leads-form__input--invalid" : ""}`}
              defaultValue={refused?.values[field.name] ?? ""}
              inputMode={"inputMode" in field ? field.inputMode : undefined}
              autoCapitalize={field.name === "vin" ? "characters" : undefined}
              aria-required={field.name !== "notes"}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onInput={() => error && setErrors(({ [field.name]: _gone, ...rest }) => rest)}
            />
            <FieldError id={`${inputId}-error`} message={error} />
          </div>
        );
      })}
      {message && Object.keys(errors).length === 0 ? (
        <p className="leads-form__failure" role="alert">
          {message}
        </p>
      ) : null}
      <button type="submit" className="leads-button leads-button--secondary">
        Add trade-in
      </button>
    </form>
  );
}

export default defineIsland("leads/island/fleet-quote-trade-in", FleetQuoteTradeIn, { hydrate: "form" });
