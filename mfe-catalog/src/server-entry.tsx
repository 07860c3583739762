// Team catalog's renderer: the same routes as the browser, rendered to HTML by its own server (remote-kit/server).
import { createRemoteRenderer } from "remote-kit/render";
import { paths } from "shared-types";
import type { PublishedLineup } from "./contracts/provides";
import { LEGACY_MODEL_IDS, LINEUP_MODELS } from "./data/lineup-models";
import CatalogRoutes, { CATALOG_ROUTES } from "./routes";

const BUILT_AT: string = import.meta.env.VITE_BUILT_AT;

export default createRemoteRenderer({
  remote: "catalog",
  routes: CATALOG_ROUTES,
  App: CatalogRoutes,
  // team service's and team leads' pages name the model a visitor asks about (its shape: src/contracts/provides.ts)
  publishedData: { "lineup-models": { models: LINEUP_MODELS, legacyIds: LEGACY_MODEL_IDS } satisfies PublishedLineup },
  sitemap: async () =>
    [
      paths.lineup("isuzu"),
      paths.lineup("gm"),
      ...LINEUP_MODELS.map((m) => paths.model(m.manufacturer, m.id)),
      paths.financing(),
      paths.financingForm(),
    ].map((path) => ({ path, lastmod: BUILT_AT })),
});
