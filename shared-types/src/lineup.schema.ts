import { z } from "zod/mini";
// configures zod before any schema here is built: no eval (text.schema.ts)
import "./text.schema.js";
import { MANUFACTURERS } from "./enumerations.js";

const nonEmpty = () => z.string().check(z.minLength(1));

export const specSectionSchema = z.object({
  title: nonEmpty(),
  values: z.record(z.string(), z.string()),
});

export const lineupModelSchema = z.object({
  id: z.string().check(z.regex(/^[a-z0-9-]+$/)),
  make: nonEmpty(),
  /** The inventory model names this line-up entry matches. */
  model: z.array(nonEmpty()).check(z.minLength(1)),
  name: nonEmpty(),
  series: z.string(),
  fuel: z.enum(["Gas", "Diesel", "Electric"]),
  cab: z.enum(["Regular", "Crew"]),
  manufacturer: z.enum(MANUFACTURERS),
  image: nonEmpty(),
  title: nonEmpty(),
  meta: nonEmpty(),
  intro: nonEmpty(),
  specs: z.array(specSectionSchema),
  highlights: z.array(nonEmpty()),
  text: z.optional(z.array(z.string())),
});
