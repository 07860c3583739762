import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyAutoload from "@fastify/autoload";
import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifyMultipart from "@fastify/multipart";
import Fastify, { type FastifyInstance } from "fastify";
import { requestForLog, timeLimitOptions } from "server-kit";
import type { DeskEnvironment } from "./environment.js";
import { registerSecurity } from "./plugins/security.js";
import { registerSession } from "./plugins/session.js";

export { SESSION_COOKIE } from "./plugins/session.js";

/** The largest file the desk takes: a feed of the whole stock (a special's image is held to less by the API). */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

/**
 * Team desk's server: the staff desk's pages, rendered here, their forms posting back and redirecting (post,
 * redirect, get), so every page works without scripts. It holds no data and decides nothing: each page asks the
 * API's staff routes for its member, and the API says what the member's role may see and do. Each concern's pages
 * and routes are a folder of routes/, loaded as they are found. It reads its configuration as parsed once
 * (environment.ts), defaults and all.
 */
export async function buildDesk(config: DeskEnvironment): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, serializers: { req: requestForLog } },
    trustProxy: config.TRUST_PROXY,
    ...timeLimitOptions(),
  });
  await registerSecurity(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  await app.register(fastifyMultipart, { limits: { files: 1, fileSize: MAX_FILE_BYTES, fields: 20 } });
  registerSession(app, { apiOrigin: config.API_STAFF_ORIGIN, deskKey: config.STAFF_DESK_KEY });
  await app.register(fastifyAutoload, {
    dir: join(dirname(fileURLToPath(import.meta.url)), "routes"),
    dirNameRoutePrefix: false,
  });
  return app;
}
