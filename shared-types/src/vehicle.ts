import type { z } from "zod/mini";
import type { inventoryResultSchema } from "./inventory-filter.schema.js";
import { chargesTotalCents, dollarsToCents } from "./pricing.js";
import type {
  conditionalOfferSchema,
  inventoryPropertiesSchema,
  modelCountsSchema,
  vehicleSchema,
} from "./vehicle.schema.js";
import { VEHICLE_LISTING_FIELDS } from "./vehicle-listing-fields.js";

export type Vehicle = z.infer<typeof vehicleSchema>;

export type InventoryResult = z.infer<typeof inventoryResultSchema>;

export type VehicleListing = Pick<Vehicle, (typeof VEHICLE_LISTING_FIELDS)[number]>;

/** A page of results as a list shows it. */
export type InventoryListing = Omit<InventoryResult, "vehicles"> & { vehicles: VehicleListing[] };

/**
 * A unit's card and nothing else: what the API answers a list asked for with `fields=listing`, and so what a page
 * sends to the browser for a list it may render again (whole records, comments and options included, are twice the
 * bytes for what a list never shows).
 */
export function toVehicleListing(v: VehicleListing): VehicleListing {
  // a loop, not Object.fromEntries: a page of cards is made for every search no one made before
  const listing: Record<string, unknown> = {};
  for (const field of VEHICLE_LISTING_FIELDS) listing[field] = v[field];
  return listing as VehicleListing;
}

export type ConditionalOffer = z.infer<typeof conditionalOfferSchema>;

export type InventoryProperties = z.infer<typeof inventoryPropertiesSchema>;

const byText = (a: string, b: string) => a.localeCompare(b, "en");

/** What the inventory properties read of a unit: its facts, and its advertised (all-in) price in dollars, 0 for none. */
export type PropertiesSource = Pick<Vehicle, "year" | "make" | "model" | "body_style"> & { price: number };

/** SPEC §3 "Inventory properties": the facet options derived from the available units. */
export function deriveInventoryProperties(units: Iterable<PropertiesSource>): InventoryProperties {
  const years = new Set<number>();
  const models = new Map<string, Set<string>>();
  const bodyStyles = new Set<string>();
  let lower = Number.POSITIVE_INFINITY;
  let upper = 0;
  for (const unit of units) {
    years.add(unit.year);
    if (!models.has(unit.make)) models.set(unit.make, new Set());
    models.get(unit.make)?.add(unit.model);
    if (unit.body_style) bodyStyles.add(unit.body_style);
    // no price means "call us": not part of the range
    if (unit.price > 0) {
      lower = Math.min(lower, unit.price);
      upper = Math.max(upper, unit.price);
    }
  }
  return {
    years: [...years].sort((a, b) => b - a),
    makes: [...models.keys()].sort(byText),
    models: Object.fromEntries(
      [...models].sort(([a], [b]) => byText(a, b)).map(([make, set]) => [make, [...set].sort(byText)]),
    ),
    body_styles: [...bodyStyles].sort(byText),
    price_lower: upper === 0 ? 0 : lower,
    price_upper: upper,
  };
}

/** Amounts in cents, all-in (every charge but GST included, pricing.ts). */
export type VehiclePriceDisplay =
  | { kind: "dual"; regularLabel: "MSRP" | "Retail Price"; regular: number; discount: number; sale: number }
  | { kind: "single"; amount: number }
  | { kind: "contact" };

/**
 * SPEC §9 price display, on all-in amounts: the regular price (struck through when it is the MSRP) and the sale
 * price each include the unit's charges, so the discount between them is the unit's own discount.
 */
export function vehiclePriceDisplay(
  v: Pick<Vehicle, "full_price" | "low_price" | "condition"> &
    ({ charges: Vehicle["charges"] } | { charges_cents: number }),
): VehiclePriceDisplay {
  const { full_price: full, low_price: low } = v;
  // a card carries its charges' total alone (what it shows), a whole unit its charges
  const charges = "charges_cents" in v ? v.charges_cents : chargesTotalCents(v.charges ?? []);
  const allIn = (dollars: number) => dollarsToCents(dollars) + charges;
  if (full > 0 && low > 0 && full > low) {
    return {
      kind: "dual",
      regularLabel: v.condition === "new" ? "MSRP" : "Retail Price",
      regular: allIn(full),
      discount: dollarsToCents(full - low),
      sale: allIn(low),
    };
  }
  if (low > 0) return { kind: "single", amount: allIn(low) };
  if (full > 0) return { kind: "single", amount: allIn(full) };
  return { kind: "contact" };
}

/** Image URLs ending in /r640 come from a resizing CDN; thumbnails ask it for 75 px. */
export function thumbnailUrl(url: string): string {
  return url.replace(/\/r640$/, "/r75");
}

/** Options listed shortest first; ties keep their order. SPEC §2 "sorted by length with a minimum of 32". */
export function sortOptionsForDisplay(options: readonly string[]): string[] {
  return [...options].sort((a, b) => Math.max(a.length, 32) - Math.max(b.length, 32));
}

export type ModelCounts = z.infer<typeof modelCountsSchema>;
