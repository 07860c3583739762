import { FORM_FIELD, type FormOutcome, type FormPost, formOwner, type SubmittedForm } from "remote-kit/protocol";
import { FormNotOwnedError } from "remote-kit/render";
import {
  LEAD_FORMS,
  LEAD_SPAM_GUARD,
  type LeadCaptureRequest,
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
  if (!checked.success) {
    const errors: Record<string, string> = {};
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? "");
      errors[field] ??= issue.message;
    }
    return shownAgain(422, errors);
  }

  // what the form carries but the visitor did not type: checked like everything else by the API's own schema
  const hidden = Object.fromEntries(
    HIDDEN_FIELDS.filter((name) => !inputs.some((input) => input.name === name) && post.fields[name] !== undefined).map(
      (name) => [name, post.fields[name] ?? ""],
    ),
  );
  const visible = Object.fromEntries(inputs.map(({ name }) => [name, checked.data[name]]));
  const lead: LeadCaptureRequest = {
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
  // a hidden field edited into something the API cannot take is refused here, not sent
  if (!z.safeParse(leadFieldsSchema, lead).success) return shownAgain(400, {}, LEAD_MESSAGES.failure);

  const answer = await client.capture(lead, post.clientIp);
  if (answer.kind === "stored") {
    const reference = leadForm(form).confirmation ? leadReference(answer.id) : undefined;
    return { kind: "redirect", location: thankYouPath(form, post.path, reference) };
  }
  if (answer.kind === "refused") {
    const errors: Record<string, string> = {};
    for (const input of inputs) {
      const reason = answer.fields[input.name]?.[0];
      if (reason) errors[input.name] = `${input.label}: ${reason}`;
    }
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
