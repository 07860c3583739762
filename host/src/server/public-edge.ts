import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import FindMyWay, { type HTTPMethod } from "find-my-way";
import { type EdgeRoute, unsafePathReason } from "shared-types";

// What the public site lets in (ARCHITECTURE.md "Trust boundaries"): paths that mean one thing only, the API's
// public routes and nothing else, forms from the site's own pages.

/**
 * A path with dot-segments, escaped dots or slashes, backslashes or control characters is refused (400) before
 * any route runs: a proxy or a router that normalises it would see another path than the one checked.
 */
export function refuseUnsafePaths(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const reason = unsafePathReason(request.raw.url ?? "");
    if (reason) return refuseUnsafe(reply, reason);
  });
}

export const refuseUnsafe = (reply: FastifyReply, reason: string) =>
  reply
    .code(400)
    .header("cache-control", "no-store")
    .type("text/plain; charset=utf-8")
    .send(`This address cannot be read: its path has ${reason}.`);

/**
 * A check for the `/api` proxy: only the API's public routes (shared-types PUBLIC_API_ROUTES, matched as the API's
 * own router matches them) are forwarded; anything else is not found here, whatever the API would say.
 */
export function publicApiGate(routes: readonly EdgeRoute[]) {
  const router = FindMyWay({ ignoreTrailingSlash: false, ignoreDuplicateSlashes: false });
  for (const route of routes) {
    router.on(route.method, route.url, () => undefined);
    if (route.method === "GET") router.on("HEAD", route.url, () => undefined);
  }
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!router.find(request.method as HTTPMethod, pathOf(request))) return noRoute(request, reply);
  };
}

/** A request's path, without its query. */
export const pathOf = (request: FastifyRequest) => request.url.split("?", 1)[0] ?? "/";

/** The API's or a remote's address that this server does not pass on: it does not exist here. */
export const noRoute = (request: FastifyRequest, reply: FastifyReply) =>
  reply
    .code(404)
    .header("cache-control", "no-store")
    .send({ error: "Not Found", message: `No route ${request.method} ${pathOf(request)}` });

/**
 * Whether a form post comes from one of the site's own pages: every current browser says so (Sec-Fetch-Site, which
 * no page can forge); from one that does not, its Origin must be this very site, scheme, host and port.
 */
export function sentFromThisSite(request: FastifyRequest): boolean {
  const fetchSite = request.headers["sec-fetch-site"];
  if (typeof fetchSite === "string") return fetchSite === "same-origin";
  const { origin } = request.headers;
  const own = `${request.protocol}://${request.host}`;
  return (
    typeof origin === "string" &&
    URL.canParse(origin) &&
    URL.canParse(own) &&
    new URL(origin).origin === new URL(own).origin
  );
}

/**
 * Requests through a proxy (X-Forwarded-For) the host is not told to trust: every visitor looks like the proxy (one
 * rate limit for all, no HSTS). Not knowable at start-up: the first such request is reported loudly, once.
 */
export function warnOfUntrustedProxy(app: FastifyInstance, trustProxy: boolean | string | undefined): void {
  if (trustProxy) return;
  let warned = false;
  app.addHook("onRequest", async (request) => {
    if (warned || request.headers["x-forwarded-for"] === undefined) return;
    warned = true;
    const message = `host: requests arrive through a proxy (${request.socket.remoteAddress} sends X-Forwarded-For) but TRUST_PROXY is not set: every visitor behind it counts as one for the rate limits. Set TRUST_PROXY to that proxy's address.`;
    app.log.error({ alert: "untrusted-proxy", proxy: request.socket.remoteAddress }, message);
    console.error(message);
  });
}

/**
 * An address with only the query parameters its page reads, in the order they came (null: nothing to drop). An
 * unknown parameter (a tracking tag, a random one) would make a page no cache holds: it is dropped by a redirect.
 */
export function canonicalAddress(url: string, query: readonly string[]): string | null {
  const mark = url.indexOf("?");
  if (mark < 0) return null;
  const pairs = url.slice(mark + 1).split("&");
  // a parameter's name as the page reads it: URLSearchParams decodes it (and never throws on a bad escape); the "&"
  // keeps a leading "?" (it would drop it) in the name, so "??make" is not read as "make"
  const kept = pairs.filter((pair) => query.includes(new URLSearchParams(`&${pair}`).keys().next().value ?? ""));
  if (kept.length === pairs.length) return null;
  return `${url.slice(0, mark)}${kept.length > 0 ? `?${kept.join("&")}` : ""}`;
}
