import { z } from "zod/mini";
import { DEPARTMENTS, WEEKDAYS } from "./enumerations.js";
// configures zod before any schema here is built: no eval (text.schema.ts)
import { siteLinkSchema } from "./text.schema.js";

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

const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** "YYYY-MM-DD", a day in Calgary. */
export const calendarDateSchema = z.string().check(z.regex(DATE_PATTERN, "expected YYYY-MM-DD"));

/** Days the dealership (or some of its departments) is closed: a holiday, an inventory count. */
export const closureSchema = z
  .object({
    from: z.string().check(z.regex(DATE_PATTERN, "Enter the first day closed, like 2026-12-24")),
    to: z.string().check(z.regex(DATE_PATTERN, "Enter the last day closed, like 2026-12-26")),
    note: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, "Say why, as visitors will read it (Christmas, say)"),
        z.maxLength(120, "Keep the note to 120 characters"),
      ),
    departments: z.array(z.enum(DEPARTMENTS)).check(z.minLength(1, "Choose at least one department")),
  })
  .check(z.refine((closure) => closure.from <= closure.to, "The last day closed is before the first"));

/**
 * Marketing's line at the top of every page (an open house, a new line-up, a holiday sale), with a link and the
 * days it is shown (Calgary; none: from now, or until removed).
 */
export const siteNoticeSchema = z
  .object({
    text: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, "Write the notice"),
        z.maxLength(160, "Keep the notice to 160 characters: it is one line on a phone"),
      ),
    link: siteLinkSchema("Link to a page of this site (like /inventory) or an https:// address"),
    from: z.nullable(calendarDateSchema),
    to: z.nullable(calendarDateSchema),
  })
  .check(
    z.refine((notice) => !notice.from || !notice.to || notice.from <= notice.to, {
      message: "The last day shown is before the first",
      path: ["to"],
    }),
  );

export const businessDetailsSchema = z.object({
  name: z.string().check(z.minLength(1)),
  domain: z.string().check(z.minLength(1)),
  primary_email: z.email(),
  phone_sales: phone(),
  phone_isuzu: phone(),
  phone_service: phone(),
  hours: z.object({ sales: weekHoursSchema, service: weekHoursSchema, parts: weekHoursSchema }),
  address: addressSchema,
  /** Closures, newest last; a page shows those not yet over (older sites' details have none). */
  closures: z.optional(z.array(closureSchema)),
  /** Marketing's notice at the top of every page, set on the staff desk (none: no notice). */
  notice: z.optional(z.nullable(siteNoticeSchema)),
  /** Where the lot is, for maps and structured data. */
  geo: z.object({
    latitude: z.number().check(z.gte(-90), z.lte(90)),
    longitude: z.number().check(z.gte(-180), z.lte(180)),
  }),
});
