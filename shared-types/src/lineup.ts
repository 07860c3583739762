import type { z } from "zod/mini";
import type { lineupModelSchema, specSectionSchema } from "./lineup.schema.js";

export const MANUFACTURERS = ["gm", "isuzu"] as const;

export type Manufacturer = (typeof MANUFACTURERS)[number];

export type LineupModel = z.infer<typeof lineupModelSchema>;

export type SpecSection = z.infer<typeof specSectionSchema>;

/** What team catalog publishes for its peers (data/lineup-models.json): the models and the old site's ids. */
export interface PublishedLineup {
  models: readonly LineupModel[];
  /** An id of the old site → the model's id now. */
  legacyIds: Readonly<Record<string, string>>;
}

export function findInLineup(lineup: PublishedLineup, id: string): LineupModel | undefined {
  const canonical = (Object.hasOwn(lineup.legacyIds, id) ? lineup.legacyIds[id] : undefined) ?? id;
  return lineup.models.find((m) => m.id === canonical);
}
