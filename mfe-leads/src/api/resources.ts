import { defineResource, loadDeclaredPeerData } from "remote-kit";
import { CACHE_TAGS, findInLineup } from "shared-types";
import CONSUMES from "../contracts/consumes";

/**
 * What the pages load, named so the server's loaders and the pages agree (remote-kit resources). The HTTP client
 * and the answer's schema load with the first request: a page hydrated from the server's data needs neither.
 */
export const unitResource = defineResource(
  "leads:unit",
  async (stockNumber: string) => (await import("./unit-lookup")).findUnit(stockNumber),
  { cacheTags: (_unit, stockNumber) => [CACHE_TAGS.unit(stockNumber)] },
);

/** Line-up models are team catalog's data, published beside its manifest for the inquiry and quote pages. */
export async function findLineupModel(id: string) {
  return findInLineup(await loadDeclaredPeerData(CONSUMES.data.lineup), id) ?? null;
}

export const lineupModelResource = defineResource("leads:lineup-model", findLineupModel);

/** How long leads are kept: the API's own settings, so the privacy notice never states a period the API does not apply. */
export const privacyFactsResource = defineResource("leads:privacy-facts", async () =>
  (await import("./consent")).fetchPrivacyFacts(),
);

// every form's signed start has a module of its own: a form's code loads it alone, not the pages' resources
export { formStartResource } from "./form-start-resource";

/** The visitor's fleet quote list, by its key (their cookie's value, read on the server: the page is theirs alone). */
export const fleetQuoteResource = defineResource("leads:fleet-quote", async (token: string) =>
  (await import("./fleet-quote")).readFleetQuote(token),
);
