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

/**
 * When the page was served, as the API signed it: rendered into every form's HTML, so the fill-time guard counts
 * from the moment the visitor could first see the form, whether or not its code ever runs.
 */
export const formStartResource = defineResource("leads:form-start", async () =>
  (await import("./page-form-start")).fetchFormStartForPage(),
);

/** The visitor's fleet quote list, by its key (their cookie's value, read on the server: the page is theirs alone). */
export const fleetQuoteResource = defineResource("leads:fleet-quote", async (token: string) =>
  (await import("./fleet-quote")).readFleetQuote(token),
);
