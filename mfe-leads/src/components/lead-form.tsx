import { type FormEvent, useEffect, useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Link, useResource, useServerRender, useSite, useSubmittedForm } from "remote-kit";
import { FORM_FIELD, NATIVE_SUBMIT_ATTRIBUTE } from "remote-kit/protocol";
import {
  LEAD_FORMS,
  LEAD_SPAM_GUARD,
  LEAD_TEXT_FIELDS,
  type LeadFields,
  type LeadFormId,
  type LeadTextField,
  MARKETING_CONSENT,
  paths,
} from "shared-types";
import { fetchFormStart } from "../api/form-start";
import { formStartResource } from "../api/resources";
import { LEAD_MESSAGES } from "../copy";
import { formKey, LEAD_FORM_DEFINITIONS, type LeadInput, labelsOf } from "../forms/form-definitions";
import { type DraftValues, useDraftStore } from "../stores/draft-store";
// each form is exposed on its own and rendered inside other teams' pages: it brings its styles with it
import "../leads.css";

export type FormValues = Record<LeadTextField, string> & { marketing_opt_in: boolean };

export interface LeadFormProps {
  form: LeadFormId;
  /** What the visible fields start with (a prefilled message, a make and model). A saved draft wins. */
  initialValues?: Partial<Record<LeadTextField, string>>;
  /** Sent with the lead but not typed by the visitor: stock number, model, customer action. */
  hidden?: Partial<LeadFields>;
  /** Tells forms of one kind apart (two on one page, or one per unit): their drafts, and a post without scripts. */
  draftScope?: string;
  /** Where the form's heading depends on where it is shown (the booking form's service or body shop). */
  heading?: string;
}

type Status = "idle" | "sending" | "sent" | "failed" | "refused";

const TEXT_FIELDS = Object.keys(LEAD_TEXT_FIELDS) as LeadTextField[];
const EMPTY_VALUES: FormValues = {
  ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, ""])) as Record<LeadTextField, string>),
  marketing_opt_in: false,
};

function pickValues(values: DraftValues | Record<string, string>): Partial<FormValues> {
  const picked: Partial<Record<keyof FormValues, string | boolean>> = {};
  for (const name of TEXT_FIELDS) if (typeof values[name] === "string") picked[name] = values[name];
  const optIn = values.marketing_opt_in;
  if (typeof optIn === "boolean") picked.marketing_opt_in = optIn;
  else if (typeof optIn === "string") picked.marketing_opt_in = optIn === "on" || optIn === "true";
  return picked as Partial<FormValues>;
}

/**
 * The form as it is on the page before its code arrived: what the visitor has typed since (only the fields that
 * differ from what the server rendered), and the start the server signed when it made the page. Read once, by
 * the first render in the browser, before React and the form library take the inputs over.
 */
function readFormOnPage(
  domId: string,
  inputs: readonly LeadInput[],
  shown: FormValues,
): { typed: Partial<FormValues>; started?: string } | null {
  if (typeof document === "undefined") return null;
  const start = document.getElementById(`${domId}-${LEAD_SPAM_GUARD.startedField}`) as HTMLInputElement | null;
  const typed: Partial<Record<keyof FormValues, string | boolean>> = {};
  for (const { name } of inputs) {
    const element = document.getElementById(`${domId}-${name}`) as HTMLInputElement | HTMLTextAreaElement | null;
    if (element && element.value !== shown[name]) typed[name] = element.value;
  }
  const optIn = document.getElementById(`${domId}-marketing_opt_in`) as HTMLInputElement | null;
  if (optIn && optIn.checked !== shown.marketing_opt_in) typed.marketing_opt_in = optIn.checked;
  return { typed: typed as Partial<FormValues>, started: start?.value || undefined };
}

/** The shared rules (shared-types leadFormValuesSchema), loaded when a form is first checked, not with the page. */
function sharedRules(form: LeadFormId): Resolver<FormValues> {
  return async (values, context, options) => {
    const [{ zodResolver }, { leadFormValuesSchema }] = await Promise.all([
      import("@hookform/resolvers/zod"),
      import("shared-types/schemas"),
    ]);
    const resolve = zodResolver(leadFormValuesSchema(form, labelsOf(form))) as unknown as Resolver<FormValues>;
    return resolve(values, context, options);
  };
}

/**
 * The engine behind every enquiry form. Its server HTML is a complete form that posts to the page it is on (the
 * host hands the post to team leads' server), so it works before and without its code. Once hydrated it checks
 * what is typed with the same rules, keeps a draft until the API acknowledges the lead, sends one idempotency key
 * per distinct submission with spam signals, and shows the states of SPEC §4 (sending, sent, failed with every
 * field kept). What was typed before it hydrated is kept, and a post the browser already started is not repeated.
 */
export function LeadForm({
  form,
  initialValues = {},
  hidden = {},
  draftScope = "",
  heading: headingHere,
}: LeadFormProps) {
  const definition = LEAD_FORM_DEFINITIONS[form];
  const { inputs, submitLabel, placeholders = false, thankYou } = definition;
  const heading = headingHere ?? definition.heading;
  const rules = LEAD_FORMS[form];
  const { business } = useSite();
  const key = formKey(form, draftScope);
  const formId = `leads:${key}`;
  // from the form's key, not useId: the form is its own island, rendered by the server in a tree of another shape
  const id = `leads-${key.replace(/:/g, "-")}`;
  const draftKey = `${form}:${draftScope || (typeof window === "undefined" ? "" : window.location.pathname)}`;
  const server = useServerRender();
  const submitted = useSubmittedForm(formId);
  const serverStart = useResource(server ? formStartResource : null);

  // what the server's HTML shows: the starting values, or what was sent without scripts and refused
  const shown: FormValues = { ...EMPTY_VALUES, ...initialValues, ...(submitted ? pickValues(submitted.values) : {}) };
  const [onPage] = useState(() => (server ? null : readFormOnPage(id, inputs, shown)));
  const pageStarted = server ? (serverStart.status === "done" ? serverStart.value : undefined) : onPage?.started;

  const [status, setStatus] = useState<Status>("idle");
  // read once per mounted form: begin() must not re-create a draft that was just sent
  const [draft] = useState(() => (server ? { values: {}, savedAt: 0 } : useDraftStore.getState().begin(draftKey)));
  const formRef = useRef<HTMLFormElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, touchedFields, dirtyFields, isSubmitted },
  } = useForm<FormValues>({
    mode: "onTouched",
    resolver: sharedRules(form),
    // the draft over the server's values, a refused post over the draft, and what was typed before hydration last
    defaultValues: {
      ...shown,
      ...pickValues(draft.values),
      ...(submitted ? pickValues(submitted.values) : {}),
      ...onPage?.typed,
    },
  });

  useEffect(() => {
    const subscription = watch((values) => useDraftStore.getState().saveValues(draftKey, values as DraftValues));
    return () => subscription.unsubscribe();
  }, [watch, draftKey]);

  // the fill-time clock starts when the page was served (the start the server signed into it), or, for a form the
  // browser rendered itself, when it appeared, on the API's clock; a draft keeps the earliest
  useEffect(() => {
    if (useDraftStore.getState().drafts[draftKey]?.started) return;
    if (pageStarted) useDraftStore.getState().recordStart(draftKey, pageStarted);
    else startOnce(draftKey).catch(() => undefined); // asked for again when the lead is sent
  }, [draftKey, pageStarted]);

  // the browser was already sending this form itself when its code arrived: the next page will say how it went
  useEffect(() => {
    if (formRef.current?.hasAttribute(NATIVE_SUBMIT_ATTRIBUTE)) setStatus("sending");
  }, []);

  if (status === "sent") {
    return (
      <div className="leads-form__success" role="status">
        {thankYou.heading ? <p className="leads-form__success-heading">{thankYou.heading}</p> : null}
        <p>{thankYou.text}</p>
      </div>
    );
  }

  const send = handleSubmit(async (values) => {
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
    const idempotencyKey = previous?.fingerprint === fingerprint ? previous.key : crypto.randomUUID();
    store.recordAttempt(draftKey, { key: idempotencyKey, fingerprint });
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
        idempotencyKey,
        {
          onNewKey: (renewed) => useDraftStore.getState().recordAttempt(draftKey, { key: renewed, fingerprint }),
        },
      );
      useDraftStore.getState().forget(draftKey);
      setStatus("sent");
    } catch (error) {
      // the API's reasons for refusing what was typed go next to the fields; everything stays as typed
      const refused = refusedFields(error);
      let shownReason = false;
      for (const input of inputs) {
        const reason = refused[input.name]?.[0];
        if (reason) {
          setError(input.name, { type: "server", message: `${input.label}: ${reason}` });
          shownReason = true;
        }
      }
      setStatus(shownReason ? "refused" : "failed");
    }
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // a post the browser started before this code arrived is on its way: never send the same lead twice
    if (event.currentTarget.hasAttribute(NATIVE_SUBMIT_ATTRIBUTE) || status === "sending") {
      event.preventDefault();
      return;
    }
    void send(event);
  };

  const field = ({ name, label, type = "text", wide }: LeadInput) => {
    const required = rules.requireContact && (name === "first_name" || name === "email");
    const checked = errors[name]?.message && (touchedFields[name] || isSubmitted) ? errors[name]?.message : undefined;
    // a reason from a post without scripts stays until the field is changed
    const message = checked ?? (!dirtyFields[name] ? submitted?.errors[name] : undefined);
    const inputId = `${id}-${name}`;
    const errorId = `${inputId}-error`;
    const common = {
      id: inputId,
      className: `leads-form__input${message ? " leads-form__input--invalid" : ""}`,
      "aria-invalid": Boolean(message),
      "aria-describedby": message ? errorId : undefined,
      "aria-required": required,
      placeholder: placeholders ? label : undefined,
      defaultValue: shown[name],
      ...register(name),
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
        {message ? (
          <p id={errorId} className="leads-form__error" role="alert">
            {message}
          </p>
        ) : null}
      </div>
    );
  };

  const failure =
    status === "failed"
      ? LEAD_MESSAGES.failure
      : status === "refused"
        ? LEAD_MESSAGES.refused
        : status === "idle" && submitted
          ? (submitted.message ?? LEAD_MESSAGES.refused)
          : null;

  return (
    <form
      ref={formRef}
      className={`leads-form leads-form--${form}`}
      method="post"
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
      {/* what a post without scripts needs: whose form it is, when the page was served, what the visitor did not type */}
      <input type="hidden" name={FORM_FIELD} value={formId} />
      {pageStarted ? (
        <input
          type="hidden"
          id={`${id}-${LEAD_SPAM_GUARD.startedField}`}
          name={LEAD_SPAM_GUARD.startedField}
          value={pageStarted}
        />
      ) : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value ?? "")} />
      ))}
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
        <input
          type="checkbox"
          id={`${id}-marketing_opt_in`}
          defaultChecked={shown.marketing_opt_in}
          {...register("marketing_opt_in", { deps: ["email"] })}
        />
        <span>{MARKETING_CONSENT.text}</span>
      </label>
      {failure ? (
        <p className="leads-form__failure" role="alert">
          {failure}
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

const AUTOCOMPLETE: Partial<Record<LeadTextField, string>> = {
  first_name: "given-name",
  last_name: "family-name",
  company: "organization",
  email: "email",
  day_phone: "tel",
};
