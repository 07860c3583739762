import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { slowClient, timeLimitOptions } from "server-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRemoteServer, readRemoteEnvironment } from "../src/server/index.js";

/** A remote's build as `vite build` and `vite build --ssr` leave it, by-products included. */
function fakeRemoteBuild(): string {
  // inside the package: the test runner loads the renderer through its own module loader, which keeps to the project
  mkdirSync(join(import.meta.dirname, ".builds"), { recursive: true });
  const root = mkdtempSync(join(import.meta.dirname, ".builds", "remote-build-"));
  for (const dir of ["dist/assets", "dist/.vite", "dist-server"]) mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, "dist/assets/routes-1.js"), "export default 1;");
  writeFileSync(join(root, "dist/remoteEntry.js"), "export const get = 1;");
  writeFileSync(join(root, "dist/mf-manifest.json"), "{}");
  writeFileSync(join(root, "dist/mf-stats.json"), "{}");
  writeFileSync(join(root, "dist/index.html"), "<!doctype html><p>standalone</p>");
  writeFileSync(join(root, "dist/.vite/manifest.json"), "{}");
  writeFileSync(
    join(root, "dist-server/server-entry.js"),
    `export default {
      configure() {},
      async warmUp() {},
      async render(request) { return { status: 200, html: "<h1>" + request.path + "</h1>", head: { title: "t" } }; },
      async sitemap() { return []; },
    };`,
  );
  return root;
}

/** A remote's configuration as its server reads it from the environment (no RENDER_SECRET, no PEER_ORIGINS). */
const configured = (env: NodeJS.ProcessEnv = {}) =>
  readRemoteEnvironment("catalog", 4174, { API_ORIGIN: "http://127.0.0.1:9", LOG_LEVEL: "silent", ...env });

describe("a remote's production server", () => {
  let behindHost: FastifyInstance;
  let elsewhere: FastifyInstance;

  beforeAll(async () => {
    const root = fakeRemoteBuild();
    behindHost = await createRemoteServer(configured(), { remote: "catalog", root });
    elsewhere = await createRemoteServer(configured({ CORS_ORIGINS: "https://summitheavyfleet.ca" }), {
      remote: "catalog",
      root,
    });
  });
  afterAll(async () => {
    await behindHost.close();
    await elsewhere.close();
    rmSync(join(import.meta.dirname, ".builds"), { recursive: true, force: true });
  });

  it("serves its built artefacts and nothing else: no standalone page, no build stats, no Vite manifest", async () => {
    expect((await behindHost.inject("/assets/routes-1.js")).headers["cache-control"]).toBe(
      "public, max-age=31536000, immutable",
    );
    expect((await behindHost.inject("/mf-manifest.json")).statusCode).toBe(200);
    expect((await behindHost.inject("/remoteEntry.js")).headers["cache-control"]).toBe("no-cache");
    for (const path of ["/index.html", "/mf-stats.json", "/.vite/manifest.json", "/"]) {
      expect([403, 404], path).toContain((await behindHost.inject(path)).statusCode);
    }
  });

  it("sends the security headers on every response: nothing it serves may run as a page or be framed", async () => {
    for (const path of ["/assets/routes-1.js", "/mf-manifest.json", "/nothing-here", "/health"]) {
      const res = await behindHost.inject(path);
      expect(res.headers["content-security-policy"], path).toContain("default-src 'none'");
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
      expect(res.headers["cross-origin-resource-policy"], path).toBe("same-origin");
      expect(res.headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    }
  });

  it("lets no other origin load its files unless configured, and then only that origin", async () => {
    const from = (origin: string) => ({ url: "/assets/routes-1.js", headers: { origin } });
    const unconfigured = await behindHost.inject(from("https://summitheavyfleet.ca"));
    expect(unconfigured.headers["access-control-allow-origin"]).toBeUndefined();
    const configured = await elsewhere.inject(from("https://summitheavyfleet.ca"));
    expect(configured.headers["access-control-allow-origin"]).toBe("https://summitheavyfleet.ca");
    expect(configured.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    const stranger = await elsewhere.inject(from("https://evil.example"));
    expect(stranger.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("cuts off a render request trickled in a byte at a time, and a connection that says nothing", async () => {
    const root = fakeRemoteBuild();
    const strict = await createRemoteServer(configured(), {
      remote: "catalog",
      root,
      timeLimits: { requestMs: 1_000, connectionMs: 1_500, keepAliveMs: 300 },
    });
    await strict.listen({ port: 0, host: "127.0.0.1" });
    try {
      const port = (strict.server.address() as { port: number }).port;
      const trickled = await slowClient(port, {
        head: "POST /render HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 300\r\n\r\n",
        trickle: `{"path":"/line-up/isuzu"${" ".repeat(300)}`,
      });
      expect(trickled.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect((await slowClient(port, {})).closedAfterMs).toBeLessThan(8_000);
    } finally {
      await strict.close();
    }
  });

  it("checks the request and header limits often enough to hold", () => {
    expect(timeLimitOptions({ requestMs: 9_000, connectionMs: 10_000, keepAliveMs: 5_000 })).toEqual({
      requestTimeout: 9_000,
      connectionTimeout: 10_000,
      keepAliveTimeout: 5_000,
      http: { headersTimeout: 9_000, connectionsCheckingInterval: 3_000 },
    });
  });
});
