import type { z } from "zod/mini";
import type { MANUFACTURERS } from "./enumerations.js";
import type { lineupModelSchema, specSectionSchema } from "./lineup.schema.js";

export type Manufacturer = (typeof MANUFACTURERS)[number];

export type LineupModel = z.infer<typeof lineupModelSchema>;

export type SpecSection = z.infer<typeof specSectionSchema>;

/** What team catalog publishes for its peers (data/lineup-models.json): the models and the old site's ids. */
export interface PublishedLineup {
  models: readonly LineupModel[];
  /** An id of the old site → the model's id now. */
  legacyIds: Readonly<Record<string, string>>;
}

/** A model by its id, or by an id of the old site; generic, so a peer that reads only some fields can use it. */
export function findInLineup<M extends { readonly id: string }>(
  lineup: { readonly models: readonly M[]; readonly legacyIds: Readonly<Record<string, string>> },
  id: string,
): M | undefined {
  const canonical = (Object.hasOwn(lineup.legacyIds, id) ? lineup.legacyIds[id] : undefined) ?? id;
  return lineup.models.find((m) => m.id === canonical);
}
