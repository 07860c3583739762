import { defineConsumes, t } from "remote-kit/contracts";

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
      props: { stockNumber: t.string, vin: t.string, make: t.string, model: t.string },
    },
    trailerEnquiryForm: {
      from: "leads",
      module: "./trailer-enquiry-form",
      props: { stockNumber: t.string, name: t.string, manufacturer: t.string, vin: t.string },
    },
    /** The visitor's fleet quote, once per page with "Add to fleet quote" forms (shared-types FLEET_QUOTE_ADD). */
    fleetQuoteCount: { from: "leads", module: "./fleet-quote-count", props: {} },
    /** "Email me new matches" for the search as shown (its text, its filters' JSON). */
    savedSearchForm: { from: "leads", module: "./saved-search-form", props: { search: t.string, filters: t.string } },
    vehicleFinderForm: {
      from: "leads",
      module: "./vehicle-finder-form",
      props: { make: t.string, model: t.string, search: t.string },
    },
  },
  data: {},
});
