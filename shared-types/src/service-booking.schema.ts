import { z } from "zod/mini";
// configures zod before any schema here is built: no eval (text.schema.ts)
import "./text.schema.js";
import { calendarDateSchema, openingSegmentSchema } from "./business.schema.js";
import { WEEKDAYS } from "./enumerations.js";
import { EMAIL_PATTERN } from "./lead-forms.js";
import { safeText } from "./text.schema.js";
import { checkedVinSchema, label, odometerKmSchema, vehicleYearSchema } from "./vehicle-fields.schema.js";

// What the service department can book, set by its manager on the desk: the API computes the free times from it.

const idSchema = z.string().check(z.regex(/^[a-z0-9-]{1,60}$/, "Use lower-case letters, digits and dashes"));
const nameSchema = (what: string) =>
  z.string().check(z.trim(), z.minLength(1, `Name the ${what}`), z.maxLength(80, `Keep the ${what}'s name short`));

/** A kind of appointment: one of the 18 services, an inspection, a body-shop estimate; how long it holds a bay. */
export const appointmentKindSchema = z.object({
  id: idSchema,
  name: nameSchema("kind of appointment"),
  minutes: z
    .number()
    .check(z.int(), z.gte(15, "An appointment takes at least 15 minutes"), z.lte(600, "At most 10 hours a visit")),
  /** Where it is done: the service bays or the body shop (its estimates) */
  shop: z.enum(["service", "body-shop"]),
});

/** A bay (or a technician) and the kinds it takes. */
export const serviceBaySchema = z.object({
  id: idSchema,
  name: nameSchema("bay"),
  kinds: z.array(idSchema).check(z.minLength(1, "A bay takes at least one kind of appointment")),
  /** Its own part of the day (an evening bay, a morning technician), within the department's booking hours */
  hours: z.optional(openingSegmentSchema),
});

export const serviceCapacitySchema = z
  .object({
    bays: z.array(serviceBaySchema).check(z.minLength(1, "Keep at least one bay")),
    kinds: z.array(appointmentKindSchema).check(z.minLength(1, "Keep at least one kind of appointment")),
    /** When appointments start and end, per weekday (Calgary): the department's hours, evenings and Saturdays too */
    week: z.record(z.enum(WEEKDAYS), z.array(openingSegmentSchema)),
    leadTimeHours: z.number().check(z.int(), z.gte(0), z.lte(336, "A lead time of at most two weeks")),
    stepMinutes: z.union([z.literal(15), z.literal(30), z.literal(60)]),
    /** How far ahead visitors may book */
    weeksAhead: z.number().check(z.int(), z.gte(1), z.lte(26)),
  })
  .check(
    z.refine(
      (capacity) => {
        const kinds = new Set(capacity.kinds.map((kind) => kind.id));
        return capacity.bays.every((bay) => bay.kinds.every((kind) => kinds.has(kind)));
      },
      { message: "A bay names a kind of appointment that is not on the list", path: ["bays"] },
    ),
  );

/** The free times a visitor asks for: the kinds of appointment of each unit of the visit, and from which day. */
export const freeTimesQuerySchema = z.object({
  kind: z.array(idSchema).check(z.minLength(1, "Choose what each vehicle needs"), z.maxLength(10)),
  from: z.optional(calendarDateSchema),
});

/** One vehicle of a visit: what it needs and what it is (a fleet's unit number and odometer help the shop). */
export const bookedUnitSchema = z.object({
  kind: idSchema,
  year: vehicleYearSchema,
  make: label("Make", 80).check(z.minLength(1, "Make is required")),
  model: label("Model", 160).check(z.minLength(1, "Model is required")),
  vin: z._default(checkedVinSchema, ""),
  unit_number: z._default(label("Unit number", 40), ""),
  odometer_km: z.optional(odometerKmSchema),
});

/** A fleet's recurring plan: the same visit again every so many weeks, or each time a unit has run so many km. */
export const servicePlanSchema = z.discriminatedUnion("every", [
  z.object({
    every: z.literal("weeks"),
    weeks: z.coerce
      .number({ error: "Say every how many weeks" })
      .check(z.int("A whole number of weeks"), z.gte(2, "At least every 2 weeks"), z.lte(52, "At most every 52 weeks")),
  }),
  z.object({
    every: z.literal("km"),
    km: z.coerce
      .number({ error: "Say every how many kilometres" })
      .check(
        z.int("A whole number of kilometres"),
        z.gte(1000, "At least every 1,000 km"),
        z.lte(100_000, "At most every 100,000 km"),
      ),
  }),
]);

/** The odometer readings a fleet reports on its plan's page: each unit's, by its place in the plan. */
export const planReadingsSchema = z.object({
  readings: z
    .array(z.object({ unit: z.number().check(z.int(), z.gte(0), z.lte(9)), odometer_km: odometerKmSchema }))
    .check(z.minLength(1, "Give at least one vehicle's odometer")),
});

/** A visitor's booking: the time chosen from the free ones, each vehicle, whether they wait, and who they are. */
export const serviceBookingRequestSchema = z
  .object({
    startsAt: z.iso.datetime({ message: "Choose a time from the list" }),
    units: z
      .array(bookedUnitSchema)
      .check(
        z.minLength(1, "Add the vehicle to be serviced"),
        z.maxLength(10, "At most 10 vehicles a visit: call us for more"),
      ),
    stay: z.enum(["wait", "drop-off"], { error: "Say whether you will wait or drop the vehicle off" }),
    first_name: label("First name", 80).check(z.minLength(1, "First name is required")),
    last_name: z._default(label("Last name", 80), ""),
    company: z._default(label("Company", 120), ""),
    email: z.string().check(z.trim(), z.regex(EMAIL_PATTERN, "Enter a valid email address"), z.maxLength(254)),
    phone: label("Phone", 40).check(z.minLength(7, "Enter a phone number we can call on the day")),
    comments: z._default(safeText(1000, { multiline: true }), ""),
    /** The page the visitor booked from */
    page: z._default(z.string().check(z.maxLength(500)), ""),
    /** The same visit again, by weeks or by distance: a fleet's recurring plan */
    plan: z.optional(servicePlanSchema),
  })
  .check(
    z.refine(
      (booking) => booking.plan?.every !== "km" || booking.units.every((unit) => unit.odometer_km !== undefined),
      {
        message: "A plan by distance needs each vehicle's odometer now",
        path: ["plan"],
      },
    ),
  );
