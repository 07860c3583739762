import { t } from "remote-kit/contracts";
import { defineRemote, type PublishedData } from "remote-kit/declaration";
import { DEFAULT_REMOTE_DEV_PORTS, MANUFACTURERS } from "shared-types";
import CONSUMES from "./contracts/consumes.ts";

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
 * Team catalog: the line-up pages and financing (their routes, loaders and sitemap entries: src/routes.tsx). It
 * publishes its line-up as data (data/lineup-models.json), whose shape is declared here and nowhere else: its own
 * types are derived from it, and each consumer's declaration of what it reads is checked against it. Of other
 * teams it uses team leads' fleet quote count (src/contracts/consumes.ts).
 */
export const CATALOG_REMOTE = defineRemote({
  name: "catalog",
  devPort: DEFAULT_REMOTE_DEV_PORTS.catalog,
  routes: "./src/routes.tsx",
  buildVariables: {
    VITE_CREDIT_APPLICATION_URL:
      "The lender's credit application the financing form frames (its origin goes into the manifest, for the host's CSP); unset: the lender's form.",
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
  consumes: CONSUMES,
});

export type PublishedLineup = PublishedData<typeof CATALOG_REMOTE, "lineup-models">;
export type LineupModel = PublishedLineup["models"][number];
export type SpecSection = LineupModel["specs"][number];
