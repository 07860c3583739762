// @vitest-environment node
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { TEST_SITE } from "remote-kit/testing";
import type { RemotesConfig } from "shared-types";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { repeatedly } from "../src/server/cache-invalidation";
import { createHostServer } from "../src/server/host-server";
import { Answers, type CachedAnswer } from "../src/server/plugins/page-cache";
import { fakeHostBuild } from "./fake-host-build";
import { testConfig } from "./test-config";

const pageCache = (now?: () => number) =>
  new Answers({ keep: true, remotesConfig: async () => ({}) as RemotesConfig, imageSources: [], now });

const answer = (tags: string[], body = "<p>page</p>"): CachedAnswer => ({
  status: 200,
  headers: {},
  body,
  encoded: {},
  tags,
  freshMs: 1_000,
  staleMs: 2_000,
});

describe("the host's page cache", () => {
  it("serves a page fresh, then stale while it is made again, then not at all", () => {
    let now = 10_000;
    const cache = pageCache(() => now);
    cache.store("/a", answer(["site"]));
    expect(cache.lookup("/a")?.state).toBe("fresh");
    now = 11_500;
    expect(cache.lookup("/a")).toMatchObject({ state: "stale", ageSeconds: 1 });
    now = 13_500;
    expect(cache.lookup("/a")).toBeNull();
  });

  it("purges exactly the pages that show a tag", () => {
    const cache = pageCache();
    cache.store("/inventory/vehicle/A1", answer(["site", "unit:A1"]));
    cache.store("/inventory/vehicle/B2", answer(["site", "unit:B2"]));
    cache.store("/service", answer(["site"]));
    expect(cache.purge(["unit:A1"])).toBe(1);
    expect(cache.lookup("/inventory/vehicle/A1")).toBeNull();
    expect(cache.lookup("/inventory/vehicle/B2")).not.toBeNull();
    expect(cache.purge(["site"])).toBe(2);
    expect(cache.size).toBe(0);
  });

  it("makes a page once for everyone asking at the same time, and keeps nothing made across a purge", async () => {
    const cache = pageCache();
    let made = 0;
    let release = () => {};
    const make = () =>
      new Promise<CachedAnswer>((resolve) => {
        made += 1;
        release = () => resolve(answer(["unit:A1"]));
      });
    const asked = [cache.make("/v", make), cache.make("/v", make), cache.make("/v", make)];
    expect(made).toBe(1);
    // the unit changes while its page is being made: that page may show the old price, so it is not kept
    cache.purge(["unit:A1"]);
    release();
    await Promise.all(asked);
    expect(cache.lookup("/v")).toBeNull();
  });

  it("with PAGE_CACHE off, makes each visitor's page for them, never joined with another's", async () => {
    const answers = new Answers({ keep: false, remotesConfig: async () => ({}) as RemotesConfig, imageSources: [] });
    const app = Fastify();
    let made = 0;
    let releaseAll = () => {};
    const released = new Promise<void>((resolve) => {
      releaseAll = resolve;
    });
    app.get("/page", (request, reply) =>
      answers.serve(request, reply, async () => {
        made += 1;
        await released;
        return answer(["site"], `<p>page ${made}</p>`);
      }),
    );
    const both = Promise.all([app.inject("/page"), app.inject("/page")]);
    await vi.waitFor(() => expect(made).toBe(2));
    releaseAll();
    expect((await both).map((reply) => reply.statusCode)).toEqual([200, 200]);
    expect(answers.lookup("/page")).toBeNull();
    await app.close();
  });

  it("lets a page that is never made go: after 20 s the next request makes it anew", async () => {
    vi.useFakeTimers();
    try {
      const cache = pageCache();
      let made = 0;
      const never = () => {
        made += 1;
        return new Promise<CachedAnswer>(() => {});
      };
      void cache.make("/inventory", never);
      void cache.make("/inventory", never);
      expect(made).toBe(1);
      await vi.advanceTimersByTimeAsync(20_001);
      await expect(cache.make("/inventory", async () => answer([]))).resolves.toMatchObject({ status: 200 });
      expect(made).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("a task run again and again (each day's turn in Calgary, a look at the remotes' builds)", () => {
  it("runs after its wait, again a wait after each run ends, never two at once, and not once closed", async () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      let running = 0;
      const task = async () => {
        runs += 1;
        running += 1;
        expect(running).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        running -= 1;
      };
      const repeated = repeatedly(task, () => 60_000);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(runs).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(runs).toBe(1);
      // the next a wait after the run ended, not after it began
      await vi.advanceTimersByTimeAsync(64_999);
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(runs).toBe(2);
      repeated.close();
      await vi.advanceTimersByTimeAsync(240_000);
      expect(runs).toBe(2);
      // the first run at once when asked
      const atOnce = repeatedly(task, () => 60_000, 0);
      await vi.advanceTimersByTimeAsync(0);
      expect(runs).toBe(3);
      atOnce.close();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the host server with its page cache", () => {
  let api: FastifyInstance;
  let host: FastifyInstance;
  const streams: { write(text: string): void }[] = [];

  beforeAll(async () => {
    // stands in for the API: the dealership's details, and the change signal the host follows
    api = Fastify();
    api.get("/api/business-details", async () => TEST_SITE.business);
    api.get("/api/changes", (request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { "content-type": "text/event-stream" });
      reply.raw.write(": open\n\n");
      streams.push(reply.raw);
      request.raw.on("close", () => streams.splice(streams.indexOf(reply.raw), 1));
    });
    await api.listen({ port: 0, host: "127.0.0.1" });
    const dist = fakeHostBuild();
    writeFileSync(join(dist, "assets/index-1.js.br"), "not really brotli");
    host = await createHostServer(
      testConfig({
        HOST_DIST_DIR: dist,
        API_ORIGIN: `http://127.0.0.1:${(api.server.address() as { port: number }).port}`,
        BUSINESS_DETAILS_MAX_AGE_MS: 60_000,
        RENDER_TIMEOUT_MS: 300,
      }),
    );
    await host.ready();
    // the host follows the change signal from its start
    for (let waited = 0; streams.length === 0 && waited < 5_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    await host.close();
    api.server.closeAllConnections();
    await api.close();
  });

  it("serves the same page to the next visitor from its cache, for as long as a shared cache may keep it", async () => {
    const first = await host.inject("/");
    const second = await host.inject("/");
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(first.headers.xkey).toContain("site");
    expect(first.headers.vary).toBe("accept-encoding");
    expect(second.headers.age).toBeDefined();
    expect(second.body).toBe(first.body);
    // where each answer's time went (Server-Timing): each hop of the page's making on the miss, the cache on the hit
    const made = String(first.headers["server-timing"]);
    expect(made).toMatch(
      /^cache;desc="miss";dur=0\.0, site;desc="the dealership's details";dur=[\d.]+, config;desc="where the remotes are";dur=[\d.]+, compose;desc="the document";dur=[\d.]+, total;desc="the host";dur=[\d.]+$/,
    );
    expect(String(second.headers["server-timing"])).toMatch(
      /^cache;desc="hit";dur=0\.0, total;desc="the host";dur=[\d.]+$/,
    );
    // nothing in it names an address, a port or a secret
    expect(made).not.toMatch(/127\.0\.0\.1|http|token/i);
  });

  it("compresses every page as the browser asks, not only the home page; a file it does not have is a 404", async () => {
    for (const url of ["/", "/inventory", "/contact"]) {
      const answer = await host.inject({ url, headers: { "accept-encoding": "br, gzip" } });
      expect(answer.headers["content-type"], url).toContain("text/html");
      expect(answer.headers["content-encoding"], url).toBe("br");
    }
    const missing = await host.inject({ url: "/assets/no-such-file.js", headers: { "accept-encoding": "br" } });
    expect(missing.statusCode).toBe(404);
  });

  it("answers a browser that has the page with a 304, and HEAD as GET without the body", async () => {
    const page = await host.inject("/");
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await host.inject({ url: "/", headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    const head = await host.inject({ method: "HEAD", url: "/" });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toContain("text/html");
    expect(head.body).toBe("");
    // a page a remote composes answers HEAD too (here: the shell saying the page cannot be shown now, no remote
    // being reachable to say whose it is; kept by no cache, so the next request asks again)
    const unreachable = await host.inject({ method: "HEAD", url: "/service" });
    expect(unreachable.statusCode).toBe(503);
    expect(unreachable.headers["cache-control"]).toBe("no-store");
    expect(unreachable.body).toBe("");
    const shown = await host.inject("/service");
    expect(shown.body).toContain("data-page-unreachable");
  });

  it("answers other methods with 405 and what is allowed", async () => {
    const deleted = await host.inject({ method: "DELETE", url: "/service" });
    expect(deleted.statusCode).toBe(405);
    expect(deleted.headers.allow).toBe("GET, HEAD, POST");
    const put = await host.inject({ method: "PUT", url: "/favicon.svg" });
    expect(put.statusCode).toBe(405);
    expect(put.headers.allow).toBe("GET, HEAD");
    expect((await host.inject({ method: "OPTIONS", url: "/service" })).headers.allow).toBe("GET, HEAD, POST");
  });

  it("purges what the API's change signal names", async () => {
    await host.inject("/");
    expect((await host.inject("/")).headers.age).toBeDefined();
    for (const stream of streams) stream.write(`event: purge\ndata: ${JSON.stringify({ tags: ["site"] })}\n\n`);
    await expect.poll(async () => (await host.inject("/")).headers.age, { timeout: 2_000 }).toBeUndefined();
  });

  it("serves a file compressed at build time as it is, never compressing it again", async () => {
    const file = await host.inject({ url: "/assets/index-1.js", headers: { "accept-encoding": "br" } });
    expect(file.headers["content-encoding"]).toBe("br");
    expect(file.body).toBe("not really brotli");
    expect(file.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});
