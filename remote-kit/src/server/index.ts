import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import {
  checkedVariable,
  DEFAULT_TIME_LIMITS,
  DYNAMIC_COMPRESSION,
  fetchOutboundJson,
  inIncomingTrace,
  type OutboundPolicy,
  otlpEndpointVariable,
  parseOriginList,
  reactBuildVariable,
  registerSecurityHeaders,
  requestForLog,
  startTracing,
  stopOnSignals,
  type TimeLimits,
  timeLimitOptions,
  withSecretFiles,
} from "server-kit";
import type { RemoteName } from "shared-types";
import type { ViteDevServer } from "vite";
import { z } from "zod";
import { BUILD_BY_PRODUCTS } from "../build-output.js";
import { RELEASES_DIR, RENDERER_REFUSALS, SPLIT_ANSWER_TYPE, splitAnswer } from "../protocol.js";
import type { RemoteRenderModule } from "../render/index.js";
import { DEV_STYLES_PATH, devRenderer, devStyles } from "../vite/dev-renderer.js";
import { firstProblem, formPostSchema, fragmentRequestSchema, renderRequestSchema } from "./protocol-schemas.js";
import { parseRenderSecrets, SIGNATURE_HEADER, SignatureVerifier } from "./request-signing.js";

export { ManifestCache } from "../manifest-cache.js";
export * from "./protocol-schemas.js";
export * from "./request-signing.js";

export interface RemoteServerSetup {
  remote: RemoteName;
  /** The remote package's directory: dist/ (the browser build) and dist-server/ (the renderer) are inside. */
  root: string | URL;
  timeLimits?: TimeLimits;
  /**
   * `npm run dev` (startRemoteDevServer), its Vite server once started: the renderer, its data and its stylesheets
   * (one sheet) are the source's as it is now; every other request (modules, the manifest, HMR) is Vite's.
   */
  dev?: () => ViteDevServer;
}

const HASHED_ASSETS = /^\/assets\//;
const RELEASE_ID = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,80}$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

/** A peer's manifest and published data: small JSON, from a configured origin, quickly or not at all. */
const PEER_FETCH_LIMITS = { timeoutMs: 2_000, maxBytes: 2 * 1024 * 1024 };

const refuse = (reply: FastifyReply, status: number, error: string, message: string) =>
  reply.code(status).send({ error, message });

/**
 * Which renderer answers: the build's (under `npm run dev` the source's as it is now), or a release's by its id,
 * loaded on its first render (null for an id that names no release). Each is told where the API is, and reads
 * peers only from PEER_ORIGINS.
 */
async function renderersOf(config: RemoteEnvironment, root: string, dev: RemoteServerSetup["dev"]) {
  const peerPolicy: OutboundPolicy = { origins: config.PEER_ORIGINS, ...PEER_FETCH_LIMITS };
  const configured = (renderer: RemoteRenderModule) => {
    renderer.configure({ apiOrigin: config.API_ORIGIN, readPeerJson: (url) => fetchOutboundJson(url, peerPolicy) });
    return renderer;
  };
  const load = async (serverDir: string) => {
    const entry = await import(pathToFileURL(join(serverDir, "server-entry.js")).href);
    const renderer = configured((entry as { default: RemoteRenderModule }).default);
    await renderer.warmUp();
    return renderer;
  };
  const built = dev ? null : await load(join(root, "dist-server"));
  const releases = new Map<string, Promise<RemoteRenderModule>>();
  return {
    current: async () => built ?? configured(await devRenderer((dev as NonNullable<typeof dev>)())),
    release(id: string): Promise<RemoteRenderModule> | null {
      const serverDir = join(root, RELEASES_DIR, id, "server");
      if (!RELEASE_ID.test(id) || !existsSync(join(serverDir, "server-entry.js"))) return null;
      let renderer = releases.get(id);
      if (!renderer) {
        renderer = load(serverDir);
        releases.set(id, renderer);
        renderer.catch(() => releases.delete(id));
      }
      return renderer;
    },
  };
}
type Renderers = Awaited<ReturnType<typeof renderersOf>>;

/**
 * A remote's production server: its current build (hashed assets cached for a year; the manifest, entry and
 * published data revalidated on every use) and its renderer (POST /render, GET /sitemap.json); and every release
 * made with `fleet-release`, each at its own immutable address: /releases/{id}/… (every file cached for a year,
 * the manifest included), /releases/{id}/render with that release's own renderer. Promoting or rolling back a
 * release is pointing the host's remote configuration at another /releases/{id}/mf-manifest.json.
 */
export async function createRemoteServer(
  config: RemoteEnvironment,
  setup: RemoteServerSetup,
): Promise<FastifyInstance> {
  const { remote, dev } = setup;
  const root = typeof setup.root === "string" ? setup.root : fileURLToPath(setup.root);
  const renderers = await renderersOf(config, root, dev);
  const corsOrigins = new Set(config.CORS_ORIGINS);

  const app = Fastify({
    logger: { level: config.LOG_LEVEL, serializers: { req: requestForLog } },
    bodyLimit: 64 * 1024,
    // unset: Fastify's own default, no proxy believed
    trustProxy: config.TRUST_PROXY,
    ...timeLimitOptions(setup.timeLimits ?? { ...DEFAULT_TIME_LIMITS, requestMs: 10_000, connectionMs: 10_000 }),
  });
  await app.register(compress, DYNAMIC_COMPRESSION);
  // scripts, styles and JSON only: nothing here may run as a page or be framed. Another origin may load the files
  // only when the remote is configured there (CORS_ORIGINS), and then only that origin.
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
    // under `npm run dev` the host's page is on another port: its sheet and data are loaded from there
    crossOriginResourcePolicy: dev || corsOrigins.size > 0 ? "cross-origin" : "same-origin",
  });

  app.addHook("onSend", async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && corsOrigins.has(origin)) {
      reply.header("access-control-allow-origin", origin);
      reply.header("vary", "Origin");
    }
  });

  if (dev) registerDevFiles(app, dev, renderers);
  else await registerFiles(app, root);
  registerRenderers(app, config, remote, renderers);
  app.get("/health", async () => ({ ok: true, remote }));
  return app;
}

/** Under `npm run dev`: what is not the renderer's is Vite's (the modules, the manifest with the source's routes, HMR). */
function registerDevFiles(app: FastifyInstance, vite: () => ViteDevServer, renderers: Renderers) {
  app.setNotFoundHandler((request, reply) => {
    reply.hijack();
    vite().middlewares(request.raw, reply.raw, () => {
      reply.raw.statusCode = 404;
      reply.raw.end();
    });
  });
  app.get(`/${DEV_STYLES_PATH}`, async (_request, reply) => {
    const sheet = await devStyles(vite());
    return reply.type("text/css; charset=utf-8").header("cache-control", "no-store").send(sheet);
  });
  app.get<{ Params: { name: string } }>("/data/:name", async (request, reply) => {
    const published = (await renderers.current()).publishedData[request.params.name.replace(/\.json$/, "")];
    if (published === undefined) return refuse(reply, 404, "Not Found", "No such data");
    return reply.header("cache-control", "no-store").send(published);
  });
}

/** The build's files, and each release's. */
async function registerFiles(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root: join(root, "dist"),
    index: false,
    wildcard: true,
    // the .br and .gz beside each file, made at build time
    preCompressed: true,
    allowedPath: (pathName) => !BUILD_BY_PRODUCTS.some((pattern) => pattern.test(pathName)),
    setHeaders(reply, filePath) {
      // a release's files (sent below) never change at their address; the current build's names only change
      // with their content under assets/
      const release = filePath.startsWith(join(root, RELEASES_DIR));
      const relative = filePath.slice(join(root, "dist").length);
      reply.header("cache-control", release || HASHED_ASSETS.test(relative) ? IMMUTABLE : "no-cache");
    },
  });

  app.get<{ Params: { id: string; "*": string } }>(`/${RELEASES_DIR}/:id/*`, async (request, reply) => {
    const { id, "*": file } = request.params;
    const browserDir = join(root, RELEASES_DIR, id, "browser");
    if (!RELEASE_ID.test(id) || !existsSync(browserDir) || BUILD_BY_PRODUCTS.some((p) => p.test(`/${file}`))) {
      return refuse(reply, 404, "Not Found", `No release file ${id}/${file}`);
    }
    return reply.sendFile(file, browserDir);
  });
}

const ENDPOINTS = {
  render: { schema: renderRequestSchema, method: "render" },
  fragment: { schema: fragmentRequestSchema, method: "renderFragment" },
  form: { schema: formPostSchema, method: "submitForm" },
} as const;
type Endpoint = keyof typeof ENDPOINTS;
const REFUSALS: unknown[] = Object.values(RENDERER_REFUSALS);

/**
 * One request to a renderer's endpoint, acted on only when signed by the host (401 otherwise, before any work; 503
 * when the server has no secret to check with), JSON, and of the protocol's shape (400 naming the field otherwise).
 */
async function answer(
  endpoint: Endpoint,
  server: { remote: RemoteName; verifier: SignatureVerifier | null; renderer: RemoteRenderModule },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { schema, method } = ENDPOINTS[endpoint];
  const { verifier, renderer } = server;
  const raw = typeof request.body === "string" ? request.body : "";
  if (!verifier)
    return refuse(reply, 503, "Service Unavailable", "This server has no RENDER_SECRET: it renders for no one");
  const verdict = verifier.verify(request.headers[SIGNATURE_HEADER], endpoint, raw);
  if (!verdict.ok)
    return refuse(reply, 401, "Unauthorized", `Only the site's host may ask for this: ${verdict.reason}`);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return refuse(reply, 400, "Bad Request", "the body is not JSON");
  }
  const checked = schema.safeParse(json);
  if (!checked.success) {
    return refuse(reply, 400, "Bad Request", `invalid ${endpoint} request: ${firstProblem(checked.error)}`);
  }
  try {
    // the host's trace (traceparent) goes on through this render to the API
    const result: object = await inIncomingTrace(request.headers, `${server.remote} ${endpoint}`, () =>
      (renderer[method] as (body: unknown) => Promise<object>).call(renderer, checked.data),
    );
    reply.header("cache-control", "no-store");
    const split = splitAnswer(result);
    return split === null ? reply.send(result) : reply.type(SPLIT_ANSWER_TYPE).send(split);
  } catch (error) {
    // a refusal carries its code (RENDERER_REFUSALS): a 404, not a failure
    const refused = REFUSALS.includes((error as { code?: unknown }).code);
    if (!refused) request.log.error({ err: error, endpoint }, `${endpoint} failed`);
    const failed = endpoint === "form" ? "Form Failed" : "Render Failed";
    return refuse(reply, refused ? 404 : 500, refused ? "Not Found" : failed, (error as Error).message);
  }
}

/** POST /render, /fragment and /form, of the build and of each release, and each one's sitemap. */
function registerRenderers(app: FastifyInstance, config: RemoteEnvironment, remote: RemoteName, renderers: Renderers) {
  const verifier = config.RENDER_SECRET.length > 0 ? new SignatureVerifier(config.RENDER_SECRET) : null;
  // the renderer's requests are read as text: the signature covers the bytes as sent, checked before any parsing
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
  // the build's renderer at /render, a release's at /releases/{id}/render (404 for an id that names none)
  const withRenderer =
    (run: (renderer: RemoteRenderModule, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
      const { id } = request.params;
      const renderer = id === undefined ? renderers.current() : renderers.release(id);
      if (!renderer) return refuse(reply, 404, "Not Found", `No release ${id}`);
      return run(await renderer, request, reply);
    };
  for (const prefix of ["", `/${RELEASES_DIR}/:id`]) {
    for (const endpoint of Object.keys(ENDPOINTS) as Endpoint[]) {
      const run = withRenderer((renderer, ...rest) => answer(endpoint, { remote, verifier, renderer }, ...rest));
      app.post(`${prefix}/${endpoint}`, run);
    }
    const sitemap = withRenderer(async (renderer, _request, reply) =>
      reply.header("cache-control", "no-store").send(await renderer.sitemap()),
    );
    app.get(`${prefix}/sitemap.json`, sitemap);
  }
}

/** A remote server's environment, checked once at start-up: a value that cannot be right names its variable. */
export function remoteEnvironmentSchema(defaultPort: number) {
  return z.object({
    PORT: z.coerce
      .number()
      .int()
      .min(1)
      .max(65_535)
      .default(defaultPort)
      .describe("The remote server's port (each remote its own: 4174 to 4177)."),
    HOST: z.string().min(1).default("127.0.0.1").describe("The address it listens on."),
    API_ORIGIN: z
      .url()
      .default("http://127.0.0.1:4180")
      .describe("The dealer API its renderer's loaders read (`npm run dev`: its proxy's /api too)."),
    RENDER_SECRET: checkedVariable(parseRenderSecrets).describe(
      "The host's RENDER_SECRET: it renders only requests signed with it (`new,old` during a rotation). Unset: it renders for no one and says so at start-up.",
    ),
    PEER_ORIGINS: checkedVariable(parseOriginList).describe(
      "The only origins its renderer reads peers' manifests and data from (comma-separated exact origins, or https://*.domain patterns whose names must resolve to public addresses).",
    ),
    CORS_ORIGINS: checkedVariable((value) => value.split(",").flatMap((origin) => origin.trim() || [])).describe(
      "Origins allowed to load its files from another origin (comma-separated).",
    ),
    TRUST_PROXY: z
      .preprocess((value) => (value === "" ? undefined : value), z.string().optional())
      .describe(
        "The TLS-terminating proxy whose X-Forwarded-Proto/-For to believe (HSTS is sent over TLS only); unset: none.",
      ),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("warn")
      .describe("pino's level (logs never hold what a visitor typed)."),
    OTEL_EXPORTER_OTLP_ENDPOINT: otlpEndpointVariable(),
    NODE_ENV: reactBuildVariable(),
  });
}

export type RemoteEnvironment = z.infer<ReturnType<typeof remoteEnvironmentSchema>>;

/** The variables that may be given as a file instead (`<NAME>_FILE`: a mounted secret). */
export const REMOTE_SECRETS = ["RENDER_SECRET"] as const;

export function readRemoteEnvironment(remote: RemoteName, defaultPort: number, env = process.env): RemoteEnvironment {
  const parsed = remoteEnvironmentSchema(defaultPort).safeParse(withSecretFiles(env, REMOTE_SECRETS));
  if (!parsed.success) throw new Error(`${remote} remote: the environment is wrong:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export async function startRemoteServer(remote: RemoteName, root: URL, defaultPort: number): Promise<FastifyInstance> {
  // the production server renders with React's production build (loaded with the renderer, after this): the
  // development build checks every element as it is made, which costs a missed page several times its render
  process.env.NODE_ENV ??= "production";
  const env = readRemoteEnvironment(remote, defaultPort);
  const tracing = await startTracing(`remote-${remote}`, env.OTEL_EXPORTER_OTLP_ENDPOINT);
  if (env.RENDER_SECRET.length === 0) {
    console.warn(
      `${remote} remote: RENDER_SECRET is not set, so it renders for no one (POST /render, /fragment and /form answer 503); its files still serve. Give it the host's RENDER_SECRET.`,
    );
  }
  const app = await createRemoteServer(env, { remote, root });
  await app.listen({ port: env.PORT, host: env.HOST });
  console.log(`${remote} remote serving http://${env.HOST}:${env.PORT} (static files, /render, /sitemap.json)`);
  // SIGTERM: stop taking connections, finish the renders in flight, exit; at most 10 s (server-kit)
  stopOnSignals(() => app.close().then(() => tracing.shutdown()));
  return app;
}
