import { defineConsumes, t } from "remote-kit/contracts";

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
      shape: t.shape({
        models: t.list(
          t.shape({ id: t.string, make: t.string, model: t.list(t.string), name: t.string, image: t.string }),
        ),
        legacyIds: t.dictionary(t.string),
      }),
    },
    trailers: {
      from: "inventory",
      name: "trailers",
      shape: t.list(t.shape({ stock_number: t.string, name: t.string, thumbnail: t.string })),
    },
  },
});
