import { z } from "zod/mini";
// configures zod before any schema here is built: no eval (text.schema.ts)
import "./text.schema.js";
import { TRAILER_ASSET_TYPES } from "./enumerations.js";
import { unitChargeSchema } from "./vehicle.schema.js";

export const trailerSchema = z.object({
  asset_type: z.enum(TRAILER_ASSET_TYPES),
  manufacturer: z.string(),
  name: z.string().check(z.minLength(1)),
  vin: z.string(),
  stock_number: z.string().check(z.minLength(1)),
  /** Whole dollars; 0 means "Contact Us For Pricing". */
  price: z.int().check(z.nonnegative()),
  description: z.string(),
  extended_description: z.string(),
  link: z.string(),
  image_count: z.int().check(z.gte(0), z.lte(11)),
  /** What the buyer pays besides the price (fees, levies), in cents: the advertised price is all-in (pricing.ts) */
  charges: z._default(z.array(unitChargeSchema), []),
});
