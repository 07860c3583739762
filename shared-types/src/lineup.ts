import type { MANUFACTURERS } from "./enumerations.js";

export type Manufacturer = (typeof MANUFACTURERS)[number];

/**
 * A model of team catalog's published line-up (its shape: mfe-catalog/src/contracts/provides.ts) by its id, or by
 * an id of the old site; generic, so a peer that reads only some fields can use it.
 */
export function findInLineup<M extends { readonly id: string }>(
  lineup: { readonly models: readonly M[]; readonly legacyIds: Readonly<Record<string, string>> },
  id: string,
): M | undefined {
  const canonical = (Object.hasOwn(lineup.legacyIds, id) ? lineup.legacyIds[id] : undefined) ?? id;
  return lineup.models.find((m) => m.id === canonical);
}
