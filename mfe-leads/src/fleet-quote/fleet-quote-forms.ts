import { FLEET_QUOTE_ADD } from "shared-types";

/**
 * The fleet quote's own forms, by the key after "leads:" in FORM_FIELD: the add button (any team's page, posting to
 * the list: shared-types FLEET_QUOTE_ADD), a line's quantity and notes (":<line id>"), a trade-in added, one removed
 * (":<trade-in id>"). The request itself is the lead form "fleet-quote" (shared-types LEAD_FORMS).
 */
export const FLEET_QUOTE_FORMS = {
  add: FLEET_QUOTE_ADD.form.slice("leads:".length),
  line: "fleet-quote-line",
  tradeIn: "fleet-quote-trade-in",
  removeTradeIn: "fleet-quote-trade-in-remove",
} as const;

export const FLEET_QUOTE_MESSAGES = {
  refused: "Please check the highlighted fields: we couldn't accept what was typed there.",
  failure: "We couldn't change your fleet quote just now. Please try again in a moment.",
} as const;

/** Where the list page's key (the visitor's cookie, read by the loader) is kept for the page (useStableValue). */
export const FLEET_QUOTE_TOKEN_KEY = "leads:fleet-quote-token";
