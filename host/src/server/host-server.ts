import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { SiteContext } from "remote-kit/protocol";
import { requestForLog, startTracing, stopOnSignals, type TimeLimits, timeLimitOptions } from "server-kit";
import { type EdgeRoute, REMOTE_NAMES, type RemotesConfig, unsafePathReason } from "shared-types";
import { parseRemotesConfig, RemotesConfigError } from "shared-types/schemas";
import { BusinessDetailsSource } from "./business-details-source";
import { currentRenderSecret, type HostConfig, readHostConfig } from "./environment";
import { PageComposer } from "./page-composer";
import { loadHostAssets } from "./page-document";
import { edgePlugin } from "./plugins/edge";
import { filesPlugin } from "./plugins/files";
import { formsPlugin } from "./plugins/forms";
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
 * The remote configuration as its file says now (promoting or rolling back a release is an edit of it), checked.
 * Looked at on every request but read only when it changed (a stat costs microseconds, a read and a check far
 * more). A bad file is reported and the last good configuration stays in force: an edit never takes the site down.
 */
export function remotesConfigReader(file: string | undefined, report: (message: string) => void) {
  let lastGood: RemotesConfig = PROXIED_REMOTES_CONFIG;
  let lastProblem = "";
  let lastSeen = "";
  return async (): Promise<RemotesConfig> => {
    if (!file) return lastGood;
    try {
      const stat = statSync(file, { bigint: true });
      // a file changed in the last moments may change again within the file system's clock tick, unseen by its
      // time ("racy" in git's words): it is read each time until it has been still for a while
      const settled = Date.now() - Number(stat.mtimeMs) > 2_000;
      const seen = settled ? `${stat.ino} ${stat.size} ${stat.mtimeNs} ${stat.ctimeNs}` : "";
      if (seen !== "" && seen === lastSeen) return lastGood;
      lastSeen = seen;
      lastGood = parseRemotesConfig(JSON.parse(await readFile(file, "utf8")), file);
      lastProblem = "";
    } catch (error) {
      const problem =
        error instanceof RemotesConfigError ? error.message : `${file} could not be read: ${(error as Error).message}`;
      // once per distinct problem, not once per page
      if (problem !== lastProblem) report(`${problem}; the last good remote configuration stays in force`);
      lastProblem = problem;
    }
    return lastGood;
  };
}

/**
 * The host server, as a tree of plugins, one concern each (src/server/plugins), reading their settings from
 * `app.config`; what they share (the remote directory, the composer, the dealership's details, the remote
 * configuration in force) is made here once: `app.host`.
 */
export async function createHostServer(config: HostConfig, services: HostServices = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // a request's query is never logged: unsubscribe links carry an address and a token there
    logger: { level: config.LOG_LEVEL, serializers: { req: requestForLog } },
    // unset: Fastify's own default, no proxy believed
    trustProxy: config.TRUST_PROXY,
    ...timeLimitOptions(services.timeLimits),
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
  app.decorate("config", config);
  app.decorate("host", hostContext(app, config, services));
  const plugins = [edgePlugin, proxiesPlugin, filesPlugin, pageCachePlugin, pagesPlugin, formsPlugin, sitemapPlugin];
  for (const plugin of plugins) await app.register(plugin);
  return app;
}

/** What the plugins share, made once: `app.host`. */
function hostContext(app: FastifyInstance, config: HostConfig, services: HostServices) {
  const remotesConfig = remotesConfigReader(config.REMOTES_CONFIG_FILE, (message) => app.log.error(message));
  const directory = new RemoteDirectory({
    remoteOrigins: config.REMOTE_ORIGINS,
    selfOrigin: `http://localhost:${config.PORT}`,
    breakerResetMs: config.RENDER_BREAKER_RESET_MS,
    renderSecret: currentRenderSecret(config),
  });
  const businessDetails = new BusinessDetailsSource({
    apiOrigin: config.API_ORIGIN,
    maxAgeMs: config.BUSINESS_DETAILS_MAX_AGE_MS,
    cacheFile: config.BUSINESS_DETAILS_CACHE_FILE,
    onProblem: (message, error) => app.log.warn({ err: error }, message),
    onWaiting: () =>
      console.log(`host: waiting for the API at ${config.API_ORIGIN} (pages answer "Back shortly" until it is up)`),
  });
  /** The site's address and the dealership's details, for this request. */
  const site = async (): Promise<SiteContext> => {
    const business = await businessDetails.current();
    return { siteUrl: config.PUBLIC_SITE_URL ?? `https://${business.domain}`, business };
  };
  const composer = new PageComposer({
    assets: loadHostAssets(config.HOST_DIST_DIR, { vitalsSampleRate: config.WEB_VITALS_SAMPLE_RATE }),
    directory,
    remotesConfig,
    site,
    renderTimeoutMs: config.RENDER_TIMEOUT_MS,
    builtAt: __BUILD_TIME__,
    onFallback: ({ remote, path, error }) =>
      app.log.warn({ err: error, remote, path }, "served the shell: the remote's renderer failed"),
  });
  return { services, directory, composer, businessDetails, remotesConfig, site };
}

/**
 * What the host server is given besides its configuration: fixed by the code that runs it, never by the
 * environment (the tests shorten the time limits and add stand-in API routes).
 */
export interface HostServices {
  /** The API routes the `/api` proxy forwards; by default shared-types PUBLIC_API_ROUTES. */
  publicApiRoutes?: readonly EdgeRoute[];
  /** How long a client may take to send its request, stay silent, or idle between requests. */
  timeLimits?: TimeLimits;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The host server's configuration (environment.ts), parsed once: what every plugin reads its settings from. */
    config: HostConfig;
    host: ReturnType<typeof hostContext>;
  }
}

/** Starts the host server from the environment (README "Configuration"); its build: HOST_DIST_DIR or `defaultDistDir`. */
export async function startHostServer(defaultDistDir: string): Promise<FastifyInstance> {
  const config = readHostConfig(defaultDistDir);
  const tracing = await startTracing("host", config.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (!currentRenderSecret(config)) {
    console.warn(
      "host: RENDER_SECRET is not set, so no remote will render for it: every page is composed in the browser. Give the host and each remote the same RENDER_SECRET.",
    );
  }
  const app = await createHostServer(config);
  app.addHook("onClose", () => tracing.shutdown());
  await app.listen({ port: config.PORT, host: config.HOST });
  // SIGTERM: stop taking connections, finish the pages in flight, exit; at most 10 s (server-kit)
  stopOnSignals(() => app.close());
  console.log(`host serving http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${config.PORT}`);
  return app;
}
