import { type BusinessDetails, REMOTE_NAMES, SEED_BUSINESS_DETAILS } from "shared-types";
import { SITE_CONTEXT_ELEMENT_ID } from "./protocol.js";
import type { SiteDocument } from "./site-context.js";

/**
 * The dealership's details unit tests render with, as the API serves them when first seeded. Test data: the site
 * itself reads them from the API at run time (the host server writes them into every page).
 */
export const TEST_BUSINESS_DETAILS: BusinessDetails = SEED_BUSINESS_DETAILS;

/** The site context unit tests render with: the page the host would write. */
export const TEST_SITE: SiteDocument = {
  siteUrl: "https://summitheavyfleet.ca",
  business: TEST_BUSINESS_DETAILS,
  remotes: Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
  ) as SiteDocument["remotes"],
  composed: null,
};

/** Writes the host's page data into the test document, so useSite() and peer data work as inside the host. */
export function installSiteDocument(site: SiteDocument = TEST_SITE): void {
  document.getElementById(SITE_CONTEXT_ELEMENT_ID)?.remove();
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = SITE_CONTEXT_ELEMENT_ID;
  element.textContent = JSON.stringify(site);
  document.body.append(element);
}
