import { type LoaderContext, lazyPage, type RemoteRoute, RemoteRoutes } from "remote-kit";
import { FLEET_QUOTE } from "shared-types";
import {
  fleetQuoteResource,
  formStartResource,
  lineupModelResource,
  privacyFactsResource,
  unitResource,
} from "./api/resources";
import { FLEET_QUOTE_TOKEN_KEY } from "./fleet-quote/fleet-quote-forms";
import "./leads.css";

// each page is its own chunk
const ContactPage = lazyPage(() => import("./pages/contact-page").then((m) => m.ContactPage));
const MoreInfoPage = lazyPage(() => import("./pages/more-info-page").then((m) => m.MoreInfoPage));
const PrivacyPage = lazyPage(() => import("./pages/privacy-page").then((m) => m.PrivacyPage));
const UnsubscribePage = lazyPage(() => import("./pages/unsubscribe-page").then((m) => m.UnsubscribePage));
const FleetQuotePage = lazyPage(() => import("./pages/fleet-quote-page").then((m) => m.FleetQuotePage));
const SavedSearchPage = lazyPage(() => import("./pages/saved-search-page").then((m) => m.SavedSearchPage));
const ThankYouPage = lazyPage(() => import("./pages/thank-you-page").then((m) => m.ThankYouPage));
const modelRequestPage = (kind: "inquiry" | "quote") =>
  lazyPage(() => import("./pages/model-request-page").then((m) => () => <m.ModelRequestPage kind={kind} />));

/**
 * Every page with a form loads when it was served, signed by the API, into the form (the fill-time guard). Without
 * it the form still works: its code asks when it appears, and a post without scripts is held for review.
 */
const loadFormStart = (context: LoaderContext): Promise<void> =>
  context.preload(formStartResource).then(
    () => undefined,
    () => undefined,
  );

/** The model is team catalog's published data: without it the page still renders, with the contact form. */
const loadModel = (context: LoaderContext): Promise<void> =>
  context.preload(lineupModelResource, context.params.id ?? "").then(
    () => undefined,
    () => undefined,
  );

/**
 * Team leads' routes (written into its manifest at build time: the host sends it the paths they match), rendered by its own server and hydrated in the
 * host. Contracts used: the lead capture API, the inventory API for a vehicle, team inventory's published trailers
 * and team catalog's published line-up models for what a visitor asks about, the API's retention settings for the
 * privacy notice, and its consent endpoint for unsubscribe links. Exposes every enquiry form.
 */
export const LEADS_ROUTES: readonly RemoteRoute[] = [
  // the per-unit and per-model forms repeat the unit's and the model's own pages: only /contact is in the sitemap
  { path: "/contact", element: ContactPage, load: loadFormStart, sitemap: true },
  {
    path: "/contact/more-info/:id",
    element: MoreInfoPage,
    load: async (context) => {
      await Promise.all([loadFormStart(context), context.preload(unitResource, context.params.id ?? "")]);
    },
  },
  { path: "/contact/thank-you", query: ["form", "from", "ref"], element: ThankYouPage },
  // a saved search's links carry its token: made for each visitor, kept by no cache
  { path: "/saved-search", query: ["id", "token", "do", "done"], private: true, element: SavedSearchPage },
  // the visitor's own list, by their cookie: made for them alone
  {
    path: "/fleet-quote",
    query: ["added"],
    private: true,
    element: FleetQuotePage,
    load: async (context) => {
      const token = context.value(FLEET_QUOTE_TOKEN_KEY, () => context.cookies[FLEET_QUOTE.cookie] ?? "");
      await Promise.all([loadFormStart(context), context.preload(fleetQuoteResource, token)]);
    },
  },
  {
    path: "/contact/inquiry/:id",
    element: modelRequestPage("inquiry"),
    load: async (context) => void (await Promise.all([loadFormStart(context), loadModel(context)])),
  },
  {
    path: "/contact/quote/:id",
    element: modelRequestPage("quote"),
    load: async (context) => void (await Promise.all([loadFormStart(context), loadModel(context)])),
  },
  {
    path: "/privacy",
    element: PrivacyPage,
    // without the API's retention settings the notice still renders, and says to call
    load: async ({ preload }) => void (await preload(privacyFactsResource).catch(() => undefined)),
    sitemap: true,
  },
  // the address and the token of a marketing email's link: the visitor's own, never kept by a cache
  { path: "/unsubscribe", query: ["email", "token"], private: true, element: UnsubscribePage },
];

export default function LeadsRoutes() {
  return <RemoteRoutes remote="leads" routes={LEADS_ROUTES} />;
}
