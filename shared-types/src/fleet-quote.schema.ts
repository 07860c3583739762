import { z } from "zod/mini";
import { FLEET_QUOTE } from "./fleet-quote.js";
import { identifier, safeText, stockNumberSchema } from "./text.schema.js";
import { checkedVinSchema, label, odometerKmSchema, vehicleYearSchema } from "./vehicle-fields.schema.js";

/**
 * The fleet quote's forms, checked by the same rules wherever they are sent from: the list's page and the add
 * buttons without scripts (team leads' server, from strings), with scripts (the browser, from JSON), and the API.
 */
const quantity = () =>
  z.pipe(
    z.pipe(
      z.union([z.number(), z.string().check(z.trim())]),
      z.transform((value) => (value === "" ? Number.NaN : Number(value))),
    ),
    z
      .number({ error: `Quantity must be a whole number from 1 to ${FLEET_QUOTE.maxQuantity}` })
      .check(
        z.int(`Quantity must be a whole number from 1 to ${FLEET_QUOTE.maxQuantity}`),
        z.gte(1, `Quantity must be at least 1`),
        z.lte(FLEET_QUOTE.maxQuantity, `Quantity can be at most ${FLEET_QUOTE.maxQuantity}: call us for more`),
      ),
  );

export const fleetQuoteTokenSchema = identifier(FLEET_QUOTE.tokenPattern, "the key of a fleet quote list");

/** A unit (by stock number) or a line-up model (by id, with its make and name as the catalog shows them). */
export const fleetQuoteAddSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("unit"), stock_number: stockNumberSchema, quantity: quantity() }),
  z.object({
    kind: z.literal("model"),
    model_id: identifier(/^[A-Za-z0-9._-]{1,80}$/, "a line-up model's id"),
    make: label("Make", 80).check(z.minLength(1, "Make is required")),
    model: label("Model", 160).check(z.minLength(1, "Model is required")),
    quantity: quantity(),
  }),
]);
export type FleetQuoteAdd = z.output<typeof fleetQuoteAddSchema>;

export const fleetQuoteLineUpdateSchema = z.object({
  quantity: quantity(),
  notes: z._default(
    safeText(500, {
      multiline: true,
      messages: { tooLong: "Body or upfit notes are too long: at most 500 characters" },
    }),
    "",
  ),
});
export type FleetQuoteLineUpdate = z.output<typeof fleetQuoteLineUpdateSchema>;

/** A vehicle the buyer trades in: its VIN's check digit must hold (49 CFR 565), as a feed's must. */
export const fleetQuoteTradeInSchema = z.object({
  year: vehicleYearSchema,
  make: label("Make", 80).check(z.minLength(1, "Make is required")),
  model: label("Model", 160).check(z.minLength(1, "Model is required")),
  vin: z.pipe(checkedVinSchema, z.string().check(z.refine((vin) => vin !== "", "VIN is required"))),
  odometer_km: odometerKmSchema,
  notes: z._default(
    safeText(500, { multiline: true, messages: { tooLong: "Notes are too long: at most 500 characters" } }),
    "",
  ),
});
export type FleetQuoteTradeInInput = z.output<typeof fleetQuoteTradeInSchema>;

const lineSchema = z.object({
  id: z.string(),
  kind: z.enum(["unit", "model"]),
  stock_number: z.string(),
  model_id: z.string(),
  label: z.string(),
  year: z.nullable(z.number()),
  make: z.string(),
  model: z.string(),
  vin: z.string(),
  quantity: z.number(),
  notes: z.string(),
  available: z.boolean(),
  // (a lead stored before the line-up was checked has none: its models were named by the page)
  from_lineup: z._default(z.boolean(), false),
});

/** The list as the API answers it (team leads' page checks it). */
export const fleetQuoteListSchema = z.object({
  lines: z.array(lineSchema),
  trade_ins: z.array(
    z.object({
      id: z.string(),
      year: z.number(),
      make: z.string(),
      model: z.string(),
      vin: z.string(),
      odometer_km: z.number(),
      notes: z.string(),
    }),
  ),
  unit_count: z.number(),
});

/** The first reason a form's values are refused, per field: what a form shows beside each field. */
export function fieldReasons(error: z.core.$ZodError): Record<string, string> {
  const reasons: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    reasons[field] ??= issue.message;
  }
  return reasons;
}
