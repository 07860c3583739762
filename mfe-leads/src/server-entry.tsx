// Team leads' renderer: the same routes as the browser, rendered to HTML by its own server (remote-kit/server).
import { createRemoteRenderer } from "remote-kit/render";
import { paths } from "shared-types";
import { apiClient } from "./api/api-client";
import LeadsRoutes, { LEADS_ROUTES } from "./routes";

const BUILT_AT: string = import.meta.env.VITE_BUILT_AT;

export default createRemoteRenderer({
  remote: "leads",
  routes: LEADS_ROUTES,
  App: LeadsRoutes,
  configure: ({ apiOrigin }) => {
    apiClient.defaults.baseURL = apiOrigin;
  },
  // the per-unit and per-model forms repeat the unit's and the model's own pages: only /contact is listed
  sitemap: async () => [
    { path: paths.contact(), lastmod: BUILT_AT },
    { path: paths.privacy(), lastmod: BUILT_AT },
  ],
});
