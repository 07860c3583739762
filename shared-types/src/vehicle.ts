import { z } from "zod";

export const VEHICLE_CONDITIONS = ["new", "used"] as const;
export const VEHICLE_STATUSES = ["available", "sold"] as const;
export const VEHICLE_MAKES = ["Isuzu", "Chevrolet", "GMC", "Buick", "Cadillac"] as const;

export const vehicleSchema = z.object({
  stock_number: z.string().min(1).max(32),
  vin: z.string().length(17),
  year: z.number().int().min(1980).max(2100),
  make: z.string().min(1),
  model: z.string().min(1),
  trim: z.string(),
  condition: z.enum(VEHICLE_CONDITIONS),
  status: z.enum(VEHICLE_STATUSES),
  body_style: z.string(),
  engine: z.string(),
  transmission: z.string(),
  exterior: z.string(),
  interior: z.string(),
  odometer: z.number().int().nonnegative(),
  fuel_type: z.string(),
  drive_train: z.string(),
  fuel_efficiency_city: z.number().nonnegative(),
  fuel_efficiency_highway: z.number().nonnegative(),
  full_price: z.number().int(),
  low_price: z.number().int(),
  discount: z.number().int(),
  primary_image: z.string(),
  images: z.array(z.string()),
  options: z.array(z.string()),
  /** HTML written by the dealership; sanitise before rendering. */
  comments: z.string(),
  dealership: z.string(),
  inventory_type: z.string(),
  /** ISO date the unit was listed; the age sorts use it. */
  listed_at: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** One page of a query, with the total number of matches. */
export const inventoryResultSchema = z.object({
  vehicles: z.array(vehicleSchema),
  size: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
});
export type InventoryResult = z.infer<typeof inventoryResultSchema>;

export const inventoryPropertiesSchema = z.object({
  years: z.array(z.number().int()),
  makes: z.array(z.string()),
  models: z.record(z.string(), z.array(z.string())),
  body_styles: z.array(z.string()),
  price_lower: z.number(),
  price_upper: z.number(),
});
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

export type VehiclePriceDisplay =
  | { kind: "dual"; regularLabel: "MSRP" | "Retail Price"; regular: number; discount: number; sale: number }
  | { kind: "single"; amount: number }
  | { kind: "contact" };

/** SPEC §9 price display. */
export function vehiclePriceDisplay(v: Pick<Vehicle, "full_price" | "low_price" | "condition">): VehiclePriceDisplay {
  const { full_price: full, low_price: low } = v;
  if (full > 0 && low > 0 && full > low) {
    return {
      kind: "dual",
      regularLabel: v.condition === "new" ? "MSRP" : "Retail Price",
      regular: full,
      discount: full - low,
      sale: low,
    };
  }
  if (low > 0) return { kind: "single", amount: low };
  if (full > 0) return { kind: "single", amount: full };
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

/** How many available units there are of each make and model (the line-up cards' in-stock counts). */
export const modelCountsSchema = z.array(
  z.object({ make: z.string(), model: z.string(), count: z.number().int().nonnegative() }),
);
export type ModelCounts = z.infer<typeof modelCountsSchema>;
