import { defineConsumes, t } from "remote-kit/contracts";

const modelRef = t.optional(t.shape({ make: t.string, name: t.string }));

/**
 * What team service uses of other teams, as its code uses it: team leads' forms and team catalog's published line-up
 * (only the fields read here). Their pipelines check their builds against this (remote-kit contracts).
 */
export default defineConsumes({
  consumer: "service",
  modules: {
    serviceRequestForm: { from: "leads", module: "./service-request-form", props: { model: modelRef } },
    partsRequestForm: { from: "leads", module: "./parts-request-form", props: { model: modelRef } },
    serviceBookingForm: {
      from: "leads",
      module: "./service-booking-form",
      props: { section: t.oneOf("service", "body-shop"), serviceTitle: t.string, placement: t.optional(t.string) },
    },
  },
  data: {
    lineup: {
      from: "catalog",
      name: "lineup-models",
      shape: t.shape({
        models: t.list(t.shape({ id: t.string, make: t.string, name: t.string })),
        legacyIds: t.dictionary(t.string),
      }),
    },
  },
});
