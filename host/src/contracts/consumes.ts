import { defineConsumes, REMOTE_ROUTES_MODULE } from "remote-kit/contracts";
import { z } from "zod/mini";

/** The host mounts every remote's route table: each remote's pipeline checks that it still exposes one. */
export default defineConsumes({
  consumer: "host",
  modules: {
    catalogRoutes: { from: "catalog", module: REMOTE_ROUTES_MODULE, props: z.object({}) },
    inventoryRoutes: { from: "inventory", module: REMOTE_ROUTES_MODULE, props: z.object({}) },
    serviceRoutes: { from: "service", module: REMOTE_ROUTES_MODULE, props: z.object({}) },
    leadsRoutes: { from: "leads", module: REMOTE_ROUTES_MODULE, props: z.object({}) },
  },
  data: {},
});
