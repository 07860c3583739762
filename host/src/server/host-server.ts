import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { SiteContext } from "remote-kit/protocol";
import { requestForLog, startTracing, stopOnSignals, timeLimitOptions } from "server-kit";
import { REMOTE_NAMES, type RemoteName, type RemotesConfig, unsafePathReason } from "shared-types";
import { parseRemotesConfig, RemotesConfigError } from "shared-types/schemas";
import { BusinessDetailsSource } from "./business-details-source";
import { readHostEnvironment } from "./environment";
import { PageComposer } from "./page-composer";
import { loadHostAssets } from "./page-document";
import { edgePlugin } from "./plugins/edge";
import { filesPlugin } from "./plugins/files";
import { formsPlugin } from "./plugins/forms";
import type { HostContext, HostServerOptions } from "./plugins/host-context";

export type { HostServerOptions };

import { pageCachePlugin } from "./plugins/page-cache";
import { pagesPlugin } from "./plugins/pages";
import { proxiesPlugin } from "./plugins/proxies";
import { sitemapPlugin } from "./plugins/sitemap";
import { refuseUnsafe } from "./public-edge";
import { RemoteDirectory } from "./remote-directory";

declare const __BUILD_TIME__: string;

const PROXIED_REMOTES_CONFIG = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
) as RemotesConfig;

/**
 * The remote configuration, as its file says now (promoting or rolling back a release is an edit of it: the next
 * page is made from it) and checked against its schema. The file is looked at on every request but read only when
 * it changed (its size, time or inode: a stat costs microseconds, a read and a check far more). A file that does
 * not parse, or names a bad entry, is reported with what is wrong, and the last good configuration stays in force:
 * an edit can never take the site down.
 */
export function remotesConfigReader(file: string | undefined, report: (message: string) => void) {
  let lastGood: RemotesConfig = PROXIED_REMOTES_CONFIG;
  let lastProblem = "";
  let lastSeen = "";
  const problemWith = (error: unknown) =>
    error instanceof RemotesConfigError ? error.message : `${file} could not be read: ${(error as Error).message}`;
  const tell = (problem: string) => {
    // once per distinct problem, not once per page
    if (problem !== lastProblem) report(`${problem}; the last good remote configuration stays in force`);
    lastProblem = problem;
  };
  return async (): Promise<RemotesConfig> => {
    if (!file) return lastGood;
    let seen: string;
    try {
      const stat = statSync(file, { bigint: true });
      // a file changed in the last moments may change again within the file system's clock tick, unseen by its
      // time ("racy" in git's words): it is read each time until it has been still for a while
      const settled = Date.now() - Number(stat.mtimeMs) > 2_000;
      seen = settled ? `${stat.ino} ${stat.size} ${stat.mtimeNs} ${stat.ctimeNs}` : "";
    } catch (error) {
      tell(problemWith(error));
      lastSeen = "";
      return lastGood;
    }
    if (seen !== "" && seen === lastSeen) return lastGood;
    try {
      lastGood = parseRemotesConfig(JSON.parse(await readFile(file, "utf8")), file);
      lastProblem = "";
    } catch (error) {
      tell(problemWith(error));
    }
    lastSeen = seen;
    return lastGood;
  };
}

/**
 * The host server, as a tree of plugins, one concern each (src/server/plugins): the edge (unsafe paths, headers,
 * ETags, compression), the proxies (the API's public routes, the remotes' files), the host's files, the page cache
 * and its purges, the pages, the forms sent without scripts, the sitemap. What they share (the remote directory,
 * the page composer, the dealership's details, the configuration in force) is made here once: `app.host`.
 */
export async function createHostServer(options: HostServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // a request's query is never logged: unsubscribe links carry an address and a token there
    logger: {
      level: options.logLevel ?? "warn",
      serializers: { req: requestForLog },
    },
    trustProxy: options.trustProxy ?? false,
    ...timeLimitOptions(options.timeLimits),
    // an address the router cannot decode ("/inventory/vehicle/%E0%A4") is still a page: the owning remote says
    // what it can of it (not found), or the visitor goes home; never a bare error answer
    frameworkErrors: (error, request, reply) => {
      const unsafe = unsafePathReason(request.raw.url ?? "");
      if (unsafe) return void refuseUnsafe(reply as FastifyReply, unsafe);
      if (error.code === "FST_ERR_BAD_URL" && request.method === "GET") {
        return void app.page(request as FastifyRequest, reply as FastifyReply);
      }
      void (reply as FastifyReply).code(400).send({ error: "Bad Request", message: error.message });
    },
  });

  const remotesConfig = remotesConfigReader(options.remotesConfigFile, (message) => app.log.error(message));
  const directory = new RemoteDirectory({
    remoteOrigins: options.remoteOrigins,
    selfOrigin: options.selfOrigin,
    breakerResetMs: options.breakerResetMs,
    renderSecret: options.renderSecret,
  });
  const businessDetails = new BusinessDetailsSource({
    apiOrigin: options.apiOrigin,
    maxAgeMs: options.businessDetailsMaxAgeMs ?? 30_000,
    cacheFile: options.businessDetailsCacheFile,
    onProblem: (message, error) => app.log.warn({ err: error }, message),
    onWaiting: () =>
      console.log(`host: waiting for the API at ${options.apiOrigin} (pages answer "Back shortly" until it is up)`),
  });
  const site = async (): Promise<SiteContext> => {
    const business = await businessDetails.current();
    return { siteUrl: options.siteUrl ?? `https://${business.domain}`, business };
  };
  const composer = new PageComposer({
    assets: loadHostAssets(options.distDir, { vitalsSampleRate: options.vitalsSampleRate }),
    directory,
    remotesConfig,
    site,
    renderTimeoutMs: options.renderTimeoutMs,
    builtAt: __BUILD_TIME__,
    onFallback: ({ remote, path, error }) =>
      app.log.warn({ err: error, remote, path }, "served the shell: the remote's renderer failed"),
  });
  app.decorate("host", { options, directory, composer, businessDetails, remotesConfig, site } satisfies HostContext);

  await app.register(edgePlugin);
  await app.register(proxiesPlugin);
  await app.register(filesPlugin);
  await app.register(pageCachePlugin);
  await app.register(pagesPlugin);
  await app.register(formsPlugin);
  await app.register(sitemapPlugin);
  return app;
}

/** Starts the host server from the environment (README "Configuration"), checked once (environment.ts). */
export async function startHostServer(defaultDistDir: string): Promise<FastifyInstance> {
  const env = readHostEnvironment();
  const tracing = await startTracing("host", env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const distDir = env.HOST_DIST_DIR ? resolve(env.HOST_DIST_DIR) : defaultDistDir;
  const [renderSecret = null] = env.RENDER_SECRET;
  if (!renderSecret) {
    console.warn(
      "host: RENDER_SECRET is not set, so no remote will render for it: every page is composed in the browser. Give the host and each remote the same RENDER_SECRET.",
    );
  }
  const app = await createHostServer({
    distDir,
    vitalsSampleRate: env.WEB_VITALS_SAMPLE_RATE,
    renderSecret,
    apiOrigin: env.API_ORIGIN,
    apiInternalOrigin: env.API_INTERNAL_ORIGIN,
    remoteOrigins: Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, env[`REMOTE_${name.toUpperCase() as Uppercase<RemoteName>}_ORIGIN`]]),
    ) as Record<RemoteName, string>,
    remotesConfigFile: env.REMOTES_CONFIG_FILE,
    siteUrl: env.PUBLIC_SITE_URL,
    businessDetailsMaxAgeMs: env.BUSINESS_DETAILS_MAX_AGE_MS,
    businessDetailsCacheFile: env.BUSINESS_DETAILS_CACHE_FILE ?? join(distDir, "..", ".cache", "business-details.json"),
    renderTimeoutMs: env.RENDER_TIMEOUT_MS,
    breakerResetMs: env.RENDER_BREAKER_RESET_MS,
    selfOrigin: `http://localhost:${env.PORT}`,
    trustProxy: env.TRUST_PROXY ?? false,
    imageSources: env.CSP_IMAGE_SOURCES,
    proxyTimeoutMs: env.PROXY_TIMEOUT_MS,
    logLevel: env.LOG_LEVEL,
    pageCache: env.PAGE_CACHE === "on",
    followChanges: env.FOLLOW_CHANGES === "on",
    sharedCachePurgeUrls: env.SHARED_CACHE_PURGE_URLS,
    sharedCachePurgeSecret: env.SHARED_CACHE_PURGE_SECRET,
  });
  app.addHook("onClose", () => tracing.shutdown());
  await app.listen({ port: env.PORT, host: env.HOST });
  // SIGTERM: stop taking connections, finish the pages in flight, exit; at most 10 s (server-kit)
  stopOnSignals(() => app.close());
  console.log(`host serving http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`);
  return app;
}
