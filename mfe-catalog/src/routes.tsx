import { lazyPage, type RemoteRoute, RemoteRoutes } from "remote-kit";
import { MANUFACTURERS, paths } from "shared-types";
import { modelCountsResource, workTruckSearchCountsResource } from "./api/resources";
import { LINEUP_MODELS } from "./data/lineup-models";
import "./catalog.css";

// each page is its own chunk: the financing pages do not download the line-up
const LineupPage = lazyPage(() => import("./pages/lineup-page").then((m) => m.LineupPage));
const ModelPage = lazyPage(() => import("./pages/model-page").then((m) => m.ModelPage));
const FinancingPage = lazyPage(() => import("./pages/financing-page").then((m) => m.FinancingPage));
const FinancingFormPage = lazyPage(() => import("./pages/financing-form-page").then((m) => m.FinancingFormPage));

/**
 * Team catalog's routes (written into its manifest at build time: the host sends it the paths they match), rendered by its own server and hydrated in the
 * host. Contracts used: the inventory API's model counts and its search totals (the common work-truck searches). Publishes its line-up models for peers
 * (data/lineup-models.json: src/remote.ts).
 */
export const CATALOG_ROUTES: readonly RemoteRoute[] = [
  {
    path: "/line-up/:brand",
    element: LineupPage,
    // optional: without counts the cards still render, and the browser asks again
    load: async ({ params, preload }) => {
      const brand = params.brand;
      const searches =
        brand === "isuzu" || brand === "gm" ? preload(workTruckSearchCountsResource, brand) : Promise.resolve();
      await Promise.all([preload(modelCountsResource), searches]).catch(() => undefined);
    },
    sitemap: ({ builtAt }) => MANUFACTURERS.map((brand) => ({ path: paths.lineup(brand), lastmod: builtAt })),
  },
  {
    path: "/line-up/:brand/:model",
    element: ModelPage,
    sitemap: ({ builtAt }) =>
      LINEUP_MODELS.map((model) => ({ path: paths.model(model.manufacturer, model.id), lastmod: builtAt })),
  },
  { path: "/get-financing", element: FinancingPage, sitemap: true },
  { path: "/get-financing/form", element: FinancingFormPage, sitemap: true },
];

export default function CatalogRoutes() {
  return <RemoteRoutes remote="catalog" routes={CATALOG_ROUTES} />;
}
