// Team inventory's renderer: the same routes as the browser, rendered to HTML by its own server (remote-kit/server).
import { createRemoteRenderer } from "remote-kit/render";
import { apiPaths, paths } from "shared-types";
import { z } from "zod/mini";
import { api } from "./api/api-client";
import { trailerThumbnail } from "./data/trailer-images";
import { TRAILERS } from "./data/trailers";
import InventoryRoutes, { INVENTORY_ROUTES } from "./routes";

const BUILT_AT: string = import.meta.env.VITE_BUILT_AT;
const sitemapUnitsSchema = z.array(z.object({ stock_number: z.string(), updated_at: z.string() }));

export default createRemoteRenderer({
  remote: "inventory",
  routes: INVENTORY_ROUTES,
  App: InventoryRoutes,
  // team leads' more-info page names the trailer a visitor asks about
  publishedData: { trailers: TRAILERS.map((t) => ({ ...t, thumbnail: trailerThumbnail(t) })) },
  // every unit for sale, as the API has it now: a sold unit leaves the sitemap with its page
  sitemap: async () => {
    const { data } = await api().get(apiPaths.inventorySitemap());
    const units = sitemapUnitsSchema.parse(data);
    // the search changes with any unit, and with this build
    const searchChanged = [BUILT_AT, ...units.map((u) => u.updated_at)].sort().at(-1);
    return [
      { path: paths.inventory(), lastmod: searchChanged },
      ...units.map((u) => ({ path: paths.vehicle(u.stock_number), lastmod: u.updated_at })),
      { path: paths.trailers(), lastmod: BUILT_AT },
      ...TRAILERS.map((t) => ({ path: paths.trailer(t.stock_number), lastmod: BUILT_AT })),
    ];
  },
});
