import { defineConsumes } from "remote-kit/contracts";
import { z } from "zod/mini";

/**
 * What team inventory uses of other teams, as its code uses it: team leads' forms (with the props it passes) and
 * its fleet quote count, nothing else. Team leads' pipeline checks its build against this (remote-kit contracts).
 */
export default defineConsumes({
  consumer: "inventory",
  modules: {
    /** The page also gives the form its unit as hidden fields (vehicle-page.tsx UnitOfEnquiry, pageGives). */
    vehicleContactForm: {
      from: "leads",
      module: "./vehicle-contact-form",
      props: z.object({ stockNumber: z.string(), vin: z.string(), make: z.string(), model: z.string() }),
    },
    trailerEnquiryForm: {
      from: "leads",
      module: "./trailer-enquiry-form",
      props: z.object({ stockNumber: z.string(), name: z.string(), manufacturer: z.string(), vin: z.string() }),
    },
    /** The visitor's fleet quote, once per page with "Add to fleet quote" forms (shared-types FLEET_QUOTE_ADD). */
    fleetQuoteCount: { from: "leads", module: "./fleet-quote-count", props: z.object({}) },
    /** "Email me new matches" for the search as shown (its text, its filters' JSON). */
    savedSearchForm: {
      from: "leads",
      module: "./saved-search-form",
      props: z.object({ search: z.string(), filters: z.string() }),
    },
    vehicleFinderForm: {
      from: "leads",
      module: "./vehicle-finder-form",
      props: z.object({ make: z.string(), model: z.string(), search: z.string() }),
    },
  },
  data: {},
});
