import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import type { RemoteName } from "shared-types";
import type { RenderRequest } from "../protocol.js";
import type { RemoteRenderModule } from "../render/index.js";
import { DEFAULT_TIME_LIMITS, registerSecurityHeaders, type TimeLimits, timeLimitOptions } from "./hardening.js";

export * from "./hardening.js";
export * from "./slow-client.js";

export interface RemoteServerOptions {
  remote: RemoteName;
  /** The remote package's directory: dist/ (the browser build) and dist-server/ (the renderer) are inside. */
  root: string | URL;
  apiOrigin: string;
  /** Origins allowed to load this remote's files from elsewhere (CORS); none while it is served behind the host. */
  corsOrigins?: readonly string[];
  /** Which proxies' X-Forwarded-Proto to believe (Fastify trustProxy syntax): HSTS is sent over TLS only. */
  trustProxy?: boolean | string;
  timeLimits?: TimeLimits;
  logLevel?: string;
}

const HASHED_ASSETS = /^\/assets\//;
/** Build by-products that are not part of the deployed remote. */
const NOT_SERVED = [/^\/\.vite\//, /^\/index\.html$/, /^\/mf-stats\.json$/];

function isRenderRequest(body: unknown): body is RenderRequest {
  const b = body as Partial<RenderRequest> | null;
  return (
    typeof b?.path === "string" &&
    b.path.startsWith("/") &&
    typeof b.remoteBase === "string" &&
    typeof b.site?.siteUrl === "string" &&
    typeof b.site?.business?.name === "string" &&
    typeof b.peers === "object" &&
    b.peers !== null
  );
}

/**
 * A remote's production server: its static build (hashed assets cached for a year, the manifest, entry and
 * published data revalidated on every use), and its renderer (POST /render, GET /sitemap.json).
 */
export async function createRemoteServer(options: RemoteServerOptions): Promise<FastifyInstance> {
  const root = typeof options.root === "string" ? options.root : fileURLToPath(options.root);
  const entry = await import(pathToFileURL(join(root, "dist-server/server-entry.js")).href);
  const renderer = (entry as { default: RemoteRenderModule }).default;
  renderer.configure({ apiOrigin: options.apiOrigin });
  await renderer.warmUp();
  const corsOrigins = new Set(options.corsOrigins ?? []);

  const app = Fastify({
    logger: { level: options.logLevel ?? "warn" },
    bodyLimit: 64 * 1024,
    trustProxy: options.trustProxy ?? false,
    ...timeLimitOptions(options.timeLimits ?? { ...DEFAULT_TIME_LIMITS, requestMs: 10_000, connectionMs: 10_000 }),
  });
  await app.register(compress, { threshold: 512 });
  // scripts, styles and JSON only: nothing here may run as a page or be framed. Another origin may load the files
  // only when the remote is configured there (CORS_ORIGINS), and then only that origin.
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
    crossOriginResourcePolicy: corsOrigins.size > 0 ? "cross-origin" : "same-origin",
  });

  app.addHook("onSend", async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && corsOrigins.has(origin)) {
      reply.header("access-control-allow-origin", origin);
      reply.header("vary", "Origin");
    }
  });

  await app.register(fastifyStatic, {
    root: join(root, "dist"),
    index: false,
    wildcard: true,
    allowedPath: (pathName) => !NOT_SERVED.some((pattern) => pattern.test(pathName)),
    setHeaders(reply, filePath) {
      const relative = filePath.slice(join(root, "dist").length);
      reply.header("cache-control", HASHED_ASSETS.test(relative) ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  app.post("/render", async (request, reply) => {
    if (!isRenderRequest(request.body)) {
      return reply.code(400).send({ error: "Bad Request", message: "expected a render request" });
    }
    try {
      const result = await renderer.render(request.body);
      return reply.header("cache-control", "no-store").send(result);
    } catch (error) {
      const notOwned = (error as Error).constructor?.name === "RouteNotOwnedError";
      if (!notOwned) request.log.error({ err: error, path: request.body.path }, "render failed");
      return reply
        .code(notOwned ? 404 : 500)
        .send({ error: notOwned ? "Not Found" : "Render Failed", message: (error as Error).message });
    }
  });

  app.get("/sitemap.json", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return renderer.sitemap();
  });

  app.get("/health", async () => ({ ok: true, remote: options.remote }));
  return app;
}

/**
 * Starts a remote's server from the environment: PORT, HOST, API_ORIGIN, CORS_ORIGINS (comma-separated),
 * TRUST_PROXY, LOG_LEVEL.
 */
export async function startRemoteServer(remote: RemoteName, root: URL, defaultPort: number): Promise<FastifyInstance> {
  const env = process.env;
  const app = await createRemoteServer({
    remote,
    root,
    apiOrigin: env.API_ORIGIN ?? "http://127.0.0.1:4180",
    corsOrigins: (env.CORS_ORIGINS ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY || false,
    logLevel: env.LOG_LEVEL ?? "warn",
  });
  const port = Number(env.PORT ?? defaultPort);
  const host = env.HOST ?? "127.0.0.1";
  await app.listen({ port, host });
  console.log(`${remote} remote serving http://${host}:${port} (static files, /render, /sitemap.json)`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      app.close().then(() => process.exit(0));
    });
  }
  return app;
}
