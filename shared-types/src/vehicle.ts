import type { z } from "zod/mini";
import { chargesTotalCents, dollarsToCents } from "./pricing.js";
import type {
  conditionalOfferSchema,
  inventoryFacetsSchema,
  inventoryPropertiesSchema,
  inventoryResultSchema,
  modelCountsSchema,
  vehicleSchema,
} from "./vehicle.schema.js";

export const VEHICLE_CONDITIONS = ["new", "used"] as const;

export const VEHICLE_STATUSES = ["available", "sold"] as const;

export const VEHICLE_MAKES = ["Isuzu", "Chevrolet", "GMC", "Buick", "Cadillac"] as const;

export type Vehicle = z.infer<typeof vehicleSchema>;

export type InventoryResult = z.infer<typeof inventoryResultSchema>;

/** What a list of units shows of each: its card (photo, title, work-truck facts, price), and no more. */
const VEHICLE_LISTING_FIELDS = [
  "stock_number",
  "year",
  "make",
  "model",
  "trim",
  "condition",
  "body_style",
  "exterior",
  "odometer",
  "primary_image",
  "full_price",
  "low_price",
  "charges",
  "gvwr_class",
  "body_type",
  "body_length_ft",
  "fuel",
] as const satisfies readonly (keyof Vehicle)[];

export type VehicleListing = Pick<Vehicle, (typeof VEHICLE_LISTING_FIELDS)[number]>;

/** A page of results as a list shows it. */
export type InventoryListing = Omit<InventoryResult, "vehicles"> & { vehicles: VehicleListing[] };

/**
 * A unit's card and nothing else: what a page sends to the browser for a list it may render again (a page of whole
 * records, comments and options included, would double the page's HTML for what the list never shows).
 */
export function toVehicleListing(v: VehicleListing): VehicleListing {
  return Object.fromEntries(VEHICLE_LISTING_FIELDS.map((field) => [field, v[field]])) as VehicleListing;
}

export const toInventoryListing = (result: InventoryListing): InventoryListing => ({
  ...result,
  vehicles: result.vehicles.map(toVehicleListing),
});

export type InventoryFacets = z.infer<typeof inventoryFacetsSchema>;

export type ConditionalOffer = z.infer<typeof conditionalOfferSchema>;

export type InventoryProperties = z.infer<typeof inventoryPropertiesSchema>;

/** The price a unit is offered at: low_price when positive, else full_price when positive, else none (0). */
export function effectivePrice(v: Pick<Vehicle, "low_price" | "full_price">): number {
  if (v.low_price > 0) return v.low_price;
  if (v.full_price > 0) return v.full_price;
  return 0;
}

const byText = (a: string, b: string) => a.localeCompare(b, "en");

/** SPEC §3 "Inventory properties": the facet options derived from a list of vehicles. */
export function deriveInventoryProperties(vehicles: readonly Vehicle[]): InventoryProperties {
  const years = new Set<number>();
  const models = new Map<string, Set<string>>();
  const bodyStyles = new Set<string>();
  let lower = Number.POSITIVE_INFINITY;
  let upper = 0;
  for (const v of vehicles) {
    years.add(v.year);
    if (!models.has(v.make)) models.set(v.make, new Set());
    models.get(v.make)?.add(v.model);
    if (v.body_style) bodyStyles.add(v.body_style);
    const price = effectivePrice(v);
    if (price > 0) {
      lower = Math.min(lower, price);
      upper = Math.max(upper, price);
    }
  }
  return {
    years: [...years].sort((a, b) => b - a),
    makes: [...models.keys()].sort(byText),
    models: Object.fromEntries([...models].map(([make, set]) => [make, [...set].sort(byText)])),
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
  v: Pick<Vehicle, "full_price" | "low_price" | "condition" | "charges">,
): VehiclePriceDisplay {
  const { full_price: full, low_price: low } = v;
  const charges = chargesTotalCents(v.charges ?? []);
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
