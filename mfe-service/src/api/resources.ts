import { defineResource, loadDeclaredPeerData } from "remote-kit";
import { CACHE_TAGS, findInLineup } from "shared-types";
import CONSUMES from "../contracts/consumes";
import { loadSectionPage } from "../data/service-pages";

/**
 * What the pages load, named so the server's loaders and the pages agree (remote-kit resources). The HTTP client
 * and the answer's schema load with the first request: a page hydrated from the server's data needs neither.
 */
export const promotionsResource = defineResource(
  "service:promotions",
  async () => (await import("./promotions-api")).fetchPromotions(),
  { cacheTags: () => [CACHE_TAGS.promotions] },
);

/**
 * Line-up models are team catalog's data, published as data/lineup-models.json beside its manifest. null: no such
 * model. Rejects when catalog cannot be reached, which the page treats differently from an unknown id.
 */
export async function findLineupModel(id: string) {
  return findInLineup(await loadDeclaredPeerData(CONSUMES.data.lineup), id) ?? null;
}

export const lineupModelResource = defineResource("service:lineup-model", findLineupModel);

/** A service or body-shop page's words: each page's own chunk (src/content). */
export const sectionPageResource = defineResource("service:section-page", loadSectionPage);

/** What can be booked; the free times of a visit (each vehicle's kind of appointment), from a day; a booking's link. */
export const bookingOptionsResource = defineResource("service:booking-options", async () =>
  (await import("./booking-api")).fetchBookingOptions(),
);
export const freeTimesResource = defineResource("service:free-times", async (kinds: string[], from: string) =>
  (await import("./booking-api")).fetchFreeTimes(kinds, from || undefined),
);
export const bookingLinkResource = defineResource("service:booking-link", async (token: string) =>
  (await import("./booking-api")).fetchBookingByLink(token),
);
export const planLinkResource = defineResource("service:plan-link", async (token: string) =>
  (await import("./plan-api")).fetchPlanByLink(token),
);
