import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { joinAnswer, SPLIT_ANSWER_TYPE } from "../src/protocol.js";
import {
  createRemoteServer,
  readRemoteEnvironment,
  SIGNATURE_HEADER,
  SignatureVerifier,
  type SignedEndpoint,
  signRequest,
} from "../src/server/index.js";
import { TEST_SITE } from "../src/testing.js";

// a name under a pattern of the allowlist that resolves to this machine, as a rebound or hostile DNS name would
vi.mock("node:dns", async (importOriginal) => {
  const dns = await importOriginal<typeof import("node:dns")>();
  const lookup = ((hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    if (hostname === "peer.fleet-remotes.test") return callback(null, [{ address: "127.0.0.1", family: 4 }]);
    return (dns.lookup as (...args: unknown[]) => void)(hostname, options, callback);
  }) as typeof dns.lookup;
  return { ...dns, lookup, default: { ...dns, lookup } };
});

const SECRET = "test-render-secret-0123456789abcdefghijkl";
const OLD_SECRET = "test-render-secret-previous-0123456789abc";

/** A listener that records every connection made to it, and answers as a peer's manifest would. */
async function recordingListener(): Promise<{ server: Server; origin: string; connections: () => number }> {
  let connections = 0;
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json" }).end('{"metaData":{}}');
  });
  server.on("connection", () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections: () => connections,
  };
}

/** A remote's build whose one page reads a peer's published data, as inventory's pages read catalog's line-up. */
function remoteBuild(): string {
  mkdirSync(join(import.meta.dirname, ".builds"), { recursive: true });
  const root = mkdtempSync(join(import.meta.dirname, ".builds", "trust-build-"));
  for (const dir of ["dist", "dist-server"]) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, "dist/mf-manifest.json"), "{}");
  const src = join(import.meta.dirname, "../src");
  writeFileSync(
    join(root, "dist-server/server-entry.js"),
    `import { createElement } from "react";
    import { createRemoteRenderer } from ${JSON.stringify(join(src, "render/index.tsx"))};
    import { loadDeclaredPeerData } from ${JSON.stringify(join(src, "peers.tsx"))};
    const routes = [{
      path: "/line-up",
      element: createElement("h1", null, "Line-up"),
      load: () => loadDeclaredPeerData({ from: "catalog", name: "lineup-models", shape: {} }).catch(() => undefined),
    }];
    export default createRemoteRenderer({ declaration: { name: "inventory", devPort: 0, routes: "./src/routes.tsx" }, builtAt: "2026-01-01T00:00:00.000Z", routes, App: () => createElement("h1", null, "Line-up") });`,
  );
  return root;
}

const renderRequest = (peers: Record<string, string> = {}) => ({
  path: "/line-up",
  site: TEST_SITE,
  remoteBase: "/remotes/inventory/",
  peers,
});

describe("a remote's renderer renders only for the host", () => {
  let server: FastifyInstance;
  let unsecured: FastifyInstance;
  let listed: Awaited<ReturnType<typeof recordingListener>>;
  let unlisted: Awaited<ReturnType<typeof recordingListener>>;

  const post = (endpoint: SignedEndpoint, body: unknown, signature?: string) => {
    const payload = JSON.stringify(body);
    return server.inject({
      method: "POST",
      url: `/${endpoint}`,
      headers: {
        "content-type": "application/json",
        ...(signature === undefined ? { [SIGNATURE_HEADER]: signRequest(SECRET, endpoint, payload) } : {}),
        ...(signature ? { [SIGNATURE_HEADER]: signature } : {}),
      },
      payload,
    });
  };

  beforeAll(async () => {
    listed = await recordingListener();
    unlisted = await recordingListener();
    const configured = (env: NodeJS.ProcessEnv) =>
      readRemoteEnvironment("inventory", 4175, { API_ORIGIN: "http://127.0.0.1:9", LOG_LEVEL: "silent", ...env });
    // each server its own build: a renderer module is configured by the one server that loads it
    const secured = configured({
      RENDER_SECRET: `${SECRET},${OLD_SECRET}`,
      PEER_ORIGINS: `${listed.origin},http://*.fleet-remotes.test:${new URL(unlisted.origin).port}`,
    });
    server = await createRemoteServer(secured, { remote: "inventory", root: remoteBuild() });
    unsecured = await createRemoteServer(configured({}), { remote: "inventory", root: remoteBuild() });
  });
  afterAll(async () => {
    await Promise.all([server.close(), unsecured.close()]);
    listed.server.close();
    unlisted.server.close();
    rmSync(join(import.meta.dirname, ".builds"), { recursive: true, force: true });
  });

  it("answers what its renderer refuses (a path it does not own, a fragment it does not expose, a form) with 404", async () => {
    const notOwned = await post("render", { ...renderRequest(), path: "/nowhere" });
    expect(notOwned.statusCode).toBe(404);
    expect(notOwned.json()).toMatchObject({ error: "Not Found", message: "inventory owns no route for /nowhere" });
    const fragment = await post("fragment", { module: "./quote-form", props: {}, site: TEST_SITE, path: "/line-up" });
    expect(fragment.statusCode).toBe(404);
    const form = await post("form", {
      fields: {},
      path: "/line-up",
      pageUrl: "https://example.ca/line-up",
      clientIp: "127.0.0.1",
      site: TEST_SITE,
    });
    expect(form.statusCode).toBe(404);
  });

  it("answers its HTML as it is after the other fields, an answer without HTML as JSON", async () => {
    const page = await post("render", renderRequest());
    expect(page.headers["content-type"]).toContain(SPLIT_ANSWER_TYPE);
    const answer = joinAnswer(page.body) as { status: number; html: string };
    expect(answer.status).toBe(200);
    expect(answer.html).toContain("Line-up");
  });

  it("renders a request the host signed, with either secret during a rotation", async () => {
    const current = await post("render", renderRequest());
    expect(current.statusCode).toBe(200);
    expect((joinAnswer(current.body) as { html: string }).html).toContain("Line-up");
    const payload = JSON.stringify(renderRequest());
    const previous = await post("render", renderRequest(), signRequest(OLD_SECRET, "render", payload));
    expect(previous.statusCode).toBe(200);
  });

  it("renders the requests of the previous release's host, which asks for its islands' props in a script", async () => {
    const previousHost = await post("render", { ...renderRequest(), islandProps: "script" });
    expect(previousHost.statusCode).toBe(200);
    expect((joinAnswer(previousHost.body) as { html: string }).html).toContain("Line-up");
  });

  it("refuses an unsigned, a forged, a stale and a replayed request with 401, and says why", async () => {
    const payload = JSON.stringify(renderRequest());
    const unsigned = await server.inject({
      method: "POST",
      url: "/render",
      headers: { "content-type": "application/json" },
      payload,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().message).toContain("not signed");

    const forged = await post(
      "render",
      renderRequest(),
      signRequest("someone-else-0123456789abcdefghijklmn", "render", payload),
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toContain("does not match");

    // the body changed after signing: the site's phone numbers swapped for someone else's
    const signedFor = signRequest(SECRET, "render", payload);
    const tampered = renderRequest();
    tampered.site = { ...TEST_SITE, business: { ...TEST_SITE.business, phone_sales: "555-0199-000" } };
    expect((await post("render", tampered, signedFor)).statusCode).toBe(401);

    // signed for another endpoint: a fragment's signature does not open /form
    expect((await post("form", renderRequest(), signRequest(SECRET, "fragment", payload))).statusCode).toBe(401);

    const stale = signRequest(SECRET, "render", payload, Date.now() - 60_000);
    expect((await post("render", renderRequest(), stale)).json().message).toContain("expired");

    const once = signRequest(SECRET, "render", payload);
    expect((await post("render", renderRequest(), once)).statusCode).toBe(200);
    const replayed = await post("render", renderRequest(), once);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toContain("replayed");
  });

  it("answers a malformed request with a 400 that names the field, never a 5xx", async () => {
    const { address: _, ...withoutAddress } = TEST_SITE.business;
    const noAddress = { ...renderRequest(), site: { ...TEST_SITE, business: withoutAddress } };
    const missing = await post("render", noAddress);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain("site.business.address");

    const outsidePath = await post("render", { ...renderRequest(), path: "//evil.example/x" });
    expect(outsidePath.statusCode).toBe(400);
    expect(outsidePath.json().message).toContain("path");

    const notJson = await server.inject({
      method: "POST",
      url: "/fragment",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signRequest(SECRET, "fragment", "{") },
      payload: "{",
    });
    expect(notJson.statusCode).toBe(400);

    const form = await post("form", { fields: { name: 1 }, path: "/contact", pageUrl: "x", clientIp: "1.2.3.4" });
    expect(form.statusCode).toBe(400);
    expect(form.json().message).toMatch(/fields\.name|pageUrl|site/);
  });

  it("reads peers only from the origins it was configured with", async () => {
    const rendered = async (peers: Record<string, string>) =>
      expect((await post("render", renderRequest(peers))).statusCode).toBe(200);
    const before = { listed: listed.connections(), unlisted: unlisted.connections() };
    await rendered({ catalog: `${unlisted.origin}/mf-manifest.json` });
    expect(unlisted.connections()).toBe(before.unlisted);
    // a name the allowlist's pattern accepts, that resolves to a loopback address: refused at connection time
    await post(
      "render",
      renderRequest({ catalog: `http://peer.fleet-remotes.test:${new URL(unlisted.origin).port}/m.json` }),
    );
    expect(unlisted.connections()).toBe(before.unlisted);
    // the configured peer is read
    await rendered({ catalog: `${listed.origin}/mf-manifest.json` });
    expect(listed.connections()).toBeGreaterThan(before.listed);
  });

  it("renders for no one without a secret, and still serves its files", async () => {
    const payload = JSON.stringify(renderRequest());
    const refused = await unsecured.inject({
      method: "POST",
      url: "/render",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signRequest(SECRET, "render", payload) },
      payload,
    });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toContain("RENDER_SECRET");
    expect((await unsecured.inject("/mf-manifest.json")).statusCode).toBe(200);
  });
});

describe("the nonces a renderer remembers", () => {
  it("keeps each as long as its request could be accepted, then forgets it, however many there are", () => {
    const secret = "s".repeat(32);
    const verifier = new SignatureVerifier([secret]);
    // the nonces it remembers (its own private map: no production code needs to count them)
    const remembered = () => (verifier as unknown as { seen: Map<string, number> }).seen.size;
    const start = 1_800_000_000_000;
    for (let n = 0; n < 3_000; n++) {
      const at = start + n * 10;
      expect(verifier.verify(signRequest(secret, "render", "{}", at), "render", "{}", at).ok).toBe(true);
    }
    expect(remembered()).toBe(3_000);
    // 30 s after the first: those signed more than 30 s before are gone, the rest still refuse a replay
    const later = start + 30_000 + 5_000;
    const replay = signRequest(secret, "render", "{}", later - 1_000);
    expect(verifier.verify(replay, "render", "{}", later).ok).toBe(true);
    expect(verifier.verify(replay, "render", "{}", later)).toEqual({
      ok: false,
      reason: "the request was already made (replayed)",
    });
    expect(remembered()).toBe(3_000 - 500 + 1);
  });
});

describe("a remote server's environment", () => {
  it("has defaults for a machine of its own, and stops at start-up naming what cannot be right", async () => {
    const { remoteEnvironmentSchema } = await import("../src/server/index.js");
    const env = remoteEnvironmentSchema(4174).parse({ PEER_ORIGINS: "http://127.0.0.1:4175, https://*.example.ca" });
    expect(env).toMatchObject({ PORT: 4174, HOST: "127.0.0.1", RENDER_SECRET: [], CORS_ORIGINS: [] });
    expect(env.PEER_ORIGINS).toEqual(["http://127.0.0.1:4175", "https://*.example.ca"]);
    const wrong = remoteEnvironmentSchema(4174).safeParse({
      RENDER_SECRET: "short",
      PEER_ORIGINS: "ftp://x",
      PORT: "x",
    });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(["PEER_ORIGINS", "PORT", "RENDER_SECRET"]);
  });
});
