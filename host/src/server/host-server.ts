import { readFile } from "node:fs/promises";
import compress from "@fastify/compress";
import proxy from "@fastify/http-proxy";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { SiteContext } from "remote-kit";
import {
  BUSINESS_DETAILS,
  DEFAULT_REMOTE_PORTS,
  REMOTE_NAMES,
  REMOTES_CONFIG_PATH,
  type RemoteName,
  type RemotesConfig,
} from "shared-types";
import { PageComposer, robotsTxt } from "./page-composer";
import { loadHostAssets } from "./page-document";
import { RemoteDirectory } from "./remote-directory";

declare const __BUILD_TIME__: string;

export interface HostServerOptions {
  /** The host's browser build (dist/): the page template, its assets, its Vite manifest. */
  distDir: string;
  apiOrigin: string;
  /** Each remote's server: /remotes/{name}/ is proxied there, and there its renderer is reached. */
  remoteOrigins: Record<RemoteName, string>;
  /** A JSON file { "catalog": "<manifest URL>", ... }, read on every request; by default the proxied manifests. */
  remotesConfigFile?: string;
  /** The public address of the site (canonical URLs, sitemap), without a trailing slash. */
  siteUrl: string;
  /** A remote render slower than this falls back to the shell and browser rendering. */
  renderTimeoutMs: number;
  breakerResetMs?: number;
  /** This server's own address, for relative manifest URLs outside /remotes/{name}/. */
  selfOrigin: string;
  trustProxy?: boolean | string;
  logLevel?: string;
}

const PAGE_CACHE_CONTROL = "no-cache";

export async function createHostServer(options: HostServerOptions): Promise<FastifyInstance> {
  const assets = loadHostAssets(options.distDir);
  const remotesConfig = async (): Promise<RemotesConfig> => {
    if (options.remotesConfigFile) return JSON.parse(await readFile(options.remotesConfigFile, "utf8"));
    return Object.fromEntries(REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`])) as RemotesConfig;
  };
  const directory = new RemoteDirectory({
    config: remotesConfig,
    remoteOrigins: options.remoteOrigins,
    selfOrigin: options.selfOrigin,
    renderTimeoutMs: options.renderTimeoutMs,
    breakerResetMs: options.breakerResetMs,
  });
  const site = (): SiteContext => ({ siteUrl: options.siteUrl, business: BUSINESS_DETAILS });

  const app = Fastify({
    logger: { level: options.logLevel ?? "warn" },
    trustProxy: options.trustProxy ?? false,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
  });
  await app.register(compress, { threshold: 512 });

  app.get(REMOTES_CONFIG_PATH, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return remotesConfig();
  });

  await app.register(proxy, {
    upstream: options.apiOrigin,
    prefix: "/api",
    rewritePrefix: "/api",
    // the API limits leads per visitor: tell it who the visitor is (replacing, never trusting, a client's own header)
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => ({ ...headers, "x-forwarded-for": request.ip }),
    },
  });
  for (const name of REMOTE_NAMES) {
    await app.register(proxy, {
      upstream: options.remoteOrigins[name],
      prefix: `/remotes/${name}`,
      rewritePrefix: "",
      // the remote's files only: its renderer answers this server, not the public
      httpMethods: ["GET", "HEAD"],
    });
  }

  await app.register(fastifyStatic, {
    root: options.distDir,
    index: false,
    wildcard: true,
    allowedPath: (pathName) => !pathName.startsWith("/.vite/") && pathName !== "/index.html",
    // hashed file names never change content: cache them for a year
    setHeaders(reply, path) {
      reply.header("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  const composer = new PageComposer({
    assets,
    directory,
    remotesConfig,
    site,
    builtAt: __BUILD_TIME__,
    onFallback: ({ remote, path, error }) =>
      app.log.warn({ err: error, remote, path }, "served the shell: the remote's renderer failed"),
  });

  app.get("/robots.txt", async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").send(robotsTxt(options.siteUrl)),
  );

  app.get("/sitemap.xml", async (request, reply) => {
    const xml = await composer.sitemap((remote, error) =>
      request.log.warn({ err: error, remote }, "a remote's sitemap could not be read"),
    );
    return reply.type("application/xml; charset=utf-8").header("cache-control", "no-cache").send(xml);
  });

  async function page(request: FastifyRequest, reply: FastifyReply) {
    const composed = await composer.page(request.url);
    if (composed.kind === "redirect") return reply.redirect(composed.location, composed.status);
    return reply
      .code(composed.status)
      .type("text/html; charset=utf-8")
      .header("cache-control", PAGE_CACHE_CONTROL)
      .send(composed.html);
  }

  app.get("/", page);
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === "GET" && !/\.[a-z0-9]+$/i.test(request.url.split("?")[0] ?? "");
    if (wantsPage) return page(request, reply);
    return reply.code(404).type("text/plain").send("Not found");
  });
  return app;
}

/** Starts the host server from the environment (README "Configuration"). */
export async function startHostServer(distDir: string): Promise<FastifyInstance> {
  const env = process.env;
  const port = Number(env.PORT ?? 4173);
  const host = env.HOST ?? "localhost";
  const remoteOrigins = Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      name,
      env[`REMOTE_${name.toUpperCase()}_ORIGIN`] ?? `http://127.0.0.1:${DEFAULT_REMOTE_PORTS[name]}`,
    ]),
  ) as Record<RemoteName, string>;
  const app = await createHostServer({
    distDir,
    apiOrigin: env.API_ORIGIN ?? "http://127.0.0.1:4180",
    remoteOrigins,
    remotesConfigFile: env.REMOTES_CONFIG_FILE || undefined,
    siteUrl: (env.PUBLIC_SITE_URL || `https://${BUSINESS_DETAILS.domain}`).replace(/\/$/, ""),
    renderTimeoutMs: Number(env.RENDER_TIMEOUT_MS ?? 400),
    breakerResetMs: env.RENDER_BREAKER_RESET_MS ? Number(env.RENDER_BREAKER_RESET_MS) : undefined,
    selfOrigin: `http://localhost:${port}`,
    trustProxy: env.TRUST_PROXY ?? false,
    logLevel: env.LOG_LEVEL ?? "warn",
  });
  await app.listen({ port, host });
  console.log(`host serving http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
  return app;
}
