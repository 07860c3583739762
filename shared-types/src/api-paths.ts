/** The API's paths, relative to the site's origin (docs/inventory.md "The API's routes"). */
export const API_PREFIX = "/api";

export const apiPaths = {
  inventoryAll: () => `${API_PREFIX}/inventory/all/`,
  inventorySearch: (text: string) => `${API_PREFIX}/inventory/search/${encodeURIComponent(text)}`,
  inventoryByStockNumber: (stockNumber: string) =>
    `${API_PREFIX}/inventory/stocknumber/${encodeURIComponent(stockNumber)}`,
  inventoryProperties: () => `${API_PREFIX}/inventory/properties`,
  inventoryModelCounts: () => `${API_PREFIX}/inventory/model-counts`,
  /** How many units each common work-truck search (WORK_TRUCK_SEARCHES) finds now, in one answer. */
  inventoryWorkTruckSearches: () => `${API_PREFIX}/inventory/work-truck-searches`,
  inventorySimilar: (stockNumber: string) => `${API_PREFIX}/inventory/similar/${encodeURIComponent(stockNumber)}`,
  /** Every available unit's stock number and when it last changed, for the sitemap. */
  inventorySitemap: () => `${API_PREFIX}/inventory/sitemap`,
  leadsCapture: () => `${API_PREFIX}/leads/capture`,
  /** A form asks for this when it first appears: the moment, signed by the API, so the fill time is the API's. */
  leadsStart: () => `${API_PREFIX}/leads/start`,
  /** How long the API keeps leads and filtered submissions (its retention settings), for the privacy notice. */
  privacyFacts: () => `${API_PREFIX}/privacy`,
  /** Records a marketing email's unsubscribe (the address and the token of its link). */
  consentUnsubscribe: () => `${API_PREFIX}/consent/unsubscribe`,
  /** Issues the anti-forgery cookie pair (XSRF-TOKEN for the page to echo, an HttpOnly secret beside it). */
  leadsToken: () => `${API_PREFIX}/leads/token`,
  /** Stored leads for the dealership's CRM (ADF/XML, CSV or JSON); needs the export bearer token. */
  leadsExport: () => `${API_PREFIX}/leads/export`,
  /** A fleet quote list by its key; its lines and trade-ins under it. */
  fleetQuoteList: (token: string) => `${API_PREFIX}/fleet-quote/lists/${encodeURIComponent(token)}`,
  /** Adds a unit or model: to the list whose key is sent, or the visitor's (its cookie), or a new one. */
  fleetQuoteLines: () => `${API_PREFIX}/fleet-quote/lines`,
  /** Saves an inventory search for alerts (pending until its address confirms). */
  savedSearches: () => `${API_PREFIX}/saved-searches`,
  serviceBooking: () => `${API_PREFIX}/service/booking`,
  serviceFreeTimes: (kinds: readonly string[], from?: string) =>
    `${API_PREFIX}/service/free-times?${new URLSearchParams([...kinds.map((kind) => ["kind", kind]), ...(from ? [["from", from]] : [])])}`,
  serviceBookings: () => `${API_PREFIX}/service/bookings`,
  serviceBookingLink: (token: string, action?: "cancel" | "move") =>
    `${API_PREFIX}/service/bookings/${encodeURIComponent(token)}${action ? `/${action}` : ""}`,
  /** A fleet's recurring plan by its link's token: see it, report odometer readings, stop it. */
  servicePlan: (token: string, action?: "readings" | "stop") =>
    `${API_PREFIX}/service/plans/${encodeURIComponent(token)}${action ? `/${action}` : ""}`,
  /** One of a saved search's links: confirm, unsubscribe (RFC 8058 one-click too), renew. */
  savedSearchAction: (id: string, action: "confirm" | "unsubscribe" | "renew") =>
    `${API_PREFIX}/saved-searches/${encodeURIComponent(id)}/${action}`,
  promotions: (branch: string) => `${API_PREFIX}/promotions?branch=${encodeURIComponent(branch)}`,
  businessDetails: () => `${API_PREFIX}/business-details`,
  health: () => `${API_PREFIX}/health`,
} as const;

/** The body of every 4xx answer. */
export interface ApiErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string[]>;
}
