import { z } from "zod/mini";
// configures zod before any schema here is built: no eval (text.schema.ts)
import "./text.schema.js";
import { WEEKDAYS } from "./enumerations.js";

// zod/mini: the same validation as classic zod, tree-shaken to what a bundle uses (pages validate API answers too).

/** "HH:MM", 24-hour clock, local (Mountain) time. */
const clockTimeSchema = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "expected HH:MM"));

export const openingSegmentSchema = z.object({ open: clockTimeSchema, close: clockTimeSchema });

/** A day is either open in one or more segments, or carries a text such as "Closed" or "By Appointment Only". */
export const dayHoursSchema = z
  .object({
    day: z.enum(WEEKDAYS),
    segments: z.array(openingSegmentSchema),
    text: z.optional(z.string().check(z.minLength(1))),
  })
  .check(z.refine((d) => d.segments.length > 0 || d.text !== undefined, "a day needs segments or a text"));

export const weekHoursSchema = z.array(dayHoursSchema).check(z.length(7));

export const addressSchema = z.object({
  recipient: z.string(),
  line1: z.string(),
  line2: z.string(),
  street_number: z.string(),
  street_name: z.string(),
  city: z.string(),
  province: z.string(),
  country: z.string(),
  postal_code: z.string(),
});

const phone = () => z.string().check(z.minLength(7));

export const businessDetailsSchema = z.object({
  name: z.string().check(z.minLength(1)),
  domain: z.string().check(z.minLength(1)),
  primary_email: z.email(),
  phone_sales: phone(),
  phone_isuzu: phone(),
  phone_service: phone(),
  hours: z.object({ sales: weekHoursSchema, service: weekHoursSchema, parts: weekHoursSchema }),
  address: addressSchema,
  /** Where the lot is, for maps and structured data. */
  geo: z.object({
    latitude: z.number().check(z.gte(-90), z.lte(90)),
    longitude: z.number().check(z.gte(-180), z.lte(180)),
  }),
});
