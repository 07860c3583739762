import { z } from "zod";

export const MANUFACTURERS = ["gm", "isuzu"] as const;
export type Manufacturer = (typeof MANUFACTURERS)[number];

export const specSectionSchema = z.object({
  title: z.string().min(1),
  values: z.record(z.string(), z.string()),
});

export const lineupModelSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  make: z.string().min(1),
  /** The inventory model names this line-up entry matches. */
  model: z.array(z.string().min(1)).min(1),
  name: z.string().min(1),
  series: z.string(),
  fuel: z.enum(["Gas", "Diesel", "Electric"]),
  cab: z.enum(["Regular", "Crew"]),
  manufacturer: z.enum(MANUFACTURERS),
  image: z.string().min(1),
  title: z.string().min(1),
  meta: z.string().min(1),
  intro: z.string().min(1),
  specs: z.array(specSectionSchema),
  highlights: z.array(z.string().min(1)),
  text: z.array(z.string()).optional(),
});
export type LineupModel = z.infer<typeof lineupModelSchema>;
export type SpecSection = z.infer<typeof specSectionSchema>;
