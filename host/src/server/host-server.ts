import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import compress from "@fastify/compress";
import etag from "@fastify/etag";
import formbody from "@fastify/formbody";
import proxy from "@fastify/http-proxy";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { SiteContext } from "remote-kit";
import { FORM_FIELD, type FormOutcome, formOwner, type SubmittedForm } from "remote-kit/protocol";
import {
  DYNAMIC_COMPRESSION,
  registerSecurityHeaders,
  requestForLog,
  type TimeLimits,
  timeLimitOptions,
} from "remote-kit/server";
import {
  CACHE_TAGS,
  type EdgeRoute,
  PUBLIC_API_ROUTES,
  REMOTE_NAMES,
  REMOTES_CONFIG_PATH,
  type RemoteName,
  type RemotesConfig,
  unsafePathReason,
} from "shared-types";
import { parseRemotesConfig, RemotesConfigError } from "shared-types/schemas";
import { BusinessDetailsSource, BusinessDetailsUnavailable } from "./business-details-source";
import { followChanges, sharedCachePurger, watchRemoteReleases } from "./cache-invalidation";
import { pageContentSecurityPolicy } from "./content-security-policy";
import { readHostEnvironment } from "./environment";
import { type CachedAnswer, PageCache } from "./page-cache";
import { type ComposedPage, PageComposer, robotsTxt } from "./page-composer";
import { loadHostAssets } from "./page-document";
import {
  canonicalAddress,
  publicApiGate,
  refuseUnsafe,
  refuseUnsafePaths,
  sentFromThisSite,
  warnOfUntrustedProxy,
} from "./public-edge";
import { RemoteDirectory } from "./remote-directory";

declare const __BUILD_TIME__: string;

export interface HostServerOptions {
  /** The host's browser build (dist/): the page template, its assets, its Vite manifest. */
  distDir: string;
  /** The API's public listener: `/api` is proxied there (its public routes only), and the details read from it. */
  apiOrigin: string;
  /** The API's internal listener: the change stream is followed there (never through the public site). */
  apiInternalOrigin?: string;
  /** The API routes the `/api` proxy forwards (shared-types PUBLIC_API_ROUTES; tests add stand-ins). */
  publicApiRoutes?: readonly EdgeRoute[];
  /** Each remote's server: /remotes/{name}/ is proxied there, and there its renderer is reached. */
  remoteOrigins: Record<RemoteName, string>;
  /** A JSON file { "catalog": "<manifest URL>", ... }, read on every request; by default the proxied manifests. */
  remotesConfigFile?: string;
  /** The public address of the site (canonical URLs, sitemap), without a trailing slash; else https://{domain}. */
  siteUrl?: string;
  /** How long the dealership's details from the API are used before they are asked for again. */
  businessDetailsMaxAgeMs?: number;
  /** Where the last good business details are kept across restarts (none: memory only). */
  businessDetailsCacheFile?: string;
  /** A remote render slower than this falls back to the shell and browser rendering. */
  renderTimeoutMs: number;
  breakerResetMs?: number;
  /** RENDER_SECRET's current secret, which remotes' servers require on every render request; null: none is signed. */
  renderSecret: string | null;
  /** This server's own address, for relative manifest URLs outside /remotes/{name}/. */
  selfOrigin: string;
  /**
   * Which proxies to believe (Fastify trustProxy syntax): the TLS-terminating proxy's X-Forwarded-Proto decides
   * whether a visitor came over TLS (HSTS, upgrade-insecure-requests), its X-Forwarded-For who the visitor is.
   */
  trustProxy?: boolean | string;
  /** Image origins outside the site the pages may show (a media host); remotes declare their own. */
  imageSources?: readonly string[];
  /** Time limits on proxied calls: a hung API or remote answers 504 after this, not minutes later. */
  proxyTimeoutMs?: number;
  /** How long a client may take to send its request, stay silent, or idle between requests (tests shorten them). */
  timeLimits?: TimeLimits;
  logLevel?: string;
  /** The host's own cache of composed pages (PAGE_CACHE=off turns it off); on by default. */
  pageCache?: boolean;
  /** Follow the API's change signal (GET {apiOrigin}/api/changes) and purge what changed; on by default. */
  followChanges?: boolean;
  /** Shared caches in front of the site to purge by tag (SHARED_CACHE_PURGE_URLS): Varnish with xkey. */
  sharedCachePurgeUrls?: readonly string[];
  /** The shared secret a shared cache asks of a PURGE besides the address it comes from (SHARED_CACHE_PURGE_SECRET). */
  sharedCachePurgeSecret?: string;
  /** How often each remote's manifest is read for a new build or release (its pages are purged then). */
  releaseCheckMs?: number;
}

/**
 * How long a shared cache (the host's own, Varnish, a CDN) keeps each kind of page, and how long it may still
 * serve it while it makes a fresh one. Browsers always ask again (max-age=0) and get a 304 when it has not changed.
 * Pages that show units are purged the moment a unit changes (CACHE_TAGS): their time is only a backstop.
 */
export function cachePolicy(page: Extract<ComposedPage, { kind: "page" }>): { freshS: number; staleS: number } {
  if (page.fallback) return { freshS: 5, staleS: 0 };
  const showsStock = page.tags.some((tag) => tag === CACHE_TAGS.inventory || tag.startsWith("unit:"));
  if (page.status === 200) return showsStock ? { freshS: 300, staleS: 60 } : { freshS: 3600, staleS: 86_400 };
  if (page.status === 404 || page.status === 410) return { freshS: 300, staleS: 60 };
  return { freshS: 0, staleS: 0 };
}

const cacheControl = ({ freshS, staleS }: { freshS: number; staleS: number }) =>
  freshS > 0
    ? `public, max-age=0, s-maxage=${freshS}${staleS > 0 ? `, stale-while-revalidate=${staleS}` : ""}`
    : "no-store";

/** Methods a page answers: reads, and forms sent without scripts. */
const PAGE_METHODS = "GET, HEAD, POST";
const FILE_METHODS = "GET, HEAD";

const PROXIED_REMOTES_CONFIG = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
) as RemotesConfig;

/**
 * The remote configuration, read from its file on every request (promoting or rolling back a release is an edit
 * of it) and checked against its schema. A file that does not parse, or names a bad entry, is reported with what
 * is wrong, and the last good configuration stays in force: an edit can never take the site down.
 */
export function remotesConfigReader(file: string | undefined, report: (message: string) => void) {
  let lastGood: RemotesConfig = PROXIED_REMOTES_CONFIG;
  let lastProblem = "";
  return async (): Promise<RemotesConfig> => {
    if (!file) return lastGood;
    try {
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

export async function createHostServer(options: HostServerOptions): Promise<FastifyInstance> {
  const assets = loadHostAssets(options.distDir);
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
        return void page(request as FastifyRequest, reply as FastifyReply);
      }
      void (reply as FastifyReply).code(400).send({ error: "Bad Request", message: error.message });
    },
  });
  // before anything else: a path that could mean two things is refused, and a proxy nobody trusts is reported
  refuseUnsafePaths(app);
  warnOfUntrustedProxy(app, options.trustProxy);
  // every answer that is not a file gets an ETag (of its content, before compression: weak, so it names every
  // encoding of it), and a 304 when the browser has it already
  await app.register(etag, { weak: true });
  // one cheap pass for what is made per request; scripts and styles were compressed at build time (preCompressed)
  await app.register(compress, DYNAMIC_COMPRESSION);
  // every response: the strictest policy, which a page replaces with its own (its inline parts' hashes, its sources)
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
    },
    crossOriginResourcePolicy: "same-origin",
    crossOriginOpenerPolicy: false,
  });
  const proxyTimeoutMs = options.proxyTimeoutMs ?? 10_000;
  // undici's own limits are five minutes: a hung upstream answers 504 in seconds instead
  const proxyLimits = {
    undici: {
      connectTimeout: Math.min(5_000, proxyTimeoutMs),
      headersTimeout: proxyTimeoutMs,
      bodyTimeout: proxyTimeoutMs,
    },
  };

  app.get(REMOTES_CONFIG_PATH, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return remotesConfig();
  });

  // the API's public routes, and no other: its internal and staff routes are on listeners of their own, and even
  // a route the API would answer here is not forwarded unless it is on the list
  await app.register(proxy, {
    upstream: options.apiOrigin,
    prefix: "/api",
    rewritePrefix: "/api",
    ...proxyLimits,
    preHandler: publicApiGate(options.publicApiRoutes ?? PUBLIC_API_ROUTES),
    httpMethods: ["GET", "HEAD", "POST"],
    // the API limits requests per visitor: tell it who the visitor is (replacing, never trusting, a client's own header)
    replyOptions: { rewriteRequestHeaders: forwardedFor },
  });
  for (const name of REMOTE_NAMES) {
    await app.register(proxy, {
      upstream: options.remoteOrigins[name],
      prefix: `/remotes/${name}`,
      rewritePrefix: "",
      ...proxyLimits,
      // the remote's files only: its renderer answers this server, not the public
      httpMethods: ["GET", "HEAD"],
      replyOptions: { rewriteRequestHeaders: forwardedFor },
    });
  }

  await app.register(fastifyStatic, {
    root: options.distDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    allowedPath: (pathName) => !pathName.startsWith("/.vite/") && !/^\/index\.html(\.br|\.gz)?$/.test(pathName),
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
    renderTimeoutMs: options.renderTimeoutMs,
    builtAt: __BUILD_TIME__,
    onFallback: ({ remote, path, error }) =>
      app.log.warn({ err: error, remote, path }, "served the shell: the remote's renderer failed"),
  });

  app.get("/robots.txt", async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", cacheControl({ freshS: 3600, staleS: 86_400 }))
      .send(robotsTxt((await site()).siteUrl)),
  );
  // the API has never answered since this server started and no copy was kept: nothing to show the dealership's
  // phones and hours with, so say so briefly (a monitor and a visitor both understand a 503)
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof BusinessDetailsUnavailable) {
      // the API has not answered since this server started: it is starting, or down (said once, above)
      request.log.info("no business details to compose pages with yet");
      return reply
        .code(503)
        .header("retry-after", "10")
        .type("text/html; charset=utf-8")
        .send(
          "<!doctype html><title>Back shortly</title><p>Our website is starting. Please try again in a moment.</p>",
        );
    }
    return reply.send(error);
  });

  app.get("/sitemap.xml", async (request, reply) => {
    const answer = await cached(request, async () => {
      const xml = await composer.sitemap((remote, error) =>
        request.log.warn({ err: error, remote }, "a remote's sitemap could not be read"),
      );
      const policy = { freshS: 600, staleS: 3600 };
      return {
        status: 200,
        headers: { "content-type": "application/xml; charset=utf-8", "cache-control": cacheControl(policy) },
        body: xml,
        tags: [CACHE_TAGS.site, CACHE_TAGS.inventory, ...REMOTE_NAMES.map(CACHE_TAGS.remote)],
        freshMs: policy.freshS * 1000,
        staleMs: policy.staleS * 1000,
      };
    });
    return sendAnswer(reply, answer);
  });

  const pageCache = options.pageCache === false ? null : new PageCache();
  const purgeShared = sharedCachePurger(options.sharedCachePurgeUrls ?? [], app.log, options.sharedCachePurgeSecret);
  /** Everything that shows any of these tags is purged: here, and in the shared caches in front. */
  const purge = (tags: readonly string[]) => {
    const gone = pageCache?.purge(tags) ?? 0;
    if (tags.includes(CACHE_TAGS.site)) businessDetails.changed();
    app.log.info({ tags, gone }, "purged");
    void purgeShared(tags);
  };
  if (options.followChanges !== false) {
    const changes = followChanges(`${options.apiInternalOrigin ?? options.apiOrigin}/api/changes`, purge, app.log);
    app.addHook("onClose", async () => changes.close());
  }
  if (pageCache || (options.sharedCachePurgeUrls ?? []).length > 0) {
    // a remote's new build or release changes its pages' HTML and the files they name: its pages go with the old
    const releases = watchRemoteReleases(
      async () => {
        const config = await remotesConfig();
        const signal = AbortSignal.timeout(2_000);
        return Object.fromEntries(
          await Promise.all(
            REMOTE_NAMES.map(async (name) => {
              try {
                const remote = await directory.resolve(name, config, signal);
                return [name, `${remote.serverManifest} ${JSON.stringify(remote.manifest)}`] as const;
              } catch {
                return [name, null] as const;
              }
            }),
          ),
        );
      },
      purge,
      options.releaseCheckMs ?? 3_000,
    );
    app.addHook("onClose", async () => releases.close());
  }

  /**
   * An answer from the host's page cache when it has one (fresh, or stale while a new one is made), or made now,
   * once for every visitor asking at the same time.
   */
  async function cached(
    request: FastifyRequest,
    make: () => Promise<CachedAnswer>,
    known?: string,
  ): Promise<CachedAnswer & { age?: number }> {
    if (!pageCache) return make();
    const key = known ?? (await cacheKey(request));
    const hit = pageCache.lookup(key);
    if (hit?.state === "fresh") return { ...hit.answer, age: hit.ageSeconds };
    if (hit?.state === "stale") {
      void pageCache
        .make(key, make)
        .catch((error) => request.log.warn({ err: error }, "a stale page could not be made again"));
      return { ...hit.answer, age: hit.ageSeconds };
    }
    return pageCache.make(key, make);
  }

  /** A page is made from the remote configuration in force: promoting a release makes new pages at once. */
  async function cacheKey(request: FastifyRequest): Promise<string> {
    return `${JSON.stringify(await remotesConfig())} ${request.url}`;
  }

  function sendAnswer(reply: FastifyReply, answer: CachedAnswer & { age?: number }): FastifyReply {
    // (lower case, as @fastify/compress writes it when it compresses: one Vary, not two)
    reply.code(answer.status).headers(answer.headers).header("vary", "accept-encoding");
    if (answer.page) reply.header("content-security-policy", pagePolicy(answer.page, reply.request));
    // the tags a shared cache in front purges this answer by (Varnish xkey; it keeps them from visitors)
    if (answer.tags.length > 0) reply.header("xkey", answer.tags.join(" "));
    if (answer.age !== undefined) reply.header("age", String(answer.age));
    return reply.send(answer.body);
  }

  /** A page made for whoever asks: the same bytes for every visitor (nothing in it is theirs). */
  async function composedAnswer(url: string): Promise<CachedAnswer> {
    const composed = await composer.page(url);
    if (composed.kind === "redirect") {
      const permanent = composed.status === 301 || composed.status === 308;
      return {
        status: composed.status,
        headers: {
          location: composed.location,
          "cache-control": permanent ? "public, max-age=3600, s-maxage=86400" : "no-store",
        },
        body: "",
        // a path no remote answers today may be one a remote's next build adds: any remote's redeploy purges it
        tags: [CACHE_TAGS.site, ...REMOTE_NAMES.map(CACHE_TAGS.remote)],
        freshMs: permanent ? 86_400_000 : 0,
        staleMs: 0,
      };
    }
    const policy = cachePolicy(composed);
    return {
      status: composed.status,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": cacheControl(policy) },
      page: { inline: composed.inline, sources: composed.sources },
      body: composed.html,
      tags: composed.tags,
      freshMs: policy.freshS * 1000,
      staleMs: policy.staleS * 1000,
    };
  }

  /** A page's CSP: its own inline parts by hash, its sources, and the upgrade of http when the visitor came over TLS. */
  const pagePolicy = (page: NonNullable<CachedAnswer["page"]>, request: FastifyRequest) =>
    pageContentSecurityPolicy({
      inline: page.inline,
      ...page.sources,
      imageSources: options.imageSources,
      tls: request.protocol === "https",
    });

  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    answer?: { form: SubmittedForm; status: number },
  ): Promise<FastifyReply> {
    if (!answer) {
      const key = await cacheKey(request);
      const make = () => composedAnswer(request.url);
      // what a cache holds is served as it is: only an address it does not hold is looked at further
      if (pageCache?.lookup(key)) return sendAnswer(reply, await cached(request, make, key));
      const declared = await composer.declaredPage(request.url.split("?", 1)[0] ?? "/");
      // a parameter the page does not read goes: the next request is for the address a cache already holds
      const canonical = declared.query ? canonicalAddress(request.url, declared.query) : null;
      if (canonical !== null) {
        return reply.header("cache-control", "public, max-age=3600, s-maxage=86400").redirect(canonical, 301);
      }
      if (declared.private) return privatePage(request, reply);
      return sendAnswer(reply, await cached(request, make, key));
    }
    // a page that shows what a visitor typed is theirs alone: made for them, never kept by any cache
    const composed = await composer.page(request.url, { form: answer.form });
    if (composed.kind === "redirect")
      return reply.header("cache-control", "no-store").redirect(composed.location, composed.status);
    return reply
      .code(answer.status)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", pagePolicy(composed, request))
      .send(composed.html);
  }

  /** A page that shows what its address carries of a visitor (an unsubscribe link): made for them, kept by no one. */
  async function privatePage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const answer = await composedAnswer(request.url);
    reply.code(answer.status).headers(answer.headers).header("cache-control", "no-store");
    if (answer.page) reply.header("content-security-policy", pagePolicy(answer.page, request));
    return reply.send(answer.body);
  }

  /**
   * A form sent without scripts (SPEC's enquiry forms work before and without their code): checked to come from
   * one of the site's own pages, handed to the remote that owns the form, and answered as it says: a 303 to its
   * thank-you page, or this page again with what was typed and why it was refused.
   */
  async function formPost(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // only a page takes a form: anything else (a remote's files, its renderer) is not found here
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname !== "/" && !(await composer.ownerOf(pathname))) {
      return reply.code(404).type("text/plain").send("Not found");
    }
    if (!sentFromThisSite(request)) {
      request.log.warn({ path: request.url.split("?")[0] }, "refused a form posted from another site");
      return reply
        .code(403)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(refusal("This form can only be sent from our own website. Please go back and send it from there."));
    }
    const fields = lastValues(request.body) ?? {};
    const owner = formOwner(fields[FORM_FIELD] ?? "");
    if (!owner || !(REMOTE_NAMES as readonly string[]).includes(owner.remote)) {
      return reply
        .code(400)
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .send(refusal("We could not read this form. Please go back and try again."));
    }
    const path = request.url;
    let outcome: FormOutcome;
    try {
      outcome = await composer.submitForm(owner.remote as RemoteName, {
        fields,
        path,
        pageUrl: `${(await site()).siteUrl}${path}`,
        clientIp: request.ip,
      });
    } catch (error) {
      request.log.error({ err: error, remote: owner.remote }, "a form's owner could not take it");
      const { phone_sales: phone } = (await site()).business;
      outcome = {
        kind: "page",
        status: 503,
        form: {
          id: fields[FORM_FIELD] ?? "",
          values: fields,
          errors: {},
          message: `We couldn't send your message just now. Please try again in a moment, or call us at ${phone}.`,
        },
      };
    }
    if (outcome.kind === "redirect") return reply.header("cache-control", "no-store").redirect(outcome.location, 303);
    return page(request, reply, { form: outcome.form, status: outcome.status });
  }

  app.get("/", (request, reply) => page(request, reply));
  // pages take forms (urlencoded); nothing else here parses them (the API's proxy passes bodies on as they came)
  await app.register(async (forms) => {
    await forms.register(formbody, { bodyLimit: 64 * 1024 });
    forms.post("/", formPost);
    forms.post("/*", formPost);
  });
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    // the API's and the remotes' addresses are theirs: what the proxies do not pass on does not exist here
    if (/^\/(api|remotes)(\/|$)/.test(pathname)) {
      return reply.code(404).send({ error: "Not Found", message: `No route ${request.method} ${pathname}` });
    }
    const isPage = !/\.[a-z0-9]+$/i.test(pathname);
    // HEAD answers as GET does (Node sends no body): monitors and link checkers that use it see the page's status
    if (isPage && (request.method === "GET" || request.method === "HEAD")) return page(request, reply);
    if (request.method === "GET" || request.method === "HEAD")
      return reply.code(404).type("text/plain").send("Not found");
    const allow = isPage ? PAGE_METHODS : FILE_METHODS;
    return reply
      .code(request.method === "OPTIONS" ? 204 : 405)
      .header("allow", allow)
      .type("text/plain")
      .send(request.method === "OPTIONS" ? "" : `${request.method} is not allowed here; allowed: ${allow}`);
  });
  return app;
}

/** The fields of a urlencoded body, the last value of a repeated name; null for anything else. */
function lastValues(body: unknown): Record<string, string> | null {
  if (!body || typeof body !== "object") return null;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (typeof last === "string") fields[name] = last;
  }
  return fields;
}

/** A short page for a form the site will not take, with the way back. */
function refusal(message: string): string {
  return `<!doctype html><html lang="en-CA"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Your message was not sent</title><h1>Your message was not sent</h1><p>${message}</p><p><a href="/contact">Contact us</a></p></html>`;
}

/** Starts the host server from the environment (README "Configuration"), checked once (environment.ts). */
export async function startHostServer(defaultDistDir: string): Promise<FastifyInstance> {
  const env = readHostEnvironment();
  const distDir = env.HOST_DIST_DIR ? resolve(env.HOST_DIST_DIR) : defaultDistDir;
  const [renderSecret = null] = env.RENDER_SECRET;
  if (!renderSecret) {
    console.warn(
      "host: RENDER_SECRET is not set, so no remote will render for it: every page is composed in the browser. Give the host and each remote the same RENDER_SECRET.",
    );
  }
  const app = await createHostServer({
    distDir,
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
  await app.listen({ port: env.PORT, host: env.HOST });
  console.log(`host serving http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`);
  return app;
}
