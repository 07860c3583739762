import { lazyPage, type RemoteRoute, RemoteRoutes } from "remote-kit";
import { INVENTORY_VIEW_PARAMS, paths } from "shared-types";
import {
  inventoryPageResource,
  newVisitSeed,
  relatedVehiclesResource,
  similarVehiclesResource,
  VISIT_SEED_KEY,
  vehicleResource,
} from "./api/resources";
import { TRAILERS } from "./data/trailers";
import "./inventory.css";

// each page is its own chunk: a vehicle page does not download the search page's toolbar
const InventoryPage = lazyPage(() => import("./pages/inventory-page").then((m) => m.InventoryPage));
const VehiclePage = lazyPage(() => import("./pages/vehicle-page").then((m) => m.VehiclePage));
const TrailerListPage = lazyPage(() => import("./pages/trailer-list-page").then((m) => m.TrailerListPage));
const TrailerPage = lazyPage(() => import("./pages/trailer-page").then((m) => m.TrailerPage));

/**
 * Team inventory's routes (written into its manifest at build time: the host sends it the paths they match), rendered by its own server and hydrated
 * in the host. Contracts used: the inventory API; team leads' forms (leads/vehicle-contact-form,
 * leads/trailer-enquiry-form, leads/vehicle-finder-form) rendered in the browser. Publishes its trailers for peers
 * (data/trailers.json: src/remote.ts).
 */
export const INVENTORY_ROUTES: readonly RemoteRoute[] = [
  {
    path: "/inventory",
    query: INVENTORY_VIEW_PARAMS,
    element: InventoryPage,
    load: async ({ searchParams, preload, value }) => {
      const seed = value(VISIT_SEED_KEY, newVisitSeed);
      const { parseInventoryView } = await import("shared-types/schemas");
      const page = await preload(inventoryPageResource, parseInventoryView(searchParams), seed);
      if (page.size === 0) void preload(relatedVehiclesResource).catch(() => undefined);
    },
    // the search changes with any unit, and with this build
    sitemap: async ({ builtAt }) => {
      // what a sitemap needs is imported when it is made: the server alone makes it, the browser never downloads it
      const { unitsForSitemap } = await import("./api/sitemap-units");
      const changed = [builtAt, ...(await unitsForSitemap()).map((unit) => unit.updated_at)].sort().at(-1);
      return [{ path: paths.inventory(), lastmod: changed ?? builtAt }];
    },
  },
  {
    path: "/inventory/vehicle/:id",
    element: VehiclePage,
    load: async ({ params, preload, preloadOptional }) => {
      const id = params.id ?? "";
      // similar units are an extra beside a unit on offer: they never hold its page; the page of a unit that has
      // sold is what the visitor is offered instead of it, so there they are waited for (and dropped if they fail)
      preloadOptional(similarVehiclesResource, id);
      const unit = await preload(vehicleResource, id);
      if (unit?.status === "sold") await preload(similarVehiclesResource, id).catch(() => undefined);
    },
    sitemap: async () => {
      const { unitsForSitemap } = await import("./api/sitemap-units");
      return (await unitsForSitemap()).map((unit) => ({
        path: paths.vehicle(unit.stock_number),
        lastmod: unit.updated_at,
      }));
    },
  },
  { path: "/trailer-inventory", element: TrailerListPage, sitemap: true },
  {
    path: "/trailer-inventory/:id",
    element: TrailerPage,
    // the trailers ship with the pages that show them: nothing more for the browser
    sitemap: ({ builtAt }) =>
      TRAILERS.map((trailer) => ({ path: paths.trailer(trailer.stock_number), lastmod: builtAt })),
  },
];

export default function InventoryRoutes() {
  return <RemoteRoutes remote="inventory" routes={INVENTORY_ROUTES} />;
}
