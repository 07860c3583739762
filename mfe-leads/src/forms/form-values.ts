import type { LeadInput } from "shared-types";
import { LEAD_SPAM_GUARD, LEAD_TEXT_FIELDS, type LeadTextField } from "shared-types";
import type { DraftValues } from "../stores/draft-store";

/** What a form holds: every text field a form may show, and the marketing opt-in. */
export type FormValues = Record<LeadTextField, string> & { marketing_opt_in: boolean };

export const TEXT_FIELDS = Object.keys(LEAD_TEXT_FIELDS) as LeadTextField[];
export const EMPTY_VALUES: FormValues = {
  ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, ""])) as Record<LeadTextField, string>),
  marketing_opt_in: false,
};

export function pickValues(values: DraftValues | Record<string, string>): Partial<FormValues> {
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
 * the first render in the browser, before React and the form's fields (useFormFields) take the inputs over.
 */
export function readFormOnPage(
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
