// Team inventory's renderer: the same routes as the browser, rendered to HTML by its own server (remote-kit/server).
import { createRemoteRenderer } from "remote-kit/render";
import { trailerThumbnail } from "./data/trailer-images";
import { TRAILERS } from "./data/trailers";
import { INVENTORY_REMOTE } from "./remote";
import InventoryRoutes, { INVENTORY_ROUTES } from "./routes";

export default createRemoteRenderer({
  declaration: INVENTORY_REMOTE,
  routes: INVENTORY_ROUTES,
  App: InventoryRoutes,
  builtAt: import.meta.env.VITE_BUILT_AT,
  // team leads' more-info page names the trailer a visitor asks about
  publishedData: { trailers: TRAILERS.map((t) => ({ ...t, thumbnail: trailerThumbnail(t) })) },
});
