import { type BusinessDetails, REMOTE_NAMES, WEEKDAYS } from "shared-types";
import { SITE_CONTEXT_ELEMENT_ID } from "./protocol.js";
import type { SiteDocument } from "./site-context.js";

const weekdays = (open: string, close: string) =>
  WEEKDAYS.slice(0, 5).map((day) => ({ day, segments: [{ open, close }] }));

/**
 * The dealership's details unit tests render with, as the API serves them when first seeded. Test data: the site
 * itself reads them from the API at run time (the host server writes them into every page).
 */
export const TEST_BUSINESS_DETAILS: BusinessDetails = {
  name: "Summit Heavy Fleet",
  domain: "summitheavyfleet.ca",
  primary_email: "sales@summitheavyfleet.ca",
  phone_sales: "403-555-0140",
  phone_isuzu: "403-555-0177",
  phone_service: "403-555-0162",
  hours: {
    sales: [
      ...weekdays("08:00", "17:00"),
      { day: "Saturday", segments: [], text: "Closed" },
      { day: "Sunday", segments: [], text: "Closed" },
    ],
    service: [
      ...weekdays("07:30", "16:30"),
      { day: "Saturday", segments: [], text: "By Appointment Only" },
      { day: "Sunday", segments: [], text: "Closed" },
    ],
    parts: [
      ...weekdays("08:00", "18:00").slice(0, 4),
      { day: "Friday", segments: [{ open: "08:00", close: "17:30" }] },
      { day: "Saturday", segments: [{ open: "08:00", close: "15:00" }] },
      { day: "Sunday", segments: [], text: "Closed" },
    ],
  },
  address: {
    recipient: "Summit Heavy Fleet",
    line1: "5440 76 Avenue SE",
    line2: "Calgary, AB T2C 4S3",
    street_number: "5440",
    street_name: "76 Avenue SE",
    city: "Calgary",
    province: "AB",
    country: "Canada",
    postal_code: "T2C 4S3",
  },
  geo: { latitude: 50.9866, longitude: -113.9631 },
};

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
