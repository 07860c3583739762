/**
 * The site's remotes, and typed helpers for links to its pages (SPEC §2). Which remote answers a path is not here:
 * each remote declares its own routes in its manifest (built from its src/routes.tsx), and the host follows that.
 */
export const REMOTE_NAMES = ["catalog", "inventory", "service", "leads"] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const paths = {
  home: () => "/",
  contact: (fragment?: "message_us" | "call_us" | "email_us") => (fragment ? `/contact#${fragment}` : "/contact"),
  moreInfo: (stockNumber: string) => `/contact/more-info/${encodeURIComponent(stockNumber)}`,
  inquiry: (modelId: string) => `/contact/inquiry/${encodeURIComponent(modelId)}`,
  quote: (modelId: string) => `/contact/quote/${encodeURIComponent(modelId)}`,
  lineup: (brand: "gm" | "isuzu") => `/line-up/${brand}`,
  model: (brand: string, modelId: string) => `/line-up/${brand}/${encodeURIComponent(modelId)}`,
  inventory: () => "/inventory",
  vehicle: (stockNumber: string) => `/inventory/vehicle/${encodeURIComponent(stockNumber)}`,
  trailers: () => "/trailer-inventory",
  trailer: (stockNumber: string) => `/trailer-inventory/${encodeURIComponent(stockNumber)}`,
  financing: () => "/get-financing",
  financingForm: () => "/get-financing/form",
  service: (modelId?: string) => (modelId ? `/service/${encodeURIComponent(modelId)}` : "/service"),
  /** Team service's booking: the visit's work (a kind of appointment per vehicle) chosen in the address, or none yet. */
  bookService: (work: readonly string[] = []) =>
    work.length > 0 ? `/book-service?${new URLSearchParams(work.map((kind) => ["work", kind]))}` : "/book-service",
  /** A booking's own page, by its link's token (the visitor's email carries it). */
  serviceBooking: (token: string) => `/book-service/${encodeURIComponent(token)}`,
  /** A fleet's recurring plan's own page, by its link's token (each of its bookings' pages links it). */
  servicePlan: (token: string) => `/book-service/plan/${encodeURIComponent(token)}`,
  parts: (modelId?: string) => (modelId ? `/parts/${encodeURIComponent(modelId)}` : "/parts"),
  servicePage: (link: string) => `/services/${link}`,
  bodyShop: () => "/body-shop",
  bodyShopPage: (link: string) => `/body-shop-services/${link}`,
  salesSpecials: () => "/sales-specials",
  partsSpecials: () => "/parts-specials",
  serviceSpecials: () => "/service-specials",
  specials: () => "/specials",
  /** Where a form sent without scripts lands once its lead is stored: its own thank-you text, and the way back. */
  thankYou: () => "/contact/thank-you",
  /** What the site collects with its forms, why, for how long, and how to have it deleted. */
  privacy: () => "/privacy",
  /** A fleet buyer's list of units and models, and the request that sends it (team leads'). */
  fleetQuote: () => "/fleet-quote",
  /** A saved search's page: "check your email" once saved, and its emails' links (confirm, unsubscribe, renew). */
  savedSearch: () => "/saved-search",
  /** Where a marketing email's unsubscribe link lands (it carries the address and its signed token). */
  unsubscribe: () => "/unsubscribe",
} as const;
