import { FORM_FIELD, type FormOutcome, type FormPost, formOwner, type SubmittedForm } from "remote-kit/protocol";
import { FormNotOwnedError } from "remote-kit/render";
import {
  LEAD_FORMS,
  LEAD_SPAM_GUARD,
  type LeadCaptureRequest,
  type LeadFormId,
  type LeadTextField,
  leadForm,
  leadFormLabels,
  leadReference,
  MARKETING_CONSENT,
} from "shared-types";
import { leadFieldsSchema, leadFormValuesSchema } from "shared-types/schemas";
import { z } from "zod/mini";
import type { ServerLeadClient } from "../api/server-capture";
import { LEAD_MESSAGES } from "../copy";
import { formFromKey } from "../forms/form-definitions";
import { HIDDEN_FIELDS } from "../forms/send-lead";
import { thankYouPath } from "../forms/thank-you-path";
import { fleetQuoteToken, submitFleetQuoteForm } from "./submit-fleet-quote-form";
import { submitSavedSearchForm } from "./submit-saved-search-form";

/**
 * One of team leads' forms sent without scripts (the host hands it over with the page it came from): checked with
 * the form's own rules (the same schema the form uses with scripts), sent to the API as the browser would have
 * sent it, and answered with the thank-you page (303), or the page again with what was typed and why (4xx, 503).
 */
export async function submitLeadForm(post: FormPost, client: ServerLeadClient): Promise<FormOutcome> {
  const id = post.fields[FORM_FIELD] ?? "";
  const owner = formOwner(id);
  const fleetQuoteChange = owner?.remote === "leads" ? await submitFleetQuoteForm(id, owner.key, post) : null;
  if (fleetQuoteChange) return fleetQuoteChange;
  const savedSearch = owner?.remote === "leads" ? await submitSavedSearchForm(id, owner.key, post) : null;
  if (savedSearch) return savedSearch;
  const form = owner?.remote === "leads" ? formFromKey(owner.key) : null;
  if (!form) throw new FormNotOwnedError(`leads has no form ${id}`);
  const { inputs } = leadForm(form);
  const typed = Object.fromEntries(inputs.map(({ name }) => [name, post.fields[name] ?? ""])) as Record<
    LeadTextField,
    string
  >;
  const optIn = post.fields.marketing_opt_in === "on" || post.fields.marketing_opt_in === "true";
  const shownAgain = (status: number, errors: Record<string, string>, message?: string): FormOutcome => {
    const form: SubmittedForm = {
      id,
      values: { ...typed, ...(optIn ? { marketing_opt_in: "on" } : {}) },
      errors,
      ...(message ? { message } : {}),
    };
    return { kind: "page", status, form };
  };

  const checked = z.safeParse(leadFormValuesSchema(form, leadFormLabels(form)), { ...typed, marketing_opt_in: optIn });
  if (!checked.success) return shownAgain(422, firstReasons(checked.error.issues));

  const lead = leadToSend(form, post, { ...checked.data, marketing_opt_in: optIn });
  // a hidden field edited into something the API cannot take is refused here, not sent
  if (!z.safeParse(leadFieldsSchema, lead).success) return shownAgain(400, {}, LEAD_MESSAGES.failure);

  const answer = await client.capture(lead, post.clientIp);
  if (answer.kind === "stored") {
    const reference = leadForm(form).confirmation ? leadReference(answer.id) : undefined;
    return { kind: "redirect", location: thankYouPath(form, post.path, reference) };
  }
  if (answer.kind === "refused") {
    const errors = refusedFields(form, answer.fields);
    // a reason about no field the visitor typed (an empty fleet quote) is said for the whole form
    const listReason = answer.fields.fleet_list?.[0];
    return shownAgain(
      400,
      errors,
      Object.keys(errors).length > 0 ? LEAD_MESSAGES.refused : (listReason ?? LEAD_MESSAGES.failure),
    );
  }
  if (answer.kind === "limited") return shownAgain(429, {}, answer.message);
  return shownAgain(503, {}, LEAD_MESSAGES.failure);
}

/** Each field's first reason it was refused. */
function firstReasons(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The lead as the browser would send it: what the visitor typed (checked) and what the form carries besides. */
function leadToSend(
  form: LeadFormId,
  post: FormPost,
  typed: Record<LeadTextField, string | undefined> & { marketing_opt_in: boolean },
): LeadCaptureRequest {
  const { inputs } = leadForm(form);
  const optIn = typed.marketing_opt_in;
  // what the form carries but the visitor did not type: checked like everything else by the API's own schema
  const hidden = Object.fromEntries(
    HIDDEN_FIELDS.filter((name) => !inputs.some((input) => input.name === name) && post.fields[name] !== undefined).map(
      (name) => [name, post.fields[name] ?? ""],
    ),
  );
  const visible = Object.fromEntries(inputs.map(({ name }) => [name, typed[name]]));
  return {
    ...hidden,
    ...visible,
    marketing_opt_in: optIn,
    ...(optIn ? { consent_version: MARKETING_CONSENT.version } : {}),
    form,
    destination: LEAD_FORMS[form].destination,
    "-url": post.pageUrl,
    // the fleet quote asks for what the visitor's list holds: its key is their cookie's
    ...(form === "fleet-quote" ? { fleet_list: fleetQuoteToken(post) } : {}),
    [LEAD_SPAM_GUARD.honeypotField]: post.fields[LEAD_SPAM_GUARD.honeypotField] ?? "",
    ...(post.fields[LEAD_SPAM_GUARD.startedField]
      ? { [LEAD_SPAM_GUARD.startedField]: post.fields[LEAD_SPAM_GUARD.startedField] }
      : {}),
  };
}

/** The API's reasons for the fields the visitor typed, each with the field's label. */
function refusedFields(form: LeadFormId, fields: Record<string, string[] | undefined>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const input of leadForm(form).inputs) {
    const reason = fields[input.name]?.[0];
    if (reason) errors[input.name] = `${input.label}: ${reason}`;
  }
  return errors;
}
