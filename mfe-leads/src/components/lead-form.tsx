import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { Link, useResource, useServerRender, useSite, useSubmittedForm } from "remote-kit";
import { FORM_FIELD, NATIVE_SUBMIT_ATTRIBUTE, type SubmittedForm } from "remote-kit/protocol";
import {
  LEAD_SPAM_GUARD,
  type LeadFormId,
  type LeadInput,
  type LeadTextField,
  type LeadThankYou,
  leadForm,
  leadFormElementId,
  leadReference,
  MARKETING_CONSENT,
  paths,
  requiredFields,
} from "shared-types";
import { formStartResource } from "../api/form-start-resource";
import { LEAD_MESSAGES } from "../copy";
import { formKey } from "../forms/form-definitions";
import { startOnce } from "../forms/form-start-clock";
import { EMPTY_VALUES, type FormValues, pickValues, readFormOnPage } from "../forms/form-values";
import { fieldsFromPage, type LeadHiddenFields, refusedFields, sendLead } from "../forms/send-lead";
import { sharedRules } from "../forms/shared-rules";
import { type FieldRegistration, useFormFields } from "../forms/use-form-fields";
import { type DraftValues, useDraftStore } from "../stores/draft-store";
import { LeadField } from "./lead-field";
// each form is exposed on its own and rendered inside other teams' pages: it brings its styles with it
import "../leads.css";

export interface LeadFormProps {
  form: LeadFormId;
  /** What the visible fields start with (a prefilled message, a make and model). A saved draft wins. */
  initialValues?: Partial<Record<LeadTextField, string>>;
  /** Sent with the lead but not typed by the visitor: stock number, model, customer action, a fleet quote's list. */
  hidden?: LeadHiddenFields;
  /** Tells forms of one kind apart (two on one page, or one per unit): their drafts, and a post without scripts. */
  draftScope?: string;
  /** Where the form's heading depends on where it is shown (the booking form's service or body shop). */
  heading?: string;
}

type Status = "idle" | "sending" | "sent" | "failed" | "refused";

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
  const definition = leadForm(form);
  const { inputs, submitLabel, placeholders = false, thankYou } = definition;
  const heading = headingHere ?? definition.heading;
  const { formId, id, draftKey } = formNames(form, draftScope);
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
  const [check] = useState(() => sharedRules(form));
  const fields = useFormFields<FormValues>({
    check,
    onValuesChange: (values) => useDraftStore.getState().saveValues(draftKey, values as DraftValues),
    // the draft over the server's values, a refused post over the draft, and what was typed before hydration last
    defaultValues: {
      ...shown,
      ...pickValues(draft.values),
      ...(submitted ? pickValues(submitted.values) : {}),
      ...onPage?.typed,
    },
  });

  useFillClock(draftKey, pageStarted);

  // the browser was already sending this form itself when its code arrived: the next page will say how it went
  useEffect(() => {
    if (formRef.current?.hasAttribute(NATIVE_SUBMIT_ATTRIBUTE)) setStatus("sending");
  }, []);

  if (status === "sent") return <ThankYou thankYou={thankYou} />;

  const { register, handleSubmit, setError } = fields;
  const send = handleSubmit(async (values) => {
    setStatus("sending");
    try {
      const landed = await sendLeadAndLand({
        form,
        inputs,
        values,
        // what the page says the form is about, under what the form was told itself
        hidden: { ...fieldsFromPage(formRef.current), ...hidden },
        draftKey,
        honeypot: honeypot.current?.value ?? "",
      });
      if (!landed) setStatus("sent");
    } catch (error) {
      // the API's reasons for refusing what was typed go next to the fields; everything stays as typed
      setStatus(showRefusal(refusedFields(error), inputs, setError) ? "refused" : "failed");
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

  const required = new Set<LeadTextField>(requiredFields(form));
  const field = (input: LeadInput) => (
    <FormField
      key={input.name}
      input={input}
      inputId={`${id}-${input.name}`}
      required={required.has(input.name)}
      placeholders={placeholders}
      fields={fields}
      submitted={submitted}
      defaultValue={shown[input.name]}
    />
  );

  const failure = failureMessage(status, submitted);

  return (
    <form
      ref={formRef}
      id={id}
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
      <PostedFields id={id} formId={formId} pageStarted={pageStarted} hidden={hidden} />
      <div className="leads-form__grid">{inputs.map(field)}</div>
      <SpamTrap id={id} honeypot={honeypot} />
      <MarketingConsent
        id={id}
        checked={shown.marketing_opt_in}
        registration={register("marketing_opt_in", { deps: ["email"] })}
      />
      {failure ? (
        <p className="leads-form__failure" role="alert">
          {failure}
        </p>
      ) : null}
      <button type="submit" className="leads-button" disabled={status === "sending"}>
        {status === "sending" ? "Sending..." : submitLabel}
      </button>
      <FinePrint />
    </form>
  );
}

/** The form's names: whose it is in a post, its element's id, and the key of its draft. */
function formNames(form: LeadFormId, draftScope: string) {
  const key = formKey(form, draftScope);
  return {
    formId: `leads:${key}`,
    // from the form's key, not useId: the form is its own island, rendered by the server in a tree of another shape
    id: leadFormElementId(key),
    draftKey: `${form}:${draftScope || (typeof window === "undefined" ? "" : window.location.pathname)}`,
  };
}

/**
 * The fill-time clock starts when the page was served (the start the server signed into it), or, for a form the
 * browser rendered itself, when it appeared, on the API's clock; a draft keeps the earliest.
 */
function useFillClock(draftKey: string, pageStarted: string | undefined): void {
  useEffect(() => {
    if (useDraftStore.getState().drafts[draftKey]?.started) return;
    if (pageStarted) useDraftStore.getState().recordStart(draftKey, pageStarted);
    else startOnce(draftKey).catch(() => undefined); // asked for again when the lead is sent
  }, [draftKey, pageStarted]);
}

/** The box a visitor ticks to hear of offers. */
function MarketingConsent({
  id,
  checked,
  registration,
}: {
  id: string;
  checked: boolean;
  registration: FieldRegistration;
}) {
  return (
    <label className="leads-form__consent">
      <input type="checkbox" id={`${id}-marketing_opt_in`} defaultChecked={checked} {...registration} />
      <span>{MARKETING_CONSENT.text}</span>
    </label>
  );
}

/** One field as its form has it now: a reason shown once the field is left or the form sent. */
function FormField({
  input,
  inputId,
  required,
  placeholders,
  fields: { errors, touched, dirty, isSubmitted, register },
  submitted,
  defaultValue,
}: {
  input: LeadInput;
  inputId: string;
  required: boolean;
  placeholders: boolean;
  fields: ReturnType<typeof useFormFields<FormValues>>;
  submitted: SubmittedForm | null;
  defaultValue: string;
}) {
  const { name } = input;
  const checked = errors[name] && (touched[name] || isSubmitted) ? errors[name] : undefined;
  return (
    <LeadField
      input={input}
      inputId={inputId}
      required={required}
      placeholders={placeholders}
      // a reason from a post without scripts stays until the field is changed
      message={checked ?? (!dirty[name] ? submitted?.errors[name] : undefined)}
      defaultValue={defaultValue}
      registration={register(name)}
    />
  );
}

/**
 * Sends the lead. A request that confirms (the fleet quote) then lands where it does without scripts (its
 * reference, the way back): true when the page is left so.
 */
async function sendLeadAndLand(lead: Parameters<typeof sendLead>[0]): Promise<boolean> {
  const { id } = await sendLead(lead);
  if (!leadForm(lead.form).confirmation) return false;
  const query = new URLSearchParams({ form: lead.form, from: window.location.pathname, ref: leadReference(id) });
  window.location.assign(`${paths.thankYou()}?${query}`);
  return true;
}

/** What the form says once the lead is sent. */
function ThankYou({ thankYou }: { thankYou: LeadThankYou }) {
  return (
    <div className="leads-form__success" role="status">
      {thankYou.heading ? <p className="leads-form__success-heading">{thankYou.heading}</p> : null}
      <p>{thankYou.text}</p>
    </div>
  );
}

/** Puts the API's reasons for refusing what was typed next to the fields; true when there was one. */
function showRefusal(
  refused: Record<string, string[] | undefined>,
  inputs: readonly LeadInput[],
  setError: (name: LeadTextField, message: string) => void,
): boolean {
  let shownReason = false;
  for (const input of inputs) {
    const reason = refused[input.name]?.[0];
    if (reason) {
      setError(input.name, `${input.label}: ${reason}`);
      shownReason = true;
    }
  }
  return shownReason;
}

/** What the form says above its button when the lead was not taken: sent with scripts, or without them. */
function failureMessage(status: Status, submitted: SubmittedForm | null): string | null {
  if (status === "failed") return LEAD_MESSAGES.failure;
  if (status === "refused") return LEAD_MESSAGES.refused;
  if (status === "idle" && submitted) return submitted.message ?? LEAD_MESSAGES.refused;
  return null;
}

/** What a post without scripts needs: whose form it is, when the page was served, what the visitor did not type. */
function PostedFields({
  id,
  formId,
  pageStarted,
  hidden,
}: {
  id: string;
  formId: string;
  pageStarted: string | undefined;
  hidden: LeadHiddenFields;
}) {
  return (
    <>
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
    </>
  );
}

/** People never see this field (the host inlines this team's CSS in every page); bots that fill every input do. */
function SpamTrap({ id, honeypot }: { id: string; honeypot: RefObject<HTMLInputElement | null> }) {
  return (
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
  );
}

/** Who the visitor writes to, and how what they send is used. */
function FinePrint() {
  const { business } = useSite();
  return (
    <p className="leads-form__fine-print">
      {business.name}, {business.address.line1}, {business.address.line2} · {business.primary_email} ·{" "}
      <Link to={paths.privacy()}>How we use what you send us</Link>
    </p>
  );
}
