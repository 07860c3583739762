import type { FormOutcome, FormPost } from "remote-kit/protocol";
import { paths, SAVED_SEARCH_ACTIONS, SAVED_SEARCH_CONSENT, type SavedSearchAction } from "shared-types";
import { fieldReasons, savedSearchRequestSchema } from "shared-types/schemas";
import { z } from "zod/mini";
import { savedSearchAction, saveSearch } from "../api/saved-search";
import { SAVED_SEARCH_FORMS, SAVED_SEARCH_MESSAGES } from "../saved-search/saved-search-forms";

/**
 * "Email me new matches" and the buttons of a saved search's email links, sent without scripts: checked by the
 * shared rules, sent to the API, and answered with the saved search's page (303), or the page again with what was
 * typed and why.
 */
export async function submitSavedSearchForm(id: string, key: string, post: FormPost): Promise<FormOutcome | null> {
  if (key === SAVED_SEARCH_FORMS.save) return submitSaveSearch(id, post);
  if (key === SAVED_SEARCH_FORMS.action) return submitSavedSearchAction(id, post);
  return null;
}

/** "Email me new matches": the search saved, or the form again with why not. */
async function submitSaveSearch(id: string, post: FormPost): Promise<FormOutcome> {
  const values = {
    email: post.fields.email ?? "",
    search: post.fields.search ?? "",
    filters: post.fields.filters ?? "",
    ...(post.fields.consent ? { consent: "on" } : {}),
  };
  const again = (status: number, errors: Record<string, string>, message: string): FormOutcome => ({
    kind: "page",
    status,
    form: { id, values, errors, message },
  });
  const checked = z.safeParse(savedSearchRequestSchema, { ...values, consent: values.consent ?? false });
  if (!checked.success) return again(422, fieldReasons(checked.error), SAVED_SEARCH_MESSAGES.refused);
  const answer = await saveSearch(
    { ...checked.data, consent_version: SAVED_SEARCH_CONSENT.version, "-url": post.pageUrl },
    post.clientIp,
  );
  if (answer.kind === "done") return { kind: "redirect", location: `${paths.savedSearch()}?done=sent` };
  if (answer.kind === "refused") return again(400, answer.fields, answer.message || SAVED_SEARCH_MESSAGES.refused);
  return again(503, {}, answer.message || SAVED_SEARCH_MESSAGES.failure);
}

/** A button of a saved search's email link (confirm, unsubscribe, renew): done, or the page again with why not. */
async function submitSavedSearchAction(id: string, post: FormPost): Promise<FormOutcome> {
  const action = post.fields.do as SavedSearchAction;
  const values = { id: post.fields.id ?? "", token: post.fields.token ?? "", do: post.fields.do ?? "" };
  const again = (status: number, message: string): FormOutcome => ({
    kind: "page",
    status,
    form: { id, values, errors: {}, message },
  });
  if (!SAVED_SEARCH_ACTIONS.includes(action)) return again(400, SAVED_SEARCH_MESSAGES.badLink);
  const answer = await savedSearchAction(values.id, action, values.token);
  if (answer.kind === "done") {
    return { kind: "redirect", location: `${paths.savedSearch()}?done=${encodeURIComponent(answer.status)}` };
  }
  if (answer.kind === "refused") return again(400, answer.message || SAVED_SEARCH_MESSAGES.badLink);
  return again(503, SAVED_SEARCH_MESSAGES.failure);
}
