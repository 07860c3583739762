import { type ReactNode, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useSite } from "remote-kit";
import { Link } from "remote-kit/router";
import {
  EMAIL_PATTERN,
  isStorableText,
  LEAD_FORMS,
  LEAD_SPAM_GUARD,
  type LeadFields,
  type LeadFormId,
  MARKETING_CONSENT,
  paths,
} from "shared-types";
import { fetchFormStart } from "../api/form-start";
import { LEAD_MESSAGES } from "../copy";
import { type DraftValues, useDraftStore } from "../stores/draft-store";
// each form is exposed on its own and rendered inside other teams' pages: it brings its styles with it
import "../leads.css";

/** The fields a visitor can type into; each form picks its own from these. */
export type LeadInputName =
  | "first_name"
  | "last_name"
  | "company"
  | "email"
  | "day_phone"
  | "message"
  | "v_make"
  | "v_model"
  | "make"
  | "model"
  | "parts_required";

export interface LeadInput {
  name: LeadInputName;
  label: string;
  type?: "text" | "email" | "tel" | "textarea";
  /** Spans the whole row of the grid. */
  wide?: boolean;
}

type FormValues = Record<LeadInputName, string> & { marketing_opt_in: boolean };

export const CONTACT_INPUTS: readonly LeadInput[] = [
  { name: "first_name", label: "First Name" },
  { name: "last_name", label: "Last Name" },
  { name: "company", label: "Company" },
  { name: "email", label: "Email", type: "email" },
  { name: "day_phone", label: "Phone Number", type: "tel" },
];
export const MESSAGE_INPUT: LeadInput = { name: "message", label: "Message", type: "textarea", wide: true };

export interface LeadFormProps {
  form: LeadFormId;
  inputs: readonly LeadInput[];
  /** What the visible fields start with (a prefilled message, a make and model). A saved draft wins. */
  initialValues?: Partial<Record<LeadInputName, string>>;
  /** Sent with the lead but not typed by the visitor: stock number, model, customer action. */
  hidden?: Partial<LeadFields>;
  heading?: string;
  /** Replaces the form once the lead is stored. */
  success?: ReactNode;
  /** Placeholders repeat the labels inside the inputs (the trailer form's look). */
  placeholders?: boolean;
  submitLabel?: string;
  /** Tells drafts of the same form apart (two forms on one page, or one per unit). */
  draftScope?: string;
}

type Status = "idle" | "sending" | "sent" | "failed" | "refused";

const EMPTY_VALUES: FormValues = {
  first_name: "",
  last_name: "",
  company: "",
  email: "",
  day_phone: "",
  message: "",
  v_make: "",
  v_model: "",
  make: "",
  model: "",
  parts_required: "",
  marketing_opt_in: false,
};

function pickDraftValues(values: DraftValues): Partial<FormValues> {
  const picked: Partial<Record<keyof FormValues, string | boolean>> = {};
  for (const key of Object.keys(EMPTY_VALUES) as (keyof FormValues)[]) {
    const value = values[key];
    if (typeof value === typeof EMPTY_VALUES[key]) picked[key] = value;
  }
  return picked as Partial<FormValues>;
}

/**
 * The engine behind every enquiry form: validation from shared-types LEAD_FORMS (the API applies the same table),
 * a draft kept until the API acknowledges the lead, one idempotency key per distinct submission, spam signals,
 * and the states of SPEC §4 (sending, sent, failed with every field kept).
 */
export function LeadForm({
  form,
  inputs,
  initialValues = {},
  hidden = {},
  heading,
  success = <p>{LEAD_MESSAGES.success}</p>,
  placeholders = false,
  submitLabel = "Submit",
  draftScope = "",
}: LeadFormProps) {
  const rules = LEAD_FORMS[form];
  const { business } = useSite();
  // from the form's name, not useId: the server renders it in a tree of another shape than the browser's
  const id = `leads-${form}${draftScope ? `-${draftScope.replace(/[^a-zA-Z0-9-]+/g, "-")}` : ""}`;
  const draftKey = `${form}:${draftScope || (typeof window === "undefined" ? "" : window.location.pathname)}`;
  const [status, setStatus] = useState<Status>("idle");
  // read once per mounted form: begin() must not re-create a draft that was just sent
  const [draft] = useState(() => useDraftStore.getState().begin(draftKey));
  const honeypot = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, touchedFields, isSubmitted },
  } = useForm<FormValues>({
    mode: "onTouched",
    defaultValues: { ...EMPTY_VALUES, ...initialValues, ...pickDraftValues(draft.values) },
  });

  useEffect(() => {
    const subscription = watch((values) => useDraftStore.getState().saveValues(draftKey, values as DraftValues));
    return () => subscription.unsubscribe();
  }, [watch, draftKey]);

  // the fill-time clock starts when the form is first on screen, on the API's clock (a draft keeps its start)
  useEffect(() => {
    startOnce(draftKey).catch(() => undefined); // asked for again when the lead is sent
  }, [draftKey]);

  if (status === "sent") {
    return (
      <div className="leads-form__success" role="status">
        {success}
      </div>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setStatus("sending");
    const visible = Object.fromEntries(inputs.map((input) => [input.name, values[input.name]]));
    const lead = {
      ...hidden,
      ...visible,
      marketing_opt_in: values.marketing_opt_in,
      // CASL: the API records the exact wording of this version as what the visitor agreed to
      ...(values.marketing_opt_in ? { consent_version: MARKETING_CONSENT.version } : {}),
      form,
      destination: rules.destination,
      "-url": window.location.href,
    };
    // the same content resent (a retry after a failure) keeps its key, so the API stores it once
    const fingerprint = JSON.stringify(lead);
    const store = useDraftStore.getState();
    const previous = store.drafts[draftKey]?.attempt;
    const key = previous?.fingerprint === fingerprint ? previous.key : crypto.randomUUID();
    store.recordAttempt(draftKey, { key, fingerprint });
    try {
      const started = useDraftStore.getState().drafts[draftKey]?.started ?? (await startNow(draftKey));
      // the HTTP client loads when a visitor first sends: most who see a form never do
      const { captureLead } = await import("../api/capture-lead");
      await captureLead(
        {
          ...lead,
          [LEAD_SPAM_GUARD.honeypotField]: honeypot.current?.value ?? "",
          [LEAD_SPAM_GUARD.startedField]: started,
        },
        key,
        { onNewKey: (renewed) => useDraftStore.getState().recordAttempt(draftKey, { key: renewed, fingerprint }) },
      );
      useDraftStore.getState().forget(draftKey);
      setStatus("sent");
    } catch (error) {
      // the API's reasons for refusing what was typed go next to the fields; everything stays as typed
      const refused = refusedFields(error);
      let shown = false;
      for (const input of inputs) {
        const reason = refused[input.name]?.[0];
        if (reason) {
          setError(input.name, { type: "server", message: `${input.label}: ${reason}` });
          shown = true;
        }
      }
      setStatus(shown ? "refused" : "failed");
    }
  });

  const field = ({ name, label, type = "text", wide }: LeadInput) => {
    const required = rules.requireContact && (name === "first_name" || name === "email");
    const error = errors[name];
    const showError = Boolean(error) && (touchedFields[name] || isSubmitted);
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const common = {
      id: inputId,
      className: `leads-form__input${showError ? " leads-form__input--invalid" : ""}`,
      "aria-invalid": showError,
      "aria-describedby": showError ? errorId : undefined,
      "aria-required": required,
      placeholder: placeholders ? label : undefined,
      ...register(name, {
        required: required ? `${label} is required` : false,
        ...(name === "email" && rules.emailFormat
          ? { pattern: { value: EMAIL_PATTERN, message: "Enter a valid email address" } }
          : {}),
        validate: {
          // the API's rule (shared-types isStorableText): said here, next to the field, before anything is sent
          storable: (value: string) =>
            isStorableText(value, type === "textarea") ||
            `${label} contains invisible characters we can't accept: please retype it`,
          // CASL: offers by email need an address to send them to (the API applies the same rule)
          ...(name === "email"
            ? {
                consent: (value: string, formValues: FormValues) =>
                  !formValues.marketing_opt_in ||
                  EMAIL_PATTERN.test(value) ||
                  "Enter your email address to receive our offers",
              }
            : {}),
        },
      }),
    };
    return (
      <div key={name} className={`leads-form__field${wide || type === "textarea" ? " leads-form__field--wide" : ""}`}>
        <label htmlFor={inputId} className={placeholders ? "leads-visually-hidden" : "leads-form__label"}>
          {label}
          {required ? <span aria-hidden="true"> *</span> : null}
        </label>
        {type === "textarea" ? (
          <textarea rows={4} {...common} />
        ) : (
          <input
            type={type}
            autoComplete={AUTOCOMPLETE[name]}
            inputMode={type === "email" ? "email" : type === "tel" ? "tel" : undefined}
            {...common}
          />
        )}
        {showError ? (
          <p id={errorId} className="leads-form__error" role="alert">
            {error?.message}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      className={`leads-form leads-form--${form}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={heading ? `${id}-heading` : undefined}
      data-lead-form={form}
    >
      {heading ? (
        <h2 id={`${id}-heading`} className="leads-form__heading">
          {heading}
        </h2>
      ) : null}
      <div className="leads-form__grid">{inputs.map(field)}</div>
      {/* people never see this field (the host inlines this team's CSS in every page); bots that fill every input do */}
      <div className="leads-form__trap" aria-hidden="true">
        <label htmlFor={`${id}-${LEAD_SPAM_GUARD.honeypotField}`}>Website</label>
        <input
          ref={honeypot}
          id={`${id}-${LEAD_SPAM_GUARD.honeypotField}`}
          name={LEAD_SPAM_GUARD.honeypotField}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <label className="leads-form__consent">
        <input type="checkbox" {...register("marketing_opt_in", { deps: ["email"] })} />
        <span>{MARKETING_CONSENT.text}</span>
      </label>
      {status === "failed" || status === "refused" ? (
        <p className="leads-form__failure" role="alert">
          {status === "refused" ? LEAD_MESSAGES.refused : LEAD_MESSAGES.failure}
        </p>
      ) : null}
      <button type="submit" className="leads-button" disabled={status === "sending"}>
        {status === "sending" ? "Sending..." : submitLabel}
      </button>
      <p className="leads-form__fine-print">
        {business.name}, {business.address.line1}, {business.address.line2} · {business.primary_email} ·{" "}
        <Link to={paths.privacy()}>How we use what you send us</Link>
      </p>
    </form>
  );
}

/** The fields a 400 from the API names, with its reasons (ApiErrorBody.fields). */
function refusedFields(error: unknown): Record<string, string[]> {
  const response = (error as { response?: { status?: number; data?: { fields?: unknown } } }).response;
  const fields = response?.status === 400 ? response.data?.fields : undefined;
  return fields && typeof fields === "object" ? (fields as Record<string, string[]>) : {};
}

/** Starts being asked for, by draft: a form mounted twice (development's strict mode) asks once. */
const starting = new Map<string, Promise<string>>();

function startOnce(draftKey: string): Promise<string> {
  const known = useDraftStore.getState().drafts[draftKey]?.started;
  if (known) return Promise.resolve(known);
  let pending = starting.get(draftKey);
  if (!pending) {
    pending = fetchFormStart().then((started) => {
      useDraftStore.getState().recordStart(draftKey, started);
      return started;
    });
    starting.set(draftKey, pending);
    // settled either way: a later form asks again if this one failed, or reads the draft if it worked
    pending.finally(() => starting.delete(draftKey)).catch(() => undefined);
  }
  return pending;
}

/**
 * A start asked for at the last moment (the one asked for when the form appeared never came): the API would read
 * an instant submission as a bot's, so the lead waits out the minimum fill time before it is sent.
 */
async function startNow(draftKey: string): Promise<string> {
  const started = await fetchFormStart();
  useDraftStore.getState().recordStart(draftKey, started);
  await new Promise((resolve) => setTimeout(resolve, LEAD_SPAM_GUARD.minFillMs));
  return started;
}

const AUTOCOMPLETE: Partial<Record<LeadInputName, string>> = {
  first_name: "given-name",
  last_name: "family-name",
  company: "organization",
  email: "email",
  day_phone: "tel",
};
