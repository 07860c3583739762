import proxy from "@fastify/http-proxy";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { PUBLIC_API_ROUTES, REMOTE_NAMES, REMOTES_CONFIG_PATH } from "shared-types";
import { publicApiGate } from "../public-edge";

/**
 * Headers a client may send that only a proxy this server trusts may set: never passed on as the client wrote
 * them. The API learns the visitor's address and protocol from this server's own reading of the request.
 */
const CLIENT_FORWARDING_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
  "x-forwarded-port",
  "x-real-ip",
];

function forwardedFor<H extends object>(request: { ip: string; protocol: string }, headers: H): H {
  const clean = { ...headers } as Record<string, unknown>;
  for (const name of CLIENT_FORWARDING_HEADERS) delete clean[name];
  return { ...clean, "x-forwarded-for": request.ip, "x-forwarded-proto": request.protocol } as H;
}

/** `/api` (the API's public routes only), each remote's files under `/remotes/{name}/`, and the configuration in force. */
export const proxiesPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const { services, remotesConfig } = app.host;
  const timeoutMs = config.PROXY_TIMEOUT_MS;
  const forward = (options: Parameters<typeof proxy>[1]) =>
    app.register(proxy, {
      // undici's own limits are five minutes: a hung upstream answers 504 in seconds instead
      undici: { connectTimeout: Math.min(5_000, timeoutMs), headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
      // tell the upstream who the visitor is (replacing, never trusting, a client's own header): the API limits
      // requests per visitor
      replyOptions: { rewriteRequestHeaders: forwardedFor },
      ...options,
    });

  app.get(REMOTES_CONFIG_PATH, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return remotesConfig();
  });

  // the API's public routes, and no other: its internal and staff routes are on listeners of their own, and even
  // a route the API would answer here is not forwarded unless it is on the list
  await forward({
    upstream: config.API_ORIGIN,
    prefix: "/api",
    rewritePrefix: "/api",
    preHandler: publicApiGate(services.publicApiRoutes ?? PUBLIC_API_ROUTES),
    httpMethods: ["GET", "HEAD", "POST"],
  });
  for (const name of REMOTE_NAMES) {
    // the remote's files only: its renderer answers this server, not the public
    await forward({ upstream: config.REMOTE_ORIGINS[name], prefix: `/remotes/${name}`, httpMethods: ["GET", "HEAD"] });
  }
});
