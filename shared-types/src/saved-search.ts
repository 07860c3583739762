// A fleet buyer's saved inventory search: "Email me new matches" on the inventory page (team leads' fragment), kept
// by the API once its address is confirmed (double opt-in), alerting on new matches and price drops under CASL.
import { type InventoryFilter, listFacets, rangeFacets } from "./inventory-facets.js";

/** What the visitor agrees to, word for word: its version and text are stored with the search (CASL). */
export const SAVED_SEARCH_CONSENT = {
  version: "saved-search-2026-11-a",
  text: "Yes, email me when a new unit matches this search or a matching unit's price drops, at most once a day, from Summit Heavy Fleet. Each email has a one-click unsubscribe.",
} as const;

export const SAVED_SEARCH = {
  /** A search stops after this many months unless renewed from an alert. */
  lapseMonths: 6,
  /** At most one alert per search in this many hours (the API's default; SAVED_SEARCH_ALERT_HOURS). */
  alertIntervalHours: 24,
  /** Units listed in one alert at most (the rest: "and N more", with the search's link). */
  maxUnitsPerAlert: 20,
  /** The manage link's token: 32 random bytes, base64url. */
  tokenPattern: /^[A-Za-z0-9_-]{43}$/,
} as const;

/** What a link in a saved search's emails asks for, on team leads' page (one button, never the visit itself). */
export const SAVED_SEARCH_ACTIONS = ["confirm", "unsubscribe", "renew"] as const;
export type SavedSearchAction = (typeof SAVED_SEARCH_ACTIONS)[number];

/** A filter in words, for a saved search's emails ("Isuzu, Diesel, Year 2022 to 2026"); "" for none. */
export function describeInventoryFilter(filter: InventoryFilter): string {
  const chosen = listFacets
    .filter((facet) => facet.role === "facet")
    .flatMap((facet) => {
      const values = (filter[facet.key] ?? []) as (string | number)[];
      const label = facet.valueLabel as ((value: string | number) => string) | undefined;
      return values.length > 0 ? [values.map((value) => (label ? label(value) : String(value))).join(" or ")] : [];
    });
  const ranges = rangeFacets.flatMap((range) => {
    const lower = Number(filter[range.lower as keyof InventoryFilter] ?? 0);
    const upper = Number(filter[range.upper as keyof InventoryFilter] ?? 0);
    if (!lower && !upper) return [];
    return [`${range.label} ${lower ? `from ${lower}` : ""}${lower && upper ? " " : ""}${upper ? `to ${upper}` : ""}`];
  });
  return [...chosen, ...ranges].join(", ");
}
