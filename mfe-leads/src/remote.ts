import { defineRemote, type FragmentProps } from "remote-kit/declaration";
import { DEFAULT_REMOTE_DEV_PORTS } from "shared-types";
import { z } from "zod/mini";

/** The line-up model a request is about (team catalog's data, passed through by whoever renders the form). */
const modelRef = z.object({ make: z.string(), name: z.string() });

/**
 * Team leads: the contact, enquiry, thank-you, privacy and unsubscribe pages (their routes, loaders and sitemap
 * entries: src/routes.tsx), and every enquiry form, which other teams' pages render as server fragments with the
 * props declared here (each form's own prop type is derived from this, and the build writes it into the manifest,
 * where every consumer's pipeline checks what it passes). Changing a prop here is changing a contract: keep what the
 * previous release took for at least one release. What each form asks and where its lead goes: shared-types
 * lead-forms.ts.
 */
export const LEADS_REMOTE = defineRemote({
  name: "leads",
  devPort: DEFAULT_REMOTE_DEV_PORTS.leads,
  routes: "./src/routes.tsx",
  islands: {
    "./island/unsubscribe": "./src/islands/unsubscribe-confirm.tsx",
    "./island/fleet-quote-send": "./src/islands/fleet-quote-send.tsx",
    "./island/fleet-quote-trade-in": "./src/islands/fleet-quote-trade-in.tsx",
  },
  fragments: {
    "./contact-form": { source: "./src/forms/contact-form.tsx", props: z.object({}) },
    "./more-info-form": { source: "./src/forms/more-info-form.tsx", props: z.object({ stockNumber: z.string() }) },
    "./inquiry-form": {
      source: "./src/forms/inquiry-form.tsx",
      props: z.object({ modelId: z.string(), modelName: z.string() }),
    },
    "./quote-form": {
      source: "./src/forms/quote-form.tsx",
      props: z.object({ modelId: z.string(), modelName: z.string() }),
    },
    "./vehicle-contact-form": {
      source: "./src/forms/vehicle-contact-form.tsx",
      props: z.object({
        stockNumber: z.optional(z.string()),
        vin: z.optional(z.string()),
        make: z.optional(z.string()),
        model: z.optional(z.string()),
      }),
      // the unit's page gives them as hidden fields (stock_number, vin, make, model with form="leads-vehicle-contact",
      // shared-types leadFormElementId): then one form serves every unit's page
      takesFromPage: ["stockNumber", "vin", "make", "model"],
    },
    "./service-request-form": {
      source: "./src/forms/service-request-form.tsx",
      props: z.object({ model: z.optional(modelRef) }),
    },
    "./parts-request-form": {
      source: "./src/forms/parts-request-form.tsx",
      props: z.object({ model: z.optional(modelRef) }),
    },
    "./service-booking-form": {
      source: "./src/forms/service-booking-form.tsx",
      props: z.object({
        section: z.enum(["service", "body-shop"]),
        serviceTitle: z.string(),
        /** Tells two forms on one page apart (each keeps its own draft). */
        placement: z.optional(z.string()),
      }),
    },
    "./trailer-enquiry-form": {
      source: "./src/forms/trailer-enquiry-form.tsx",
      props: z.object({ stockNumber: z.string(), name: z.string(), manufacturer: z.string(), vin: z.string() }),
    },
    /**
     * The link to the visitor's fleet quote, once on any page with "Add to fleet quote" forms (shared-types
     * FLEET_QUOTE_ADD): an add's answer writes the count into it. Plain HTML, no code in the browser.
     */
    "./fleet-quote-count": { source: "./src/fragments/fleet-quote-count.tsx", props: z.object({}) },
    /** "Email me new matches" for the inventory page's search as shown (plain HTML): its text and its filters' JSON. */
    "./saved-search-form": {
      source: "./src/fragments/saved-search-form.tsx",
      props: z.object({ search: z.optional(z.string()), filters: z.optional(z.string()) }),
    },
    "./vehicle-finder-form": {
      source: "./src/forms/vehicle-finder-form.tsx",
      props: z.object({ make: z.optional(z.string()), model: z.optional(z.string()), search: z.optional(z.string()) }),
    },
  },
});

type PropsOf<M extends keyof typeof LEADS_REMOTE.fragments> = FragmentProps<typeof LEADS_REMOTE, M>;

export type LeadModelRef = z.infer<typeof modelRef>;
export type ContactFormProps = PropsOf<"./contact-form">;
export type MoreInfoFormProps = PropsOf<"./more-info-form">;
export type ModelRequestFormProps = PropsOf<"./inquiry-form">;
export type VehicleContactFormProps = PropsOf<"./vehicle-contact-form">;
export type ServiceRequestFormProps = PropsOf<"./service-request-form">;
export type PartsRequestFormProps = PropsOf<"./parts-request-form">;
export type ServiceBookingFormProps = PropsOf<"./service-booking-form">;
export type TrailerEnquiryFormProps = PropsOf<"./trailer-enquiry-form">;
export type VehicleFinderFormProps = PropsOf<"./vehicle-finder-form">;
export type SavedSearchFormProps = PropsOf<"./saved-search-form">;
