import { defineConsumes } from "remote-kit/contracts";
import { z } from "zod/mini";

/**
 * What team leads reads of other teams, as its code reads it: team catalog's line-up (the model a request is
 * about) and team inventory's trailers (a more-info request for a trailer), only the fields used here. Their
 * pipelines check their builds against this (remote-kit contracts).
 */
export default defineConsumes({
  consumer: "leads",
  modules: {},
  data: {
    lineup: {
      from: "catalog",
      name: "lineup-models",
      shape: z.object({
        models: z.array(
          z.object({
            id: z.string(),
            make: z.string(),
            model: z.array(z.string()),
            name: z.string(),
            image: z.string(),
          }),
        ),
        legacyIds: z.record(z.string(), z.string()),
      }),
    },
    trailers: {
      from: "inventory",
      name: "trailers",
      shape: z.array(z.object({ stock_number: z.string(), name: z.string(), thumbnail: z.string() })),
    },
  },
});
