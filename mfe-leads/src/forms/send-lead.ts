import type { LeadInput } from "shared-types";
import { LEAD_FORMS, LEAD_SPAM_GUARD, type LeadFields, type LeadFormId, MARKETING_CONSENT } from "shared-types";
import { useDraftStore } from "../stores/draft-store";
import { startNow } from "./form-start-clock";
import type { FormValues } from "./form-values";

/** What a form sends that the visitor does not type: the unit or model, the customer action, a fleet quote's list. */
export type LeadHiddenFields = Partial<LeadFields> & { fleet_list?: string };

/** The hidden fields a lead form takes from what was posted, or from the page it is on (fieldsFromPage). */
export const HIDDEN_FIELDS = ["stock_number", "vin", "make", "model", "customer_action", "message"] as const;

/**
 * The hidden fields the page a form is on gave it from outside (`form="<its id>"`, shared-types leadFormElementId):
 * a unit's page says which unit the enquiry is about. A browser posts them with the form without scripts too.
 */
export function fieldsFromPage(form: HTMLFormElement | null): LeadHiddenFields {
  if (!form) return {};
  const given: LeadHiddenFields = {};
  for (const name of HIDDEN_FIELDS) {
    const element = form.elements.namedItem(name);
    if (element instanceof HTMLInputElement && element.type === "hidden" && !form.contains(element))
      given[name] = element.value;
  }
  return given;
}

export interface LeadSubmission {
  form: LeadFormId;
  /** The fields this form shows, of everything it holds. */
  inputs: readonly LeadInput[];
  values: FormValues;
  /** Sent with the lead but not typed by the visitor: stock number, model, customer action. */
  hidden: LeadHiddenFields;
  draftKey: string;
  /** What the field people never see holds (bots fill it). */
  honeypot: string;
}

/**
 * Sends a lead once: one idempotency key per distinct content (a retry after a failure keeps it, so the API stores
 * it once), the spam guard's signals, the CASL wording's version with an opt-in. Resolves once the API has
 * committed it; the draft is then forgotten. Throws what the API answered otherwise (refusedFields reads it).
 */
export async function sendLead({
  form,
  inputs,
  values,
  hidden,
  draftKey,
  honeypot,
}: LeadSubmission): Promise<{ id: string }> {
  const visible = Object.fromEntries(inputs.map((input) => [input.name, values[input.name]]));
  const lead = {
    ...hidden,
    ...visible,
    marketing_opt_in: values.marketing_opt_in,
    // CASL: the API records the exact wording of this version as what the visitor agreed to
    ...(values.marketing_opt_in ? { consent_version: MARKETING_CONSENT.version } : {}),
    form,
    destination: LEAD_FORMS[form].destination,
    "-url": window.location.href,
  };
  const fingerprint = JSON.stringify(lead);
  const store = useDraftStore.getState();
  const previous = store.drafts[draftKey]?.attempt;
  const idempotencyKey = previous?.fingerprint === fingerprint ? previous.key : crypto.randomUUID();
  store.recordAttempt(draftKey, { key: idempotencyKey, fingerprint });
  const started = useDraftStore.getState().drafts[draftKey]?.started ?? (await startNow(draftKey));
  // the HTTP client loads when a visitor first sends: most who see a form never do
  const { captureLead } = await import("../api/capture-lead");
  const receipt = await captureLead(
    { ...lead, [LEAD_SPAM_GUARD.honeypotField]: honeypot, [LEAD_SPAM_GUARD.startedField]: started },
    idempotencyKey,
    { onNewKey: (renewed) => useDraftStore.getState().recordAttempt(draftKey, { key: renewed, fingerprint }) },
  );
  useDraftStore.getState().forget(draftKey);
  return { id: receipt.id };
}

/** The fields a 400 from the API names, with its reasons (ApiErrorBody.fields). */
export function refusedFields(error: unknown): Record<string, string[]> {
  const response = (error as { response?: { status?: number; data?: { fields?: unknown } } }).response;
  const fields = response?.status === 400 ? response.data?.fields : undefined;
  return fields && typeof fields === "object" ? (fields as Record<string, string[]>) : {};
}
