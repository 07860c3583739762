// Team leads' renderer: the same routes as the browser, rendered to HTML by its own server (remote-kit/server); its
// forms as fragments for other teams' pages; and its forms sent without scripts.

import { renderApiOrigin } from "remote-kit/api-client";
import type { FragmentModule } from "remote-kit/render";
import { createRemoteRenderer } from "remote-kit/render";
import { paths } from "shared-types";
import { formStartResource } from "./api/resources";
import { ServerLeadClient } from "./api/server-capture";
import ContactForm from "./forms/contact-form";
import InquiryForm from "./forms/inquiry-form";
import MoreInfoForm from "./forms/more-info-form";
import PartsRequestForm from "./forms/parts-request-form";
import QuoteForm from "./forms/quote-form";
import ServiceBookingForm from "./forms/service-booking-form";
import ServiceRequestForm from "./forms/service-request-form";
import TrailerEnquiryForm from "./forms/trailer-enquiry-form";
import VehicleContactForm from "./forms/vehicle-contact-form";
import VehicleFinderForm from "./forms/vehicle-finder-form";
import LeadsRoutes, { LEADS_ROUTES } from "./routes";
import { submitLeadForm } from "./server/submit-lead-form";

const BUILT_AT: string = import.meta.env.VITE_BUILT_AT;

const leadClient = new ServerLeadClient(renderApiOrigin);

/** A form in another team's page: rendered with the start the API signed for the page (the fill-time guard). */
const form = (component: FragmentModule["component"]): FragmentModule => ({
  component,
  load: (_props, { preload }) => void preload(formStartResource).catch(() => undefined),
});

export default createRemoteRenderer({
  remote: "leads",
  routes: LEADS_ROUTES,
  App: LeadsRoutes,
  // every form other teams' pages include (src/contracts/provides.ts), as server fragments
  fragments: {
    "./contact-form": form(ContactForm),
    "./more-info-form": form(MoreInfoForm),
    "./inquiry-form": form(InquiryForm),
    "./quote-form": form(QuoteForm),
    "./vehicle-contact-form": form(VehicleContactForm),
    "./service-request-form": form(ServiceRequestForm),
    "./parts-request-form": form(PartsRequestForm),
    "./service-booking-form": form(ServiceBookingForm),
    "./trailer-enquiry-form": form(TrailerEnquiryForm),
    "./vehicle-finder-form": form(VehicleFinderForm),
  },
  submitForm: (post) => submitLeadForm(post, leadClient),
  // the per-unit and per-model forms repeat the unit's and the model's own pages: only /contact is listed
  sitemap: async () => [
    { path: paths.contact(), lastmod: BUILT_AT },
    { path: paths.privacy(), lastmod: BUILT_AT },
  ],
});
