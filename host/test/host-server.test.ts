// @vitest-environment node
import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { TEST_SITE } from "remote-kit/testing";
import { slowClient } from "server-kit";
import { PUBLIC_API_ROUTES, REMOTE_NAMES } from "shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HostSettings } from "../src/server/environment";
import { createHostServer, type HostServices, remotesConfigReader } from "../src/server/host-server";
import { originOf } from "./fake-host-build";
import { testConfig, testHostServer } from "./test-config";

/** An HTTP request written as it is (no client normalises its path), and the answer as text. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
      // a stream that never ends (the change stream) has said enough once its head is in
      if (answer.includes("\r\n\r\n") && answer.length > 200) socket.destroy();
    });
    socket.setTimeout(3_000, () => socket.destroy());
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("the host server's hardening", () => {
  let upstream: FastifyInstance;
  let host: FastifyInstance;
  let upstreamOrigin = "";
  const seen: Record<string, string | undefined>[] = [];
  /** What the stand-in API says the dealership's details are (a test changes them, or breaks them). */
  let businessDetails: unknown = TEST_SITE.business;

  // every remote nowhere (testConfig): the home page needs no remote, and a remote that cannot be reached adds
  // nothing to the policy
  const hostWith = async (settings: HostSettings = {}, services: HostServices = {}) =>
    createHostServer(
      testConfig({
        API_ORIGIN: upstreamOrigin,
        BUSINESS_DETAILS_MAX_AGE_MS: 0,
        RENDER_TIMEOUT_MS: 300,
        // each test makes its own pages; the page cache has tests of its own below
        PAGE_CACHE: "off",
        FOLLOW_CHANGES: "off",
        ...settings,
      }),
      {
        // the stand-in API's own test routes, forwarded as its public ones are
        publicApiRoutes: [
          ...PUBLIC_API_ROUTES,
          { method: "GET", url: "/api/echo" },
          { method: "GET", url: "/api/hang" },
          { method: "POST", url: "/api/echo" },
        ],
        ...services,
      },
    );

  beforeAll(async () => {
    // stands in for the API: it tells what it was sent, and one route never answers
    upstream = Fastify();
    upstream.get("/api/echo", async (request) => {
      seen.push({
        "x-forwarded-for": request.headers["x-forwarded-for"] as string | undefined,
        "x-forwarded-proto": request.headers["x-forwarded-proto"] as string | undefined,
        "x-forwarded-host": request.headers["x-forwarded-host"] as string | undefined,
        forwarded: request.headers.forwarded,
        host: request.headers.host,
      });
      return { ok: true };
    });
    upstream.get("/api/hang", () => new Promise(() => {}));
    upstream.get("/api/business-details", async () => businessDetails);
    // what the API has on its other listeners, answered here as if it were on the public one: the host must not
    // forward to them however the path is written or whatever token is sent
    for (const path of ["/api/leads/export", "/api/changes", "/api/health/deliveries", "/api/admin/feeds"]) {
      upstream.get(path, async () => ({ reached: path }));
    }
    for (const path of ["/api/admin/feeds/inventory", "/api/leads/held/digest", "/api/deliveries/resend"]) {
      upstream.post(path, async () => ({ reached: path }));
    }
    upstream.put("/api/business-details", async () => ({ reached: "PUT /api/business-details" }));
    await upstream.listen({ port: 0, host: "127.0.0.1" });
    upstreamOrigin = `http://127.0.0.1:${(upstream.server.address() as { port: number }).port}`;
    host = await hostWith({ PROXY_TIMEOUT_MS: 500 });
  });
  afterAll(async () => {
    await host.close();
    // the hung request is still open: closeAllConnections ends it
    upstream.server.closeAllConnections();
    await upstream.close();
  });

  it("sends a page a strict policy that allows its own inline styles and boot script by hash, the same for everyone", async () => {
    const [first, second] = [await host.inject("/"), await host.inject("/")];
    const policy = String(first.headers["content-security-policy"]);
    // the same page is the same bytes, policy included: a shared cache can serve it to anyone
    expect(second.headers["content-security-policy"]).toBe(policy);
    expect(second.body).toBe(first.body);
    expect(policy).not.toContain("nonce-");
    expect(policy).toContain("default-src 'none'");
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("form-action 'self'");
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    const html = first.body;
    const inline = [
      ...html.matchAll(/<(style|script)(?![^>]*type="application\/(?:json|ld\+json)")[^>]*>([\s\S]*?)<\/\1>/g),
    ];
    expect(inline.length).toBeGreaterThanOrEqual(2);
    for (const [, , content] of inline) {
      const hash = createHash("sha256")
        .update(content ?? "")
        .digest("base64");
      expect(policy).toContain(`'sha256-${hash}'`);
    }
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    expect(first.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // no COOP on pages: nothing of a visitor's is in them, they may not be framed, and it costs a phone a process
    expect(first.headers["cross-origin-opener-policy"]).toBeUndefined();
    expect(first.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(first.headers["permissions-policy"]).toContain("camera=()");
  });

  it("sends HSTS only over TLS, as a trusted proxy reports it, never on a client's own say-so", async () => {
    const claimed = await host.inject({ url: "/", headers: { "x-forwarded-proto": "https" } });
    expect(claimed.headers["strict-transport-security"]).toBeUndefined();
    expect(String(claimed.headers["content-security-policy"])).not.toContain("upgrade-insecure-requests");
    const behindProxy = await hostWith({ TRUST_PROXY: "127.0.0.1" });
    try {
      const tls = await behindProxy.inject({
        url: "/",
        headers: { "x-forwarded-proto": "https" },
        remoteAddress: "127.0.0.1",
      });
      expect(tls.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
      expect(String(tls.headers["content-security-policy"])).toContain("upgrade-insecure-requests");
      const plain = await behindProxy.inject({ url: "/", remoteAddress: "127.0.0.1" });
      expect(plain.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });

  it("tells the API who the visitor is and how they came, replacing what a client claimed", async () => {
    seen.length = 0;
    await host.inject({
      url: "/api/echo",
      remoteAddress: "203.0.113.5",
      headers: {
        "x-forwarded-for": "10.0.0.1",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "evil.example",
        forwarded: "for=10.0.0.1;proto=https",
        host: "evil.example",
      },
    });
    expect(seen[0]).toEqual({
      "x-forwarded-for": "203.0.113.5",
      "x-forwarded-proto": "http",
      "x-forwarded-host": undefined,
      forwarded: undefined,
      host: new URL(upstreamOrigin).host,
    });
  });

  it("answers 504 in seconds when the API hangs, not after minutes", async () => {
    const started = Date.now();
    const hung = await host.inject("/api/hang");
    expect(hung.statusCode).toBe(504);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("cuts off a client that trickles its request, or says nothing at all", async () => {
    const strict = await hostWith({}, { timeLimits: { requestMs: 1_000, connectionMs: 1_500, keepAliveMs: 300 } });
    await strict.listen({ port: 0, host: "127.0.0.1" });
    try {
      const port = (strict.server.address() as { port: number }).port;
      const trickledHeaders = await slowClient(port, {
        trickle: `GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ${"a".repeat(300)}`,
      });
      expect(trickledHeaders.answer).toMatch(/^(HTTP\/1\.1 408 |$)/);
      const trickledBody = await slowClient(port, {
        head: "POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 300\r\n\r\n",
        trickle: "{".padEnd(300, " "),
      });
      expect(trickledBody.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect((await slowClient(port, {})).closedAfterMs).toBeLessThan(8_000);
    } finally {
      await strict.close();
    }
  });

  it("forwards only the API's public routes: no internal or staff route, whatever the token", async () => {
    const headers = { authorization: "Bearer anything-at-all-0000" };
    const refused: [string, string][] = [
      ["GET", "/api/leads/export?format=json"],
      ["GET", "/api/changes"],
      ["GET", "/api/health/deliveries"],
      ["GET", "/api/admin/feeds"],
      ["POST", "/api/admin/feeds/inventory?force=true"],
      ["POST", "/api/leads/held/digest"],
      ["POST", "/api/deliveries/resend"],
      ["PUT", "/api/business-details"],
    ];
    for (const [method, url] of refused) {
      const answer = await host.inject({
        method: method as "GET",
        url,
        headers,
        payload: method === "GET" ? undefined : {},
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.body).not.toContain("reached");
    }
    // a public route still goes through
    expect((await host.inject("/api/business-details")).statusCode).toBe(200);
  });

  it("refuses a path with dot-segments, escaped dots or slashes, backslashes or control characters before any route", async () => {
    const paths = [
      "/api/./changes",
      "/api/%2e/changes",
      "/api/%2E%2E/api/changes",
      "/api/./leads/export",
      "/api/inventory/../changes",
      "/api/x/..%2fchanges",
      "/api%2fchanges",
      "/api/\\changes",
      "/%5cevil.example",
      "/contact/%09/evil",
      "/inventory/.",
    ];
    // over a socket, as curl --path-as-is sends them (nothing between the client and the host normalises them)
    await host.listen({ port: 0, host: "127.0.0.1" });
    const port = (host.server.address() as { port: number }).port;
    for (const path of paths) {
      const answer = await rawRequest(port, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(answer, path).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).not.toContain("reached");
      expect(answer).not.toContain("text/event-stream");
    }
    // an ordinary path is a page or a file as before
    expect(
      await rawRequest(port, "GET /api/business-details HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
    ).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("says loudly, once, that it is behind a proxy it was not told to trust", async () => {
    const errors: string[] = [];
    const original = console.error;
    console.error = (message: string) => void errors.push(message);
    const untrusting = await hostWith();
    try {
      await untrusting.inject({ url: "/", headers: { "x-forwarded-for": "203.0.113.7" } });
      await untrusting.inject({ url: "/", headers: { "x-forwarded-for": "203.0.113.8" } });
      expect(errors.filter((line) => line.includes("TRUST_PROXY"))).toHaveLength(1);
      const trusting = await hostWith({ TRUST_PROXY: "127.0.0.1" });
      await trusting.inject({ url: "/", headers: { "x-forwarded-for": "203.0.113.7" }, remoteAddress: "127.0.0.1" });
      await trusting.close();
      expect(errors.filter((line) => line.includes("TRUST_PROXY"))).toHaveLength(1);
    } finally {
      console.error = original;
      await untrusting.close();
    }
  });

  it("puts the dealership's details from the API in every page, and keeps the last good ones when it fails", async () => {
    const phoneOf = (html: string) => /"phone_sales":"([^"]+)"/.exec(html)?.[1];
    expect(phoneOf((await host.inject("/")).body)).toBe(TEST_SITE.business.phone_sales);
    businessDetails = { ...TEST_SITE.business, phone_sales: "403-555-0111" };
    const changed = (await host.inject("/")).body;
    expect(phoneOf(changed)).toBe("403-555-0111");
    expect(changed).toContain("403-555-0111</a>");
    // the API answers something no page could show: the last good details stand
    businessDetails = { ...TEST_SITE.business, primary_email: "not an email" };
    expect(phoneOf((await host.inject("/")).body)).toBe("403-555-0111");
    businessDetails = TEST_SITE.business;
  });

  it("starts from its kept copy when the API is down, and says 503 only when it has none", async () => {
    const cacheFile = join(mkdtempSync(join(tmpdir(), "host-cache-")), "business-details.json");
    const first = await hostWith({ BUSINESS_DETAILS_CACHE_FILE: cacheFile });
    expect((await first.inject("/")).statusCode).toBe(200);
    await first.close();
    const nowhere = "http://127.0.0.1:9";
    const restarted = await hostWith({ API_ORIGIN: nowhere, BUSINESS_DETAILS_CACHE_FILE: cacheFile });
    const page = await restarted.inject("/");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(TEST_SITE.business.phone_sales);
    await restarted.close();
    const bare = await hostWith({ API_ORIGIN: nowhere });
    const refused = await bare.inject("/");
    expect(refused.statusCode).toBe(503);
    expect(refused.headers["retry-after"]).toBe("10");
    await bare.close();
  });

  it("serves nothing but the built artefacts", async () => {
    for (const path of ["/.vite/manifest.json", "/index.html"]) {
      expect((await host.inject(path)).statusCode, path).not.toBe(200);
    }
    expect((await host.inject("/assets/index-1.js")).statusCode).toBe(200);
  });
});

describe("the remote configuration file", () => {
  it("is read again as soon as it changes; a bad edit is reported by entry, once, and the last good one stays", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "remotes-config-")), "remotes.json");
    const good = Object.fromEntries(REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]));
    const reports: string[] = [];
    const read = remotesConfigReader(file, (message) => reports.push(message));
    writeFileSync(file, JSON.stringify(good));
    expect(await read()).toEqual(good);
    const promoted = { ...good, leads: "/remotes/leads/releases/2.0.0-ab12cd34/mf-manifest.json" };
    writeFileSync(file, JSON.stringify(promoted));
    expect(await read()).toEqual(promoted);
    writeFileSync(file, JSON.stringify({ ...promoted, inventory: 42 }));
    expect(await read()).toEqual(promoted);
    expect(await read()).toEqual(promoted);
    expect(reports).toEqual([
      `${file} is invalid: inventory: missing, or not a string; the last good remote configuration stays in force`,
    ]);
    writeFileSync(file, "{ not json");
    expect(await read()).toEqual(promoted);
    expect(reports[1]).toMatch(/could not be read: .*JSON/);
  });
});

describe("a form sent without scripts", () => {
  let leads: FastifyInstance;
  let api: FastifyInstance;
  let host: FastifyInstance;
  const posts: { fields: Record<string, string>; path: string; clientIp: string }[] = [];
  const renders: { path: string; form?: unknown; cookies?: Record<string, string> }[] = [];

  beforeAll(async () => {
    // stands in for the API (the dealership's details) and for team leads' server (its manifest, renderer, forms)
    api = Fastify();
    api.get("/api/business-details", async () => TEST_SITE.business);
    await api.listen({ port: 0, host: "127.0.0.1" });
    leads = Fastify();
    leads.get("/mf-manifest.json", async () => ({
      metaData: {
        server: {
          protocol: 2,
          render: "render",
          form: "form",
          sitemap: "sitemap.json",
          data: {},
          routes: ["/contact", "/contact/thank-you", "/unsubscribe"],
          pages: [
            { path: "/contact", query: [] },
            { path: "/contact/thank-you", query: ["form", "from"] },
            { path: "/unsubscribe", query: ["email", "token"], private: true },
          ],
        },
      },
      exposes: [],
    }));
    leads.post("/form", async (request) => {
      const post = request.body as (typeof posts)[number];
      posts.push(post);
      if (post.fields.first_name === "Keep")
        return {
          kind: "redirect",
          location: "/contact",
          cookies: [
            { name: "leads_fleet_quote", value: "k".repeat(43), maxAgeS: 2_592_000 },
            { name: "inventory_seen", value: "1", maxAgeS: 60 },
          ],
        };
      if (post.fields.first_name)
        return { kind: "redirect", location: "/contact/thank-you?form=contact&from=%2Fcontact" };
      return {
        kind: "page",
        status: 422,
        form: { id: "leads:contact", values: post.fields, errors: { first_name: "First Name is required" } },
      };
    });
    leads.post("/render", async (request) => {
      const body = request.body as (typeof renders)[number];
      renders.push(body);
      const form = body.form as { errors: Record<string, string> } | undefined;
      return {
        status: 200,
        // React's resource hint leads the HTML
        html: `<link rel="preload" as="image" href="/api/media/a?w=1&amp;h=2"/><h1>Contact</h1>${form ? `<p role="alert">${form.errors.first_name}</p>` : ""}`,
        head: { title: "Contact" },
      };
    });
    await leads.listen({ port: 0, host: "127.0.0.1" });
    host = await testHostServer(originOf(api), { leads: originOf(leads) });
  });
  afterAll(async () => {
    await host.close();
    await leads.close();
    await api.close();
  });

  const post = (payload: string, headers: Record<string, string> = { "sec-fetch-site": "same-origin" }) =>
    host.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      payload,
      remoteAddress: "203.0.113.9",
    });

  it("goes to the team that owns it, with the page and the visitor's address; stored, it answers 303", async () => {
    posts.length = 0;
    const answer = await post("fleet-form=leads%3Acontact&first_name=Ann&email=ann%40example.ca&message=a%0Ab");
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe("/contact/thank-you?form=contact&from=%2Fcontact");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(posts[0]).toMatchObject({
      fields: { "fleet-form": "leads:contact", first_name: "Ann", email: "ann@example.ca", message: "a\nb" },
      path: "/contact",
      pageUrl: "https://summitheavyfleet.ca/contact",
      clientIp: "203.0.113.9",
    });
  });

  it("refused, answers the page again with what was typed and why, as the owner's status, never cached", async () => {
    renders.length = 0;
    const answer = await post("fleet-form=leads%3Acontact&first_name=&email=ann%40example.ca");
    expect(answer.statusCode).toBe(422);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).toContain('<p role="alert">First Name is required</p>');
    // the hints go into the head; the region starts with the page's content
    const head = answer.body.slice(0, answer.body.indexOf("</head>"));
    expect(head).toContain('<link rel="preload" as="image" href="/api/media/a?w=1&amp;h=2">');
    expect(answer.body).toContain('data-region="islands"><h1>Contact</h1>');
    expect(renders[0]).toMatchObject({
      path: "/contact",
      form: { id: "leads:contact", values: { email: "ann@example.ca" } },
    });
  });

  it("from another site (or a request no browser on the site would send), is refused before anyone sees it", async () => {
    posts.length = 0;
    for (const headers of [
      { "sec-fetch-site": "cross-site" } as Record<string, string>,
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      {},
    ]) {
      const answer = await post("fleet-form=leads%3Acontact&first_name=Ann", headers);
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
      expect(answer.body).toContain("This form can only be sent from our own website");
    }
    // an older browser that sends only Origin is believed when it names this site
    const sameHost = await host.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://site.test", host: "site.test" },
      payload: "fleet-form=leads%3Acontact&first_name=Ann",
    });
    expect(sameHost.statusCode).toBe(303);
    expect(posts).toHaveLength(1);
    // the same host by another scheme or port is another origin
    for (const origin of ["https://site.test", "http://site.test:8080"]) {
      const other = await host.inject({
        method: "POST",
        url: "/contact",
        headers: { "content-type": "application/x-www-form-urlencoded", origin, host: "site.test" },
        payload: "fleet-form=leads%3Acontact&first_name=Ann",
      });
      expect(other.statusCode, origin).toBe(403);
    }
    expect(posts).toHaveLength(1);
  });

  it("drops a query parameter the page does not read by a redirect, so a cache holds the page once", async () => {
    const moved = await host.inject("/contact?utm_source=mail&x=1");
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe("/contact");
    const kept = await host.inject("/contact/thank-you?form=contact&nonce=83461&from=%2Fcontact");
    expect(kept.headers.location).toBe("/contact/thank-you?form=contact&from=%2Fcontact");
    // random parameters cost the renderer nothing: only the canonical page is rendered, once
    renders.length = 0;
    for (let i = 0; i < 5; i++) {
      const answer = await host.inject(`/contact?r=${Math.random()}`);
      expect(answer.statusCode).toBe(301);
      expect((await host.inject(answer.headers.location as string)).statusCode).toBe(200);
    }
    expect(renders.map((render) => render.path)).toEqual(["/contact"]);
    // the home page reads none either
    expect((await host.inject("/?gclid=abc")).headers.location).toBe("/");
  });

  it("never keeps a page that carries a visitor's details or a token: no-store, made for each request", async () => {
    renders.length = 0;
    const link = "/unsubscribe?email=dana%40example.ca&token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";
    const [first, second] = [await host.inject(link), await host.inject(link)];
    for (const answer of [first, second]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["cache-control"]).toBe("no-store");
    }
    expect(renders.filter((render) => render.path === link)).toHaveLength(2);
  });

  it("hands a remote its own cookies and no other, only where no cache keeps the page; sets only cookies of its name", async () => {
    posts.length = 0;
    renders.length = 0;
    const cookie = `leads_fleet_quote=${"k".repeat(43)}; inventory_seen=1; session=abc`;
    const kept = await host.inject({
      method: "POST",
      url: "/contact",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin", cookie },
      payload: "fleet-form=leads%3Acontact&first_name=Keep",
    });
    expect(kept.statusCode).toBe(303);
    expect((posts[0] as { cookies?: unknown }).cookies).toEqual({ leads_fleet_quote: "k".repeat(43) });
    // first-party, HttpOnly, Lax, Secure on a site served over TLS; a cookie named for another team is not set
    expect(kept.headers["set-cookie"]).toBe(
      `leads_fleet_quote=${"k".repeat(43)}; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax`,
    );
    await host.inject({ url: "/unsubscribe?email=a%40b.ca&token=t", headers: { cookie } });
    await host.inject({ url: "/contact", headers: { cookie } });
    expect(renders.find((render) => render.path.startsWith("/unsubscribe"))?.cookies).toEqual({
      leads_fleet_quote: "k".repeat(43),
    });
    // a page a cache may keep is made for everyone: no visitor's cookie reaches its render
    expect(renders.filter((render) => !render.path.startsWith("/unsubscribe")).map((render) => render.cookies)).toEqual(
      renders.filter((render) => !render.path.startsWith("/unsubscribe")).map(() => undefined),
    );
  });

  it("that names no form of the site's is a 400 with a way back, and nothing is sent on", async () => {
    posts.length = 0;
    for (const payload of ["first_name=Ann", "fleet-form=nobody%3Acontact", "fleet-form=%3Cscript%3E"]) {
      const answer = await post(payload);
      expect(answer.statusCode, payload).toBe(400);
      expect(answer.body).toContain("We could not read this form");
    }
    expect(posts).toHaveLength(0);
  });

  it("keeps what was typed when the form's owner cannot take it: the page again, 503, with the phone", async () => {
    await leads.close();
    const answer = await post("fleet-form=leads%3Acontact&first_name=Ann&email=ann%40example.ca");
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["cache-control"]).toBe("no-store");
  });
});
