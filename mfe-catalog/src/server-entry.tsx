// Team catalog's renderer: the same routes as the browser, rendered to HTML by its own server (remote-kit/server).
import { createRemoteRenderer } from "remote-kit/render";
import { LEGACY_MODEL_IDS, LINEUP_MODELS } from "./data/lineup-models";
import { CATALOG_REMOTE, type PublishedLineup } from "./remote";
import CatalogRoutes, { CATALOG_ROUTES } from "./routes";

export default createRemoteRenderer({
  declaration: CATALOG_REMOTE,
  routes: CATALOG_ROUTES,
  App: CatalogRoutes,
  builtAt: import.meta.env.VITE_BUILT_AT,
  // team service's and team leads' pages name the model a visitor asks about
  publishedData: { "lineup-models": { models: LINEUP_MODELS, legacyIds: LEGACY_MODEL_IDS } satisfies PublishedLineup },
});
