import { defineConsumes } from "remote-kit/contracts";
import { z } from "zod/mini";

/**
 * What team catalog uses of other teams, as its code uses it: team leads' fleet quote count (with "Add to fleet
 * quote" on each model, shared-types FLEET_QUOTE_ADD). Team leads' pipeline checks its build against this.
 */
export default defineConsumes({
  consumer: "catalog",
  modules: {
    fleetQuoteCount: { from: "leads", module: "./fleet-quote-count", props: z.object({}) },
  },
  data: {},
});
