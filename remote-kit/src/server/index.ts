import { existsSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
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
import { z } from "zod";
import type { z as zm } from "zod/mini";
import { RELEASES_DIR, RENDERER_REFUSALS, SPLIT_ANSWER_TYPE, splitAnswer } from "../protocol.js";
import type { RemoteRenderModule } from "../render/index.js";
import {
  checkRendererRequest,
  formPostSchema,
  fragmentRequestSchema,
  rendererVerifier,
  renderRequestSchema,
} from "./protocol-schemas.js";
import { parseRenderSecrets, SIGNATURE_HEADER } from "./request-signing.js";

export { ManifestCache } from "../manifest-cache.js";
export * from "./protocol-schemas.js";
export * from "./request-signing.js";

export interface RemoteServerOptions {
  remote: RemoteName;
  /** The remote package's directory: dist/ (the browser build) and dist-server/ (the renderer) are inside. */
  root: string | URL;
  apiOrigin: string;
  /**
   * RENDER_SECRET's secrets (the current one first): only a request signed with one of them is rendered. None: the
   * server renders for no one (its files still serve).
   */
  renderSecrets: readonly string[];
  /** The only origins a render may read peers' manifests and data from (PEER_ORIGINS; see OutboundPolicy). */
  peerOrigins: readonly string[];
  /** Origins allowed to load this remote's files from elsewhere (CORS); none while it is served behind the host. */
  corsOrigins?: readonly string[];
  /** Which proxies' X-Forwarded-Proto to believe (Fastify trustProxy syntax): HSTS is sent over TLS only. */
  trustProxy?: boolean | string;
  timeLimits?: TimeLimits;
  /** pino's level (LOG_LEVEL). */
  logLevel: string;
  /**
   * `npm run dev` (remote-kit/vite startRemoteDevServer): the renderer is the source's, loaded through Vite for
   * each request (Vite compiles it again after a change), its published data is the renderer's, and every other
   * request (modules, the manifest, HMR) is Vite's. No releases, no built files.
   */
  dev?: {
    renderer: () => Promise<RemoteRenderModule>;
    /** Its stylesheets from the source, at `stylesPath`: the dev manifest names that sheet for every module. */
    styles: () => Promise<string>;
    stylesPath: string;
    files: (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
  };
}

const HASHED_ASSETS = /^\/assets\//;
const RELEASE_ID = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,80}$/;
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Build by-products that are not part of the deployed remote. */
const NOT_SERVED = [/^\/\.vite\//, /^\/index\.html(\.br|\.gz)?$/, /^\/mf-stats\.json(\.br|\.gz)?$/];

/** A peer's manifest and published data: small JSON, from a configured origin, quickly or not at all. */
const PEER_FETCH_LIMITS = { timeoutMs: 2_000, maxBytes: 2 * 1024 * 1024 };

async function loadRenderer(
  serverDir: string,
  apiOrigin: string,
  peerPolicy: OutboundPolicy,
): Promise<RemoteRenderModule> {
  const entry = await import(pathToFileURL(join(serverDir, "server-entry.js")).href);
  const renderer = (entry as { default: RemoteRenderModule }).default;
  renderer.configure({ apiOrigin, readPeerJson: (url) => fetchOutboundJson(url, peerPolicy) });
  await renderer.warmUp();
  return renderer;
}

/** Which renderer answers: the build's (or the source's under `npm run dev`), or a release's by its id. */
interface Renderers {
  /** The renderer of this request: the build's, or under `npm run dev` the source's as it is now. */
  current(): Promise<RemoteRenderModule>;
  /** A release's renderer, loaded on its first render; null for an id that names no release. */
  release(id: string): Promise<RemoteRenderModule> | null;
}

async function renderersOf(options: RemoteServerOptions, root: string): Promise<Renderers> {
  const peerPolicy: OutboundPolicy = { origins: options.peerOrigins, ...PEER_FETCH_LIMITS };
  const dev = options.dev;
  const built = dev ? null : await loadRenderer(join(root, "dist-server"), options.apiOrigin, peerPolicy);
  const releases = new Map<string, Promise<RemoteRenderModule>>();
  return {
    async current() {
      if (built) return built;
      const renderer = await (dev as NonNullable<typeof dev>).renderer();
      renderer.configure({ apiOrigin: options.apiOrigin, readPeerJson: (url) => fetchOutboundJson(url, peerPolicy) });
      return renderer;
    },
    release(id) {
      const serverDir = join(root, RELEASES_DIR, id, "server");
      if (!RELEASE_ID.test(id) || !existsSync(join(serverDir, "server-entry.js"))) return null;
      let renderer = releases.get(id);
      if (!renderer) {
        renderer = loadRenderer(serverDir, options.apiOrigin, peerPolicy);
        releases.set(id, renderer);
        renderer.catch(() => releases.delete(id));
      }
      return renderer;
    },
  };
}

/**
 * A remote's production server: its current build (hashed assets cached for a year; the manifest, entry and
 * published data revalidated on every use) and its renderer (POST /render, GET /sitemap.json); and every release
 * made with `fleet-release`, each at its own immutable address: /releases/{id}/… (every file cached for a year,
 * the manifest included), /releases/{id}/render with that release's own renderer. Promoting or rolling back a
 * release is pointing the host's remote configuration at another /releases/{id}/mf-manifest.json.
 */
export async function createRemoteServer(options: RemoteServerOptions): Promise<FastifyInstance> {
  const root = typeof options.root === "string" ? options.root : fileURLToPath(options.root);
  const renderers = await renderersOf(options, root);
  const corsOrigins = new Set(options.corsOrigins ?? []);

  const app = Fastify({
    logger: { level: options.logLevel, serializers: { req: requestForLog } },
    bodyLimit: 64 * 1024,
    // unset: Fastify's own default, no proxy believed
    trustProxy: options.trustProxy,
    ...timeLimitOptions(options.timeLimits ?? { ...DEFAULT_TIME_LIMITS, requestMs: 10_000, connectionMs: 10_000 }),
  });
  await app.register(compress, DYNAMIC_COMPRESSION);
  // scripts, styles and JSON only: nothing here may run as a page or be framed. Another origin may load the files
  // only when the remote is configured there (CORS_ORIGINS), and then only that origin.
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"] },
    // under `npm run dev` the host's page is on another port: its sheet and data are loaded from there
    crossOriginResourcePolicy: options.dev || corsOrigins.size > 0 ? "cross-origin" : "same-origin",
  });

  app.addHook("onSend", async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && corsOrigins.has(origin)) {
      reply.header("access-control-allow-origin", origin);
      reply.header("vary", "Origin");
    }
  });

  if (options.dev) registerDevFiles(app, options.dev, renderers);
  else await registerFiles(app, root);
  registerRenderers(app, options, renderers);
  app.get("/health", async () => ({ ok: true, remote: options.remote }));
  return app;
}

/** Under `npm run dev`: what is not the renderer's is Vite's (the modules, the manifest with the source's routes, HMR). */
function registerDevFiles(app: FastifyInstance, dev: NonNullable<RemoteServerOptions["dev"]>, renderers: Renderers) {
  app.setNotFoundHandler((request, reply) => {
    reply.hijack();
    dev.files(request.raw, reply.raw, () => {
      reply.raw.statusCode = 404;
      reply.raw.end();
    });
  });
  app.get(`/${dev.stylesPath}`, async (_request, reply) =>
    reply
      .type("text/css; charset=utf-8")
      .header("cache-control", "no-store")
      .send(await dev.styles()),
  );
  app.get<{ Params: { name: string } }>("/data/:name", async (request, reply) => {
    const published = (await renderers.current()).publishedData[request.params.name.replace(/\.json$/, "")];
    if (published === undefined) return reply.code(404).send({ error: "Not Found", message: "No such data" });
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
    allowedPath: (pathName) => !NOT_SERVED.some((pattern) => pattern.test(pathName)),
    setHeaders(reply, filePath) {
      // a release's files (sent below) never change at their address; the current build's names only change
      // with their content under assets/
      const release = filePath.startsWith(join(root, RELEASES_DIR));
      const relative = filePath.slice(join(root, "dist").length);
      reply.header("cache-control", release || HASHED_ASSETS.test(relative) ? IMMUTABLE : "no-cache");
    },
  });

  // a release's files never change at their address: every one of them is cached for a year
  app.get<{ Params: { id: string; "*": string } }>(`/${RELEASES_DIR}/:id/*`, async (request, reply) => {
    const { id, "*": file } = request.params;
    const browserDir = join(root, RELEASES_DIR, id, "browser");
    if (!RELEASE_ID.test(id) || !existsSync(browserDir) || NOT_SERVED.some((p) => p.test(`/${file}`))) {
      return reply.code(404).send({ error: "Not Found", message: `No release file ${id}/${file}` });
    }
    return reply.sendFile(file, browserDir);
  });
}

/** Each of a renderer's endpoints: its request's schema, what it does, and what a refusal of it is called. */
const ENDPOINTS = {
  render: {
    schema: renderRequestSchema,
    run: (renderer: RemoteRenderModule, body: zm.infer<typeof renderRequestSchema>) => renderer.render(body),
    refusal: RENDERER_REFUSALS.route,
    failed: "Render Failed",
  },
  fragment: {
    schema: fragmentRequestSchema,
    run: (renderer: RemoteRenderModule, body: zm.infer<typeof fragmentRequestSchema>) => renderer.renderFragment(body),
    refusal: RENDERER_REFUSALS.fragment,
    failed: "Render Failed",
  },
  form: {
    schema: formPostSchema,
    run: (renderer: RemoteRenderModule, body: zm.infer<typeof formPostSchema>) => renderer.submitForm(body),
    refusal: RENDERER_REFUSALS.form,
    failed: "Form Failed",
  },
} as const;

/** POST /render, /fragment and /form, of the build and of each release, and each one's sitemap. */
function registerRenderers(app: FastifyInstance, options: RemoteServerOptions, renderers: Renderers) {
  const verifier = rendererVerifier(options.renderSecrets);
  // the renderer's requests are read as text: the signature covers the bytes as sent, checked before any parsing
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));

  const handle = async (
    endpoint: keyof typeof ENDPOINTS,
    renderer: RemoteRenderModule,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const { schema, run, refusal, failed } = ENDPOINTS[endpoint];
    const raw = typeof request.body === "string" ? request.body : "";
    const signature = request.headers[SIGNATURE_HEADER];
    const checked = checkRendererRequest(verifier, endpoint, schema as zm.ZodMiniType<unknown>, signature, raw);
    if (!("data" in checked))
      return reply.code(checked.status).send({ error: checked.error, message: checked.message });
    try {
      // the host's trace (traceparent) goes on through this render to the API
      const result: object = await inIncomingTrace(request.headers, `${options.remote} ${endpoint}`, () =>
        (run as (renderer: RemoteRenderModule, body: unknown) => Promise<object>)(renderer, checked.data),
      );
      reply.header("cache-control", "no-store");
      const split = splitAnswer(result);
      return split === null ? reply.send(result) : reply.type(SPLIT_ANSWER_TYPE).send(split);
    } catch (error) {
      // a refusal carries its code (RENDERER_REFUSALS): a 404, not a failure
      const refused = (error as { code?: unknown }).code === refusal;
      if (!refused) request.log.error({ err: error, endpoint }, `${endpoint} failed`);
      return reply
        .code(refused ? 404 : 500)
        .send({ error: refused ? "Not Found" : failed, message: (error as Error).message });
    }
  };
  const noRelease = (reply: FastifyReply, id: string) =>
    reply.code(404).send({ error: "Not Found", message: `No release ${id}` });

  for (const endpoint of Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[]) {
    app.post(`/${endpoint}`, async (request, reply) => handle(endpoint, await renderers.current(), request, reply));
    app.post<{ Params: { id: string } }>(`/${RELEASES_DIR}/:id/${endpoint}`, async (request, reply) => {
      const renderer = renderers.release(request.params.id);
      return renderer ? handle(endpoint, await renderer, request, reply) : noRelease(reply, request.params.id);
    });
  }

  app.get("/sitemap.json", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return (await renderers.current()).sitemap();
  });
  app.get<{ Params: { id: string } }>(`/${RELEASES_DIR}/:id/sitemap.json`, async (request, reply) => {
    const renderer = renderers.release(request.params.id);
    if (!renderer) return noRelease(reply, request.params.id);
    reply.header("cache-control", "no-store");
    return (await renderer).sitemap();
  });
}

/** A remote server's environment, checked once at start-up: a value that cannot be right names its variable. */
export function remoteEnvironmentSchema(defaultPort: number) {
  const list = () =>
    z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      );
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
    CORS_ORIGINS: list().describe("Origins allowed to load its files from another origin (comma-separated)."),
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

/**
 * Starts a remote's server from the environment: PORT, HOST, API_ORIGIN, RENDER_SECRET (shared with the host; two,
 * comma-separated, during a rotation), PEER_ORIGINS (comma-separated), CORS_ORIGINS (comma-separated), TRUST_PROXY,
 * LOG_LEVEL.
 */
export type RemoteEnvironment = z.infer<ReturnType<typeof remoteEnvironmentSchema>>;

/** The variables that may be given as a file instead (`<NAME>_FILE`: a mounted secret). */
export const REMOTE_SECRETS = ["RENDER_SECRET"] as const;

/** A remote server's environment, checked; throws naming every variable that is wrong. */
export function readRemoteEnvironment(
  remote: RemoteName,
  defaultPort: number,
  env: NodeJS.ProcessEnv = process.env,
): RemoteEnvironment {
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
  const app = await createRemoteServer({
    remote,
    root,
    apiOrigin: env.API_ORIGIN,
    renderSecrets: env.RENDER_SECRET,
    peerOrigins: env.PEER_ORIGINS,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
  });
  const port = env.PORT;
  const host = env.HOST;
  await app.listen({ port, host });
  console.log(`${remote} remote serving http://${host}:${port} (static files, /render, /sitemap.json)`);
  // SIGTERM: stop taking connections, finish the renders in flight, exit; at most 10 s (server-kit)
  stopOnSignals(() => app.close().then(() => tracing.shutdown()));
  return app;
}
