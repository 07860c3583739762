import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { EMAIL_PATTERN, LEAD_MESSAGES, type LeadDestination, type LeadFields } from "shared-types";
import { captureLead } from "../api/capture-lead";

type VisibleField = "first_name" | "last_name" | "company" | "email" | "day_phone" | "message";
type FormValues = Record<VisibleField, string>;

export interface LeadFormProps {
  destination: LeadDestination;
  /** First name and email required (SPEC §5). */
  requireContact?: boolean;
  /** Email must look like an email (SPEC §5: vehicle page and trailer forms). */
  checkEmailFormat?: boolean;
  defaultMessage?: string;
  messageLabel?: string;
  /** Values sent with the lead that the visitor does not type: model, stock_number, customer_action... */
  hidden?: Partial<LeadFields>;
  successText?: string;
  submitLabel?: string;
  /** Placeholders instead of visible labels' hints (the trailer form's). */
  placeholders?: boolean;
  heading?: string;
}

type Status = "idle" | "sending" | "sent" | "failed";

const LABELS: Record<VisibleField, string> = {
  first_name: "First Name",
  last_name: "Last Name",
  company: "Company",
  email: "Email",
  day_phone: "Phone Number",
  message: "Message",
};

/** One enquiry form: every lead of the site goes through it to POST /api/leads/capture. */
export default function LeadForm({
  destination,
  requireContact = false,
  checkEmailFormat = false,
  defaultMessage = "",
  messageLabel = LABELS.message,
  hidden = {},
  successText = LEAD_MESSAGES.success,
  submitLabel = "Submit",
  placeholders = false,
  heading,
}: LeadFormProps) {
  const id = useId();
  const [status, setStatus] = useState<Status>("idle");
  const idempotencyKey = useRef(crypto.randomUUID());
  const {
    register,
    handleSubmit,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm<FormValues>({
    mode: "onTouched",
    defaultValues: { first_name: "", last_name: "", company: "", email: "", day_phone: "", message: defaultMessage },
  });

  if (status === "sent") {
    return (
      <p className="leads-form__success" role="status">
        {successText}
      </p>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setStatus("sending");
    try {
      await captureLead({ ...hidden, ...values, destination, "-url": window.location.href }, idempotencyKey.current);
      setStatus("sent");
    } catch {
      setStatus("failed");
    }
  });

  const field = (name: VisibleField, options: { type?: string; label?: string; multiline?: boolean } = {}) => {
    const label = options.label ?? LABELS[name];
    const required = requireContact && (name === "first_name" || name === "email");
    const error = errors[name];
    const showError = Boolean(error) && (touchedFields[name] || isSubmitted);
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const rules = {
      required: required ? `${label} is required` : false,
      ...(name === "email" && checkEmailFormat
        ? { pattern: { value: EMAIL_PATTERN, message: "Enter a valid email address" } }
        : {}),
    } as const;
    const common = {
      id: inputId,
      className: `leads-form__input${showError ? " leads-form__input--invalid" : ""}`,
      "aria-invalid": showError,
      "aria-describedby": showError ? errorId : undefined,
      "aria-required": required,
      placeholder: placeholders ? label : undefined,
      ...register(name, rules),
    };
    return (
      <div className={`leads-form__field leads-form__field--${name}`}>
        <label htmlFor={inputId} className="leads-form__label">
          {label}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
        {options.multiline ? <textarea rows={4} {...common} /> : <input type={options.type ?? "text"} {...common} />}
        {showError ? (
          <p id={errorId} className="leads-form__error" role="alert">
            {error?.message}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="leads-form" onSubmit={onSubmit} noValidate aria-labelledby={heading ? `${id}-heading` : undefined}>
      {heading ? (
        <h2 id={`${id}-heading`} className="leads-form__heading">
          {heading}
        </h2>
      ) : null}
      <div className="leads-form__grid">
        {field("first_name")}
        {field("last_name")}
        {field("company")}
        {field("email", { type: "email" })}
        {field("day_phone", { type: "tel" })}
        {field("message", { label: messageLabel, multiline: true })}
      </div>
      {status === "failed" ? (
        <p className="leads-form__failure" role="alert">
          {LEAD_MESSAGES.failure}
        </p>
      ) : null}
      <button type="submit" className="leads-button" disabled={status === "sending"}>
        {status === "sending" ? "Sending..." : submitLabel}
      </button>
    </form>
  );
}
