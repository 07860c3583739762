import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyAutoload from "@fastify/autoload";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { requestForLog, timeLimitOptions } from "server-kit";
import { registerSecurity } from "./plugins/security.js";
import { registerSession } from "./plugins/session.js";

export { SESSION_COOKIE } from "./plugins/session.js";

/** The largest file the desk takes: a feed of the whole stock (a special's image is held to less by the API). */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

export interface DeskOptions {
  /** The API's staff listener (API_STAFF_ORIGIN). */
  apiOrigin: string;
  /** The key the staff listener knows the desk by (STAFF_DESK_KEY): with it, each visitor's failures are theirs. */
  deskKey?: string;
  logLevel?: string;
  /** Which proxies' X-Forwarded-* to believe (Fastify trustProxy syntax). */
  trustProxy?: string | boolean;
}

/**
 * Team desk's server: the staff desk's pages, rendered here, their forms posting back and redirecting (post,
 * redirect, get), so every page works without scripts. It holds no data and decides nothing: each page asks the
 * API's staff routes for its member, and the API says what the member's role may see and do. Each concern's pages
 * and routes are a folder of routes/, loaded as they are found.
 */
export async function buildDesk(options: DeskOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? "warn", serializers: { req: requestForLog } },
    trustProxy: options.trustProxy ?? "loopback",
    ...timeLimitOptions(),
  });
  await registerSecurity(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  await app.register(fastifyMultipart, { limits: { files: 1, fileSize: MAX_FILE_BYTES, fields: 20 } });
  registerSession(app, options);
  await app.register(fastifyAutoload, {
    dir: join(dirname(fileURLToPath(import.meta.url)), "routes"),
    dirNameRoutePrefix: false,
  });
  return app;
}
