/**
 * A saved search's forms, by the key after "leads:" in FORM_FIELD: "Email me new matches" (team leads' fragment on
 * the inventory page), and the one button of the page its emails' links open (confirm, unsubscribe, renew).
 */
export const SAVED_SEARCH_FORMS = { save: "saved-search", action: "saved-search-action" } as const;

export const SAVED_SEARCH_MESSAGES = {
  refused: "Please check the highlighted fields: we couldn't accept what was typed there.",
  failure: "We couldn't save your search just now. Please try again in a moment.",
  badLink: "This link is not valid: open the one in our email again, whole.",
} as const;
