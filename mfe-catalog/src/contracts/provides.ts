import { defineProvides, type ProvidedData, t } from "remote-kit/contracts";
import { MANUFACTURERS } from "shared-types";

const specSection = t.shape({ title: t.string, values: t.dictionary(t.string) });

const lineupModel = t.shape({
  /** lower-case letters, digits and dashes: the model page's address */
  id: t.string,
  make: t.string,
  /** The inventory model names this line-up entry matches. */
  model: t.list(t.string),
  name: t.string,
  series: t.string,
  fuel: t.oneOf("Gas", "Diesel", "Electric"),
  cab: t.oneOf("Regular", "Crew"),
  manufacturer: t.oneOf(...MANUFACTURERS),
  image: t.string,
  title: t.string,
  meta: t.string,
  intro: t.string,
  specs: t.list(specSection),
  highlights: t.list(t.string),
  text: t.optional(t.list(t.string)),
});

/**
 * What team catalog exposes and publishes (written into its manifest for consumers' checks): its route table, and
 * its line-up as data (data/lineup-models.json), whose shape is declared here and nowhere else: catalog's own
 * types are derived from it, and each consumer's declaration of what it reads is checked against it.
 */
export const PROVIDES = defineProvides({
  modules: {
    "./routes": { props: {} },
    // kept for consumers of an earlier release, which imported the line-up as a module
    "./lineup-models": { props: {} },
  },
  data: {
    "lineup-models": {
      shape: t.shape({
        models: t.list(lineupModel),
        /** An id of the old site → the model's id now. */
        legacyIds: t.dictionary(t.string),
      }),
    },
  },
});

export type PublishedLineup = ProvidedData<typeof PROVIDES, "lineup-models">;
export type LineupModel = PublishedLineup["models"][number];
export type SpecSection = LineupModel["specs"][number];
