import type { LeadInput, LeadTextField } from "shared-types";
import type { FieldRegistration } from "../forms/use-form-fields";
import { FieldError } from "./field-error";

const AUTOCOMPLETE: Partial<Record<LeadTextField, string>> = {
  first_name: "given-name",
  last_name: "family-name",
  company: "organization",
  email: "email",
  day_phone: "tel",
};

/** A select shows its choices, not a placeholder. */
const withoutPlaceholder = <T extends { placeholder?: string }>({ placeholder: _shownAsChoice, ...rest }: T) => rest;

/** What every kind of control carries: its id and state for assistive technology, and the form's registration. */
type ControlProps = FieldRegistration & {
  id: string;
  className: string;
  "aria-invalid": boolean;
  "aria-describedby": string | undefined;
  "aria-required": boolean;
  placeholder: string | undefined;
  defaultValue: string;
};

/** The field's own control: a text area, a select of its options, or an input the browser can autofill. */
function FieldControl({
  name,
  type,
  options,
  common,
}: {
  name: LeadTextField;
  type: NonNullable<LeadInput["type"]>;
  options: readonly string[];
  common: ControlProps;
}) {
  if (type === "textarea") return <textarea rows={4} {...common} />;
  if (type === "select") {
    return (
      <select {...withoutPlaceholder(common)}>
        <option value="">Choose</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      type={type}
      autoComplete={AUTOCOMPLETE[name]}
      inputMode={type === "email" ? "email" : type === "tel" ? "tel" : undefined}
      {...common}
    />
  );
}

/**
 * One field of an enquiry form: its label (a star when required), the input the browser can autofill, and the
 * reason beside it when what was typed is refused, tied to the input for screen readers.
 */
export function LeadField({
  input: { name, label, type = "text", wide, options = [], hint },
  inputId,
  required,
  placeholders,
  message,
  defaultValue,
  registration,
}: {
  input: LeadInput;
  inputId: string;
  required: boolean;
  placeholders: boolean;
  message: string | undefined;
  defaultValue: string;
  registration: FieldRegistration;
}) {
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const described = [hint ? hintId : "", message ? errorId : ""].filter(Boolean).join(" ");
  const common: ControlProps = {
    id: inputId,
    className: `leads-form__input${message ? " leads-form__input--invalid" : ""}`,
    "aria-invalid": Boolean(message),
    "aria-describedby": described || undefined,
    "aria-required": required,
    placeholder: placeholders ? label : undefined,
    defaultValue,
    ...registration,
  };
  return (
    <div className={`leads-form__field${wide || type === "textarea" ? " leads-form__field--wide" : ""}`}>
      <label htmlFor={inputId} className={placeholders ? "leads-visually-hidden" : "leads-form__label"}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <span id={hintId} className="leads-form__hint">
          {hint}
        </span>
      ) : null}
      <FieldControl name={name} type={type} options={options} common={common} />
      <FieldError id={errorId} message={message} />
    </div>
  );
}
