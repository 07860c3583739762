// Serves the built host, proxies /api to the API and /remotes/{name}/ to each remote's own server, and
// answers the run-time remote configuration. Each remote stays a separately built and served artefact.
import { readFile } from "node:fs/promises";
import compress from "@fastify/compress";
import proxy from "@fastify/http-proxy";
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";
import { DEFAULT_REMOTE_PORTS, REMOTE_NAMES, REMOTES_CONFIG_PATH } from "shared-types";

const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? "localhost";
const apiOrigin = process.env.API_ORIGIN ?? "http://127.0.0.1:4180";
const dist = new URL("../dist/", import.meta.url);

/** Where each remote's server is, for the /remotes/{name}/ proxy: REMOTE_CATALOG_ORIGIN etc. override. */
const remoteOrigins = Object.fromEntries(
  REMOTE_NAMES.map((name) => [
    name,
    process.env[`REMOTE_${name.toUpperCase()}_ORIGIN`] ?? `http://127.0.0.1:${DEFAULT_REMOTE_PORTS[name]}`,
  ]),
);

/**
 * The configuration the browser reads at start-up. REMOTES_CONFIG_FILE names a JSON file (read on every request,
 * so a remote can move without a restart); by default each remote is reached through this server's proxy.
 */
async function remotesConfig() {
  if (process.env.REMOTES_CONFIG_FILE) return JSON.parse(await readFile(process.env.REMOTES_CONFIG_FILE, "utf8"));
  return Object.fromEntries(REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]));
}

// TRUST_PROXY: set when a load balancer sits in front, so request.ip (passed on to the API) is the visitor's
const app = Fastify({
  logger: { level: process.env.LOG_LEVEL ?? "warn" },
  trustProxy: process.env.TRUST_PROXY ?? false,
});
await app.register(compress, { threshold: 512 });

app.get(REMOTES_CONFIG_PATH, async (_request, reply) => {
  reply.header("cache-control", "no-store");
  return remotesConfig();
});

await app.register(proxy, {
  upstream: apiOrigin,
  prefix: "/api",
  rewritePrefix: "/api",
  // the API limits leads per visitor: tell it who the visitor is (replacing, never trusting, a client's own header)
  replyOptions: {
    rewriteRequestHeaders: (request, headers) => ({ ...headers, "x-forwarded-for": request.ip }),
  },
});
for (const name of REMOTE_NAMES) {
  await app.register(proxy, {
    upstream: remoteOrigins[name],
    prefix: `/remotes/${name}`,
    rewritePrefix: "",
    // the manifest says where everything else is: it must never be stale
    replyOptions: {
      rewriteHeaders: (headers, request) =>
        request?.url?.endsWith("mf-manifest.json") ? { ...headers, "cache-control": "no-store" } : headers,
    },
  });
}

await app.register(fastifyStatic, {
  root: dist.pathname,
  index: false,
  wildcard: true,
  // hashed file names never change content: cache them for a year
  setHeaders(reply, path) {
    reply.header("cache-control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
  },
});

const homeHtml = await readFile(new URL("index.html", dist), "utf8");
const shellHtml = await readFile(new URL("shell.html", dist), "utf8");
const sendHtml = (reply, html) => reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(html);

app.get("/", (_request, reply) => sendHtml(reply, homeHtml));
// Every other page is the client's to route (unknown paths go home there); a missing file is a real 404.
app.setNotFoundHandler((request, reply) => {
  const wantsPage = request.method === "GET" && !/\.[a-z0-9]+$/i.test(request.url.split("?")[0] ?? "");
  if (wantsPage) return sendHtml(reply, shellHtml);
  return reply.code(404).type("text/plain").send("Not found");
});

await app.listen({ port, host });
console.log(`host serving http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
