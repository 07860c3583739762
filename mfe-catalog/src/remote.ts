import { defineRemote, type PublishedData } from "remote-kit/declaration";
import { DEFAULT_REMOTE_DEV_PORTS, MANUFACTURERS } from "shared-types";
import { z } from "zod/mini";

const specSection = z.object({ title: z.string(), values: z.record(z.string(), z.string()) });

const lineupModel = z.object({
  /** lower-case letters, digits and dashes: the model page's address */
  id: z.string(),
  make: z.string(),
  /** The inventory model names this line-up entry matches. */
  model: z.array(z.string()),
  name: z.string(),
  series: z.string(),
  fuel: z.enum(["Gas", "Diesel", "Electric"]),
  cab: z.enum(["Regular", "Crew"]),
  manufacturer: z.enum(MANUFACTURERS),
  image: z.string(),
  title: z.string(),
  meta: z.string(),
  intro: z.string(),
  specs: z.array(specSection),
  highlights: z.array(z.string()),
  text: z.optional(z.array(z.string())),
});

/**
 * Team catalog: the line-up pages and financing (their routes, loaders and sitemap entries: src/routes.tsx). It
 * publishes its line-up as data (data/lineup-models.json), whose zod schema is declared here and nowhere else: its own
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
      shape: z.object({
        models: z.array(lineupModel),
        /** An id of the old site → the model's id now. */
        legacyIds: z.record(z.string(), z.string()),
      }),
    },
  },
});

export type PublishedLineup = PublishedData<typeof CATALOG_REMOTE, "lineup-models">;
export type LineupModel = PublishedLineup["models"][number];
export type SpecSection = LineupModel["specs"][number];
