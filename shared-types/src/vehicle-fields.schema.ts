import { z } from "zod/mini";
import { safeText } from "./text.schema.js";
import { vinProblem } from "./vin.js";

// A vehicle's fields as a visitor types them (a fleet quote's trade-in, a service booking's unit): from strings
// without scripts, from JSON with them, and checked by the API with the same rules.

/** A short text a visitor types, named in its messages. */
export const label = (name: string, max: number) =>
  safeText(max, {
    messages: {
      tooLong: `${name} is too long: at most ${max} characters`,
      unstorable: `${name} contains invisible characters we can't accept: please retype it`,
    },
  });

const thisYear = () => new Date().getUTCFullYear();

/** A number typed as text ("" is none: NaN, refused by the number's own message). */
const typedNumber = (clean: (text: string) => string = (text) => text) =>
  z.pipe(
    z.union([z.number(), z.string().check(z.trim())]),
    z.transform((value) => (value === "" ? Number.NaN : Number(clean(String(value))))),
  );

export const vehicleYearSchema = z.pipe(
  typedNumber(),
  z.number({ error: "Year must be a year, e.g. 2019" }).check(
    z.int("Year must be a year, e.g. 2019"),
    z.refine((year) => year >= 1950 && year <= thisYear() + 1, "Year must be a year from 1950 to next year"),
  ),
);

/** A VIN, upper-cased, whose check digit holds (49 CFR 565), as a feed's must; "" when none was typed. */
export const checkedVinSchema = z.pipe(
  z.string().check(z.trim(), z.toUpperCase()),
  z.string().check(
    z.refine((vin) => vin === "" || vinProblem(vin) === null, {
      message: "VIN is not valid: check its 17 characters (its check digit does not hold)",
    }),
  ),
);

export const odometerKmSchema = z.pipe(
  typedNumber((text) => text.replace(/[\s,]/g, "")),
  z
    .number({ error: "Odometer must be a number of kilometres" })
    .check(
      z.int("Odometer must be a whole number of kilometres"),
      z.gte(0, "Odometer must be a number of kilometres"),
      z.lte(3_000_000, "Odometer is more than 3,000,000 km: check it"),
    ),
);
