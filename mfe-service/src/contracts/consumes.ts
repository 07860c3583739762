import { defineConsumes } from "remote-kit/contracts";
import { z } from "zod/mini";

const modelProps = z.object({ model: z.optional(z.object({ make: z.string(), name: z.string() })) });

/**
 * What team service uses of other teams, as its code uses it: team leads' forms and team catalog's published line-up
 * (only the fields read here). Their pipelines check their builds against this (remote-kit contracts).
 */
export default defineConsumes({
  consumer: "service",
  modules: {
    serviceRequestForm: { from: "leads", module: "./service-request-form", props: modelProps },
    partsRequestForm: { from: "leads", module: "./parts-request-form", props: modelProps },
    serviceBookingForm: {
      from: "leads",
      module: "./service-booking-form",
      props: z.object({
        section: z.enum(["service", "body-shop"]),
        serviceTitle: z.string(),
        placement: z.optional(z.string()),
      }),
    },
  },
  data: {
    lineup: {
      from: "catalog",
      name: "lineup-models",
      shape: z.object({
        models: z.array(z.object({ id: z.string(), make: z.string(), name: z.string() })),
        legacyIds: z.record(z.string(), z.string()),
      }),
    },
  },
});
