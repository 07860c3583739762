import { defineConsumes, REMOTE_ROUTES_MODULE } from "remote-kit/contracts";

/** The host mounts every remote's route table: each remote's pipeline checks that it still exposes one. */
export default defineConsumes({
  consumer: "host",
  modules: {
    catalogRoutes: { from: "catalog", module: REMOTE_ROUTES_MODULE, props: {} },
    inventoryRoutes: { from: "inventory", module: REMOTE_ROUTES_MODULE, props: {} },
    serviceRoutes: { from: "service", module: REMOTE_ROUTES_MODULE, props: {} },
    leadsRoutes: { from: "leads", module: REMOTE_ROUTES_MODULE, props: {} },
  },
  data: {},
});
