// Team service's renderer: the same routes as the browser, rendered to HTML by its own server (remote-kit/server).
import { createRemoteRenderer } from "remote-kit/render";
import { SERVICE_REMOTE } from "./remote";
import ServiceRoutes, { SERVICE_ROUTES } from "./routes";

export default createRemoteRenderer({
  declaration: SERVICE_REMOTE,
  routes: SERVICE_ROUTES,
  App: ServiceRoutes,
  builtAt: import.meta.env.VITE_BUILT_AT,
});
