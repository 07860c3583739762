// Team service's renderer: the same routes as the browser, rendered to HTML by its own server (remote-kit/server).
import { createRemoteRenderer } from "remote-kit/render";
import { paths } from "shared-types";
import { BODY_SHOP_ITEMS, SERVICE_ITEMS } from "./data/site-sections";
import ServiceRoutes, { SERVICE_ROUTES } from "./routes";

const BUILT_AT: string = import.meta.env.VITE_BUILT_AT;

export default createRemoteRenderer({
  remote: "service",
  routes: SERVICE_ROUTES,
  App: ServiceRoutes,
  sitemap: async () =>
    [
      paths.service(),
      ...SERVICE_ITEMS.map((item) => paths.servicePage(item.link)),
      paths.parts(),
      paths.bodyShop(),
      ...BODY_SHOP_ITEMS.map((item) => paths.bodyShopPage(item.link)),
      paths.specials(),
      paths.salesSpecials(),
      paths.serviceSpecials(),
      paths.partsSpecials(),
    ].map((path) => ({ path, lastmod: BUILT_AT })),
});
