import { API_PREFIX } from "./api-paths.js";

/**
 * Where an API route is served (docs/security.md "Three edges"):
 * - public: the API's public listener, and through the site's `/api` proxy: what a visitor's browser and the
 *   remotes' renderers ask for;
 * - internal: the API's internal listener only (the machines the site runs on): the change stream, the CRM's
 *   export, delivery health;
 * - staff: the API's staff listener only (the staff edge): everything that changes what the site shows.
 */
export type ApiEdge = "public" | "internal" | "staff";

export interface EdgeRoute {
  readonly method: "GET" | "POST";
  /** A Fastify route pattern, the API's own ("/api/inventory/stocknumber/:id"). */
  readonly url: string;
}

const route = (method: EdgeRoute["method"], path: string): EdgeRoute => ({ method, url: `${API_PREFIX}${path}` });

/**
 * The API's public routes, the one list of them: the API serves exactly these on its public listener (it refuses to
 * start when a route is neither here nor declared internal or staff), and the site's `/api` proxy forwards nothing
 * else. A route added here is public; one left out is not.
 */
export const PUBLIC_API_ROUTES: readonly EdgeRoute[] = [
  route("GET", "/health"),
  route("GET", "/business-details"),
  route("GET", "/privacy"),
  route("GET", "/inventory/all/"),
  route("GET", "/inventory/search/:text"),
  route("GET", "/inventory/stocknumber/:id"),
  route("GET", "/inventory/similar/:id"),
  route("GET", "/inventory/sitemap"),
  route("GET", "/inventory/properties"),
  route("GET", "/inventory/model-counts"),
  route("GET", "/inventory/work-truck-searches"),
  route("GET", "/promotions"),
  route("GET", "/media/photos/:id/:file"),
  route("GET", "/media/vehicles/:shape/:hex/:view/:size"),
  route("GET", "/media/trailer-photos/:stock/:file"),
  route("GET", "/media/banners/:id"),
  route("GET", "/leads/token"),
  route("GET", "/leads/start"),
  route("POST", "/leads/capture"),
  route("POST", "/consent/unsubscribe"),
  route("POST", "/saved-searches"),
  route("POST", "/saved-searches/:id/:action"),
  route("POST", "/fleet-quote/lines"),
  route("GET", "/fleet-quote/lists/:token"),
  route("POST", "/fleet-quote/lists/:token/lines/:line"),
  route("POST", "/fleet-quote/lists/:token/lines/:line/remove"),
  route("POST", "/fleet-quote/lists/:token/trade-ins"),
  route("POST", "/fleet-quote/lists/:token/trade-ins/:tradeIn/remove"),
  // team service: what can be booked, and the free times of a visit
  route("GET", "/service/booking"),
  route("GET", "/service/free-times"),
  route("POST", "/service/bookings"),
  route("GET", "/service/bookings/:token"),
  route("POST", "/service/bookings/:token/cancel"),
  route("POST", "/service/bookings/:token/move"),
  route("GET", "/service/plans/:token"),
  route("POST", "/service/plans/:token/readings"),
  route("POST", "/service/plans/:token/stop"),
  // team api: a sampled page view's Web Vitals, sent by the visitor's browser (sendBeacon) to the site's own origin
  route("POST", "/vitals"),
];

/**
 * Why an address's path may not be routed at all, or null when it may. A proxy or a router that normalises
 * dot-segments, decodes an escaped slash or reads a backslash as a slash would see another path than the one
 * checked ("/api/./changes", "/api/%2e/changes", "/x/..%2f..", "/\evil.example"): such a path is refused whole.
 */
export function unsafePathReason(url: string): string | null {
  const path = url.split("?", 1)[0] ?? "";
  if (/%2e/i.test(path)) return "an encoded dot";
  if (/%2f/i.test(path)) return "an encoded slash";
  if (/%5c|\\/i.test(path)) return "a backslash";
  // a control character, raw or escaped (tabs and line breaks are how some clients smuggle a path)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for
  if (/[\u0000-\u001f\u007f]|%[01][0-9a-f]|%7f/i.test(path)) return "a control character";
  if (path.split("/").some((segment) => segment === "." || segment === "..")) return "a dot-segment";
  return null;
}
