import { createServer, type IncomingMessage, type Server } from "node:http";
import type { FastifyInstance, RouteOptions } from "fastify";
import { type ApiEdge, PUBLIC_API_ROUTES } from "shared-types";
import type { ApiConfig } from "../config.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Which listener serves the route (shared-types ApiEdge); public routes are PUBLIC_API_ROUTES' and need none. */
    edge?: ApiEdge;
  }
  interface FastifyInstance {
    /** The internal and staff listeners (listenOnEdges), closed with the app. */
    edgeServers: Server[];
  }
}

/** Set by the internal and staff listeners on each request they take; a request without it came to the public one. */
const LISTENER_EDGE = Symbol("fleet.listener-edge");
type EdgeRequest = IncomingMessage & { [LISTENER_EDGE]?: ApiEdge; isLightMyRequest?: boolean };

const publicKey = (method: string, url: string) => `${method === "HEAD" ? "GET" : method} ${url}`;
const PUBLIC_KEYS = new Set(PUBLIC_API_ROUTES.map((route) => publicKey(route.method, route.url)));

const notFoundBody = (method: string, url: string) => ({
  error: "Not Found",
  message: `No route ${method} ${url.split("?", 1)[0]}`,
});

/**
 * Every route is served on one edge: public when shared-types PUBLIC_API_ROUTES lists it, otherwise the edge its
 * config declares (internal or staff). A route that is neither stops the API at start-up, as does a listed public
 * route the API no longer has, so the list the site's proxy forwards cannot drift from the API. A request that
 * reaches a route through another edge's listener is answered as if the route did not exist.
 */
export function declareEdges(app: FastifyInstance): void {
  app.decorate("edgeServers", [] as Server[]);
  app.addHook("onClose", async () => {
    await Promise.all(
      app.edgeServers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      ),
    );
  });
  const routes: RouteOptions[] = [];
  app.addHook("onRoute", (route) => {
    const methods = [route.method].flat().map(String);
    const listed = methods.every((method) => PUBLIC_KEYS.has(publicKey(method, route.url)));
    if (listed) {
      if (route.config?.edge && route.config.edge !== "public") {
        throw new Error(
          `${methods} ${route.url} is a public route (PUBLIC_API_ROUTES) but declares ${route.config.edge}`,
        );
      }
      route.config = { ...route.config, edge: "public" };
    }
    routes.push(route);
  });
  app.addHook("onReady", async () => {
    const undeclared = routes.filter((route) => !route.config?.edge);
    if (undeclared.length > 0) {
      const names = undeclared.map((route) => `${[route.method].flat().join(",")} ${route.url}`).join("; ");
      throw new Error(
        `API routes with no edge: ${names}. List a public one in shared-types PUBLIC_API_ROUTES, or declare config.edge "internal" or "staff".`,
      );
    }
    const missing = PUBLIC_API_ROUTES.filter((route) => !app.hasRoute({ method: route.method, url: route.url }));
    if (missing.length > 0) {
      throw new Error(
        `PUBLIC_API_ROUTES names routes the API does not have: ${missing.map((r) => `${r.method} ${r.url}`).join("; ")}`,
      );
    }
  });
  app.addHook("onRequest", async (request, reply) => {
    const raw = request.raw as EdgeRequest;
    // app.inject (the tests' client) comes through no listener: it may call every route
    if (raw.isLightMyRequest) return;
    const listener = raw[LISTENER_EDGE] ?? "public";
    const edge = request.routeOptions.config?.edge;
    if (edge && edge !== listener) return reply.code(404).send(notFoundBody(request.method, request.url));
  });
}

/** Staff routes: whatever this scope registers is served on the staff listener only. */
export function staffScope(scope: FastifyInstance): void {
  scope.addHook("onRoute", (route) => {
    route.config = { ...route.config, edge: "staff" };
  });
}

export interface Listener {
  port: number;
  host: string;
}

/** Where each listener is, as configured (PORT and HOST, API_INTERNAL_*, API_STAFF_*). */
export const configuredListeners = (
  config: Pick<
    ApiConfig,
    "PORT" | "HOST" | "API_INTERNAL_PORT" | "API_INTERNAL_HOST" | "API_STAFF_PORT" | "API_STAFF_HOST"
  >,
): Record<ApiEdge, Listener> => ({
  public: { port: config.PORT, host: config.HOST },
  internal: { port: config.API_INTERNAL_PORT, host: config.API_INTERNAL_HOST },
  staff: { port: config.API_STAFF_PORT, host: config.API_STAFF_HOST },
});

export interface ServerTimeouts {
  requestMs: number;
  connectionMs: number;
  keepAliveMs: number;
}

/**
 * Starts the API's three listeners: the public one (the site's proxy and the renderers), the internal one (the
 * hosts' change stream, the CRM's export, delivery health: the machines the site runs on) and the staff one (the
 * staff edge). Each has the public one's time limits; each serves only its own edge's routes. Answers the
 * addresses they listen on.
 */
export async function listenOnEdges(
  app: FastifyInstance,
  listeners: Record<ApiEdge, Listener>,
  timeouts: ServerTimeouts,
): Promise<Record<ApiEdge, string>> {
  const publicAddress = await app.listen(listeners.public);
  const addresses: Record<ApiEdge, string> = { public: publicAddress, internal: "", staff: "" };
  for (const edge of ["internal", "staff"] as const) {
    const server = createServer(
      {
        requestTimeout: timeouts.requestMs,
        headersTimeout: timeouts.requestMs,
        keepAliveTimeout: timeouts.keepAliveMs,
        connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(timeouts.requestMs / 3))),
      },
      (request, response) => {
        (request as EdgeRequest)[LISTENER_EDGE] = edge;
        app.routing(request, response);
      },
    );
    server.setTimeout(timeouts.connectionMs);
    app.edgeServers.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(listeners[edge].port, listeners[edge].host, () => resolve());
    });
    const { port } = server.address() as { port: number };
    const host = listeners[edge].host.includes(":") ? `[${listeners[edge].host}]` : listeners[edge].host;
    addresses[edge] = `http://${host}:${port}`;
  }
  return addresses;
}
