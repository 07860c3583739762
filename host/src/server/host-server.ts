import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import compress from "@fastify/compress";
import formbody from "@fastify/formbody";
import proxy from "@fastify/http-proxy";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { SiteContext } from "remote-kit";
import { FORM_FIELD, type FormOutcome, formOwner, type SubmittedForm } from "remote-kit/protocol";
import { parseRenderSecrets, registerSecurityHeaders, type TimeLimits, timeLimitOptions } from "remote-kit/server";
import {
  DEFAULT_REMOTE_PORTS,
  REMOTE_NAMES,
  REMOTES_CONFIG_PATH,
  type RemoteName,
  type RemotesConfig,
} from "shared-types";
import { parseRemotesConfig, RemotesConfigError } from "shared-types/schemas";
import { remoteForPath } from "../features/remotes/remote-for-path";
import { BusinessDetailsSource, BusinessDetailsUnavailable } from "./business-details-source";
import { pageContentSecurityPolicy } from "./content-security-policy";
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
  /** The CRM's lead export (/api/leads/export) is reachable through the site only when this is set. */
  exposeLeadsExport?: boolean;
  /** Time limits on proxied calls: a hung API or remote answers 504 after this, not minutes later. */
  proxyTimeoutMs?: number;
  /** How long a client may take to send its request, stay silent, or idle between requests (tests shorten them). */
  timeLimits?: TimeLimits;
  logLevel?: string;
}

const PAGE_CACHE_CONTROL = "no-cache";

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
  });
  const site = async (): Promise<SiteContext> => {
    const business = await businessDetails.current();
    return { siteUrl: options.siteUrl ?? `https://${business.domain}`, business };
  };

  const app = Fastify({
    logger: { level: options.logLevel ?? "warn" },
    trustProxy: options.trustProxy ?? false,
    ...timeLimitOptions(options.timeLimits),
    // an address the router cannot decode ("/inventory/vehicle/%E0%A4") is still a page: the owning remote says
    // what it can of it (not found), or the visitor goes home; never a bare error answer
    frameworkErrors: (error, request, reply) => {
      if (error.code === "FST_ERR_BAD_URL" && request.method === "GET") {
        return void page(request as FastifyRequest, reply as FastifyReply);
      }
      void (reply as FastifyReply).code(400).send({ error: "Bad Request", message: error.message });
    },
  });
  await app.register(compress, { threshold: 512 });
  // every response: the strictest policy, which a page replaces with its own (with its nonce and sources)
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

  // the CRM's pull of every stored lead: not reachable through the public site unless the dealership enables it
  if (!options.exposeLeadsExport) {
    app.all("/api/leads/export", async (_request, reply) =>
      reply.code(404).send({ error: "Not Found", message: "No route /api/leads/export" }),
    );
  }
  // operations' re-send of failed lead deliveries is for the machine the API runs on, never the public site
  app.all("/api/deliveries/*", async (request, reply) =>
    reply.code(404).send({ error: "Not Found", message: `No route ${request.method} ${request.url.split("?")[0]}` }),
  );
  await app.register(proxy, {
    upstream: options.apiOrigin,
    prefix: "/api",
    rewritePrefix: "/api",
    ...proxyLimits,
    // reads, and the visitor's writes (leads, unsubscribes): the API's admin writes are not reachable from here
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
    renderTimeoutMs: options.renderTimeoutMs,
    builtAt: __BUILD_TIME__,
    onFallback: ({ remote, path, error }) =>
      app.log.warn({ err: error, remote, path }, "served the shell: the remote's renderer failed"),
  });

  app.get("/robots.txt", async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").send(robotsTxt((await site()).siteUrl)),
  );
  // the API has never answered since this server started and no copy was kept: nothing to show the dealership's
  // phones and hours with, so say so briefly (a monitor and a visitor both understand a 503)
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof BusinessDetailsUnavailable) {
      request.log.error({ err: error }, "no business details to compose pages with");
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
    const xml = await composer.sitemap((remote, error) =>
      request.log.warn({ err: error, remote }, "a remote's sitemap could not be read"),
    );
    return reply.type("application/xml; charset=utf-8").header("cache-control", "no-cache").send(xml);
  });

  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    answer?: { form: SubmittedForm; status: number },
  ): Promise<FastifyReply> {
    const nonce = randomBytes(18).toString("base64");
    const composed = await composer.page(request.url, { nonce, ...(answer ? { form: answer.form } : {}) });
    if (composed.kind === "redirect") return reply.redirect(composed.location, composed.status);
    return (
      reply
        .code(answer?.status ?? composed.status)
        .type("text/html; charset=utf-8")
        // a page that shows what a visitor typed is theirs alone: never kept by any cache
        .header("cache-control", answer ? "no-store" : PAGE_CACHE_CONTROL)
        .header(
          "content-security-policy",
          pageContentSecurityPolicy({
            nonce,
            ...composed.sources,
            imageSources: options.imageSources,
            tls: request.protocol === "https",
          }),
        )
        .send(composed.html)
    );
  }

  /**
   * A form sent without scripts (SPEC's enquiry forms work before and without their code): checked to come from
   * one of the site's own pages, handed to the remote that owns the form, and answered as it says: a 303 to its
   * thank-you page, or this page again with what was typed and why it was refused.
   */
  async function formPost(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // only a page takes a form: anything else (a remote's files, its renderer) is not found here
    const pathname = request.url.split("?")[0] ?? "/";
    if (pathname !== "/" && !remoteForPath(pathname)) {
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

  app.get("/", page);
  // pages take forms (urlencoded); nothing else here parses them (the API's proxy passes bodies on as they came)
  await app.register(async (forms) => {
    await forms.register(formbody, { bodyLimit: 64 * 1024 });
    forms.post("/", formPost);
    forms.post("/*", formPost);
  });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === "GET" && !/\.[a-z0-9]+$/i.test(request.url.split("?")[0] ?? "");
    if (wantsPage) return page(request, reply);
    return reply.code(404).type("text/plain").send("Not found");
  });
  return app;
}

/** Which proxies send what a client says it came from, and what only a browser on the site's own page sends. */
function sentFromThisSite(request: FastifyRequest): boolean {
  // every current browser says where a request comes from, and no page can forge it
  const fetchSite = request.headers["sec-fetch-site"];
  if (typeof fetchSite === "string") return fetchSite === "same-origin";
  const origin = request.headers.origin;
  if (typeof origin === "string") {
    try {
      return new URL(origin).host === request.host;
    } catch {
      return false;
    }
  }
  return false;
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
  const [renderSecret = null] = parseRenderSecrets(env.RENDER_SECRET);
  if (!renderSecret) {
    console.warn(
      "host: RENDER_SECRET is not set, so no remote will render for it: every page is composed in the browser. Give the host and each remote the same RENDER_SECRET.",
    );
  }
  const app = await createHostServer({
    distDir,
    renderSecret,
    apiOrigin: env.API_ORIGIN ?? "http://127.0.0.1:4180",
    remoteOrigins,
    remotesConfigFile: env.REMOTES_CONFIG_FILE || undefined,
    siteUrl: env.PUBLIC_SITE_URL ? env.PUBLIC_SITE_URL.replace(/\/$/, "") : undefined,
    businessDetailsMaxAgeMs: env.BUSINESS_DETAILS_MAX_AGE_MS ? Number(env.BUSINESS_DETAILS_MAX_AGE_MS) : undefined,
    businessDetailsCacheFile: env.BUSINESS_DETAILS_CACHE_FILE ?? join(distDir, "..", ".cache", "business-details.json"),
    renderTimeoutMs: Number(env.RENDER_TIMEOUT_MS ?? 400),
    breakerResetMs: env.RENDER_BREAKER_RESET_MS ? Number(env.RENDER_BREAKER_RESET_MS) : undefined,
    selfOrigin: `http://localhost:${port}`,
    trustProxy: env.TRUST_PROXY || false,
    imageSources: (env.CSP_IMAGE_SOURCES ?? "").split(/[\s,]+/).filter(Boolean),
    exposeLeadsExport: env.EXPOSE_LEADS_EXPORT === "true",
    proxyTimeoutMs: env.PROXY_TIMEOUT_MS ? Number(env.PROXY_TIMEOUT_MS) : undefined,
    logLevel: env.LOG_LEVEL ?? "warn",
  });
  await app.listen({ port, host });
  console.log(`host serving http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
  return app;
}
