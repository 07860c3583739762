import { defineConsumes, REMOTE_ROUTES_MODULE } from "remote-kit/contracts";
import { REMOTE_NAMES } from "shared-types";
import { z } from "zod/mini";

/** The host mounts every remote's route table: each remote's pipeline checks that it still exposes one. */
export default defineConsumes({
  consumer: "host",
  modules: Object.fromEntries(
    REMOTE_NAMES.map((name) => [`${name}Routes`, { from: name, module: REMOTE_ROUTES_MODULE, props: z.object({}) }]),
  ),
  data: {},
});
