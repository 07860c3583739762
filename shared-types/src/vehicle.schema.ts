import { z } from "zod/mini";
// configures zod before any schema here is built: no eval (text.schema.ts)
import "./text.schema.js";
import { UNIT_CHARGE_KINDS, VEHICLE_CONDITIONS, VEHICLE_STATUSES } from "./enumerations.js";
import { VEHICLE_LISTING_FIELDS } from "./vehicle-listing-fields.js";
import { BODY_TYPES, CAB_TYPES, FUELS, GVWR_CLASSES } from "./work-truck.js";

const count = () => z.int().check(z.nonnegative());

/** One charge included in a unit's advertised (all-in) price, in cents. */
export const unitChargeSchema = z.object({
  kind: z.enum(UNIT_CHARGE_KINDS),
  label: z.string().check(z.minLength(1), z.maxLength(120)),
  amount_cents: z.int().check(z.nonnegative()),
});

/**
 * An offer only some buyers get (a maker's fleet incentive for registered businesses, say): never part of the
 * advertised price, shown beside it with who qualifies.
 */
export const conditionalOfferSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  title: z.string().check(z.minLength(1), z.maxLength(120)),
  amount_cents: z.int().check(z.positive()),
  who_qualifies: z.string().check(z.minLength(1), z.maxLength(400)),
  /** ISO date of the offer's last day */
  ends_on: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
});

export const vehicleSchema = z.object({
  stock_number: z.string().check(z.minLength(1), z.maxLength(32)),
  vin: z.string().check(z.length(17)),
  year: z.int().check(z.gte(1980), z.lte(2100)),
  make: z.string().check(z.minLength(1)),
  model: z.string().check(z.minLength(1)),
  trim: z.string(),
  condition: z.enum(VEHICLE_CONDITIONS),
  status: z.enum(VEHICLE_STATUSES),
  body_style: z.string(),
  engine: z.string(),
  transmission: z.string(),
  exterior: z.string(),
  interior: z.string(),
  odometer: count(),
  fuel_type: z.string(),
  drive_train: z.string(),
  fuel_efficiency_city: z.number().check(z.nonnegative()),
  fuel_efficiency_highway: z.number().check(z.nonnegative()),
  full_price: z.int(),
  low_price: z.int(),
  discount: z.int(),
  primary_image: z.string(),
  images: z.array(z.string()),
  /** The dealership's photographs (feed import), in its order; when there are none, images holds drawings. */
  photos: z._default(
    z.array(
      z.object({
        id: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
        width: z.int().check(z.positive()),
        height: z.int().check(z.positive()),
      }),
    ),
    [],
  ),
  options: z.array(z.string()),
  /** HTML written by the dealership, sanitised by the API to formatting tags. */
  comments: z.string(),
  dealership: z.string(),
  inventory_type: z.string(),
  /** ISO date the unit was listed; the age sorts use it. */
  listed_at: z.string(),
  /** What the buyer pays besides the unit's own price (freight and PDI, fees, levies, accessories); see pricing.ts */
  charges: z._default(z.array(unitChargeSchema), []),
  conditional_offers: z._default(z.array(conditionalOfferSchema), []),
  // the work-truck facts (work-truck.ts): recorded ones, then what the API derives from them
  gvwr_lb: count(),
  gvwr_kg: count(),
  gvwr_class: z.literal(GVWR_CLASSES),
  body_type: z.enum(BODY_TYPES),
  body_length_ft: z.nullable(z.number().check(z.positive())),
  cab_type: z.nullable(z.enum(CAB_TYPES)),
  wheelbase_in: z.number().check(z.positive()),
  fuel: z.enum(FUELS),
  payload_lb: count(),
  payload_kg: count(),
});

/** A unit as a list shows it (VEHICLE_LISTING_FIELDS): what the API answers a list asked for with `fields=listing`. */
export const vehicleListingSchema = z.pick(
  vehicleSchema,
  Object.fromEntries(VEHICLE_LISTING_FIELDS.map((field) => [field, true])) as {
    [field in (typeof VEHICLE_LISTING_FIELDS)[number]]: true;
  },
);

export const inventoryPropertiesSchema = z.object({
  years: z.array(z.int()),
  makes: z.array(z.string()),
  models: z.record(z.string(), z.array(z.string())),
  body_styles: z.array(z.string()),
  price_lower: z.number(),
  price_upper: z.number(),
});

/** How many units each common work-truck search finds (work-truck-searches.ts), by its id. */
export const workTruckSearchCountsSchema = z.array(z.object({ id: z.string(), count: count() }));

/** How many available units there are of each make and model (the line-up cards' in-stock counts). */
export const modelCountsSchema = z.array(z.object({ make: z.string(), model: z.string(), count: count() }));
