import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import pg from "pg";
import { REMOTE_NAMES, type RemoteName } from "shared-types";
import { allMessages } from "../fixtures/delivered-leads";
import {
  E2E_ADMIN_TOKEN,
  E2E_PORTS,
  E2E_RENDER_SECRET,
  E2E_SIGNING_SECRET,
  PUBLIC_SITE_URL,
  root,
  start,
  stopProcess,
  trackProcess,
  waitFor,
} from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

/**
 * More than one machine: two API processes and two host processes on one PostgreSQL, behind Varnish (the shared
 * cache scripts/shared-cache.mjs runs), each host following its own API's change signal and purging its own cache
 * and Varnish's. Needs a PostgreSQL server (TEST_DATABASE_URL, which .ci/run starts) and varnishd.
 */
const SERVER = process.env.TEST_DATABASE_URL;
const PORTS = {
  apiA: 4400,
  apiB: 4401,
  remotes: { catalog: 4402, inventory: 4403, service: 4404, leads: 4405 } as Record<RemoteName, number>,
  hostA: 4406,
  hostB: 4407,
  cache: 4408,
  /** Each API's internal listener (its hosts follow the change stream there) and staff listener. */
  internal: { 4400: 4410, 4401: 4412 } as Record<number, number>,
  staff: { 4400: 4411, 4401: 4413 } as Record<number, number>,
};
/** The hosts purge Varnish with it, and Varnish takes no purge without it. */
const PURGE_SECRET = randomBytes(32).toString("base64url");
const at = (port: number) => `http://127.0.0.1:${port}`;
const CACHE = at(PORTS.cache);
const HOSTS = [at(PORTS.hostA), at(PORTS.hostB)];
const APIS = [at(PORTS.apiA), at(PORTS.apiB)];
const INBOXES = { CRM_LEADS_EMAIL: "crm@two.e2e.test", SALES_LEADS_EMAIL: "sales@two.e2e.test" };
const database = `fleet_e2e_${randomBytes(4).toString("hex")}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

test.describe("more than one machine behind a shared cache", () => {
  test.skip(!SERVER, 'needs a PostgreSQL server: TEST_DATABASE_URL (eval "$(scripts/test-postgres.sh)")');
  test.describe.configure({ timeout: 120_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await admin(`create database ${database}`);
    const url = new URL(SERVER as string);
    url.pathname = `/${database}`;
    const api = (port: number) =>
      start(process.execPath, ["dist/src/main.js"], join(root, "api"), {
        PORT: String(port),
        API_INTERNAL_PORT: String(PORTS.internal[port]),
        API_STAFF_PORT: String(PORTS.staff[port]),
        DATABASE_URL: url.toString(),
        SEED_VEHICLES: "12",
        LOG_LEVEL: "warn",
        ADMIN_TOKEN: E2E_ADMIN_TOKEN,
        LEAD_SIGNING_SECRET: E2E_SIGNING_SECRET,
        LEAD_MIN_FILL_MS: "0",
        READ_RATE_LIMIT_MAX: "10",
        SMTP_URL: `smtp://127.0.0.1:${E2E_PORTS.mailSmtp}`,
        ...INBOXES,
        PUBLIC_SITE_URL,
      }).pid ?? 0;
    // one after the other: the first makes and seeds the database
    trackProcess("cache-api-a", api(PORTS.apiA));
    await waitFor(`${at(PORTS.apiA)}/api/health`);
    trackProcess("cache-api-b", api(PORTS.apiB));
    const peers = Object.values(PORTS.remotes).map(at).join(",");
    for (const name of REMOTE_NAMES) {
      const pid =
        start(process.execPath, ["server.mjs"], join(root, `mfe-${name}`), {
          PORT: String(PORTS.remotes[name]),
          API_ORIGIN: at(PORTS.apiA),
          RENDER_SECRET: E2E_RENDER_SECRET,
          PEER_ORIGINS: peers,
          LOG_LEVEL: "warn",
        }).pid ?? 0;
      trackProcess(`cache-${name}`, pid);
    }
    const host = (port: number, apiPort: number) =>
      start(process.execPath, ["server/serve.mjs"], join(root, "host"), {
        PORT: String(port),
        HOST: "127.0.0.1",
        API_ORIGIN: at(apiPort),
        API_INTERNAL_ORIGIN: at(PORTS.internal[apiPort] as number),
        RENDER_SECRET: E2E_RENDER_SECRET,
        RENDER_TIMEOUT_MS: "2500",
        PUBLIC_SITE_URL,
        // as scripts/shared-cache.mjs says: purge it with its secret, and believe its word on who the visitor is
        SHARED_CACHE_PURGE_URLS: CACHE,
        SHARED_CACHE_PURGE_SECRET: PURGE_SECRET,
        TRUST_PROXY: "127.0.0.1",
        REMOTES_CONFIG_FILE: "",
        ...Object.fromEntries(
          REMOTE_NAMES.map((name) => [`REMOTE_${name.toUpperCase()}_ORIGIN`, at(PORTS.remotes[name])]),
        ),
      }).pid ?? 0;
    trackProcess("cache-host-a", host(PORTS.hostA, PORTS.apiA));
    trackProcess("cache-host-b", host(PORTS.hostB, PORTS.apiB));
    trackProcess(
      "cache-varnish",
      start(
        process.execPath,
        [
          "scripts/shared-cache.mjs",
          ...["--port", String(PORTS.cache)],
          ...["--backend", `127.0.0.1:${PORTS.hostA}`, "--backend", `127.0.0.1:${PORTS.hostB}`],
        ],
        root,
        { SHARED_CACHE_PURGE_SECRET: PURGE_SECRET },
      ).pid ?? 0,
    );
    await Promise.all([
      waitFor(`${at(PORTS.apiB)}/api/health`),
      ...Object.values(PORTS.remotes).map((port) => waitFor(`${at(port)}/mf-manifest.json`)),
      ...HOSTS.map((host) => waitFor(`${host}/robots.txt`)),
    ]);
    await waitFor(`${CACHE}/robots.txt`);
  });

  test.afterAll(async () => {
    for (const name of ["varnish", "host-a", "host-b", ...REMOTE_NAMES, "api-a", "api-b"]) {
      stopProcess(`cache-${name}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await admin(`drop database if exists ${database} with (force)`);
  });

  const aUnit = async () => {
    const { vehicles } = (await (await fetch(`${APIS[0]}/api/inventory/all/?page_size=1`)).json()) as {
      vehicles: { stock_number: string }[];
    };
    return vehicles[0]?.stock_number as string;
  };
  // staff changes go to an API's staff listener
  const changeUnit = (api: string, stock: string, change: object) =>
    fetch(`${at(PORTS.staff[Number(new URL(api).port)] as number)}/api/admin/units/${stock}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(change),
    });

  test("the cache serves a page the same for everyone, and keeps the purge tags to itself", async () => {
    const first = await fetch(`${CACHE}/service`);
    const second = await fetch(`${CACHE}/service`);
    expect(first.status).toBe(200);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("xkey")).toBeNull();
    expect(await second.text()).toBe(await first.text());
  });

  test("a price change shows on both hosts and through the cache at once; a sold unit is gone after its purge", async () => {
    const stock = await aUnit();
    const page = `/inventory/vehicle/${stock}`;
    const everywhere = [CACHE, ...HOSTS];
    // every copy is warm: Varnish's, and each host's own
    for (const origin of everywhere) {
      await fetch(`${origin}${page}`);
      await fetch(`${origin}${page}`);
    }
    expect((await fetch(`${CACHE}${page}`)).headers.get("x-cache")).toBe("HIT");

    const changedAt = Date.now();
    expect((await changeUnit(APIS[1] as string, stock, { sale_price: 12_345 })).status).toBe(200);
    for (const origin of everywhere) {
      await expect
        .poll(async () => (await (await fetch(`${origin}${page}`)).text()).includes("$12,345"), { timeout: 5_000 })
        .toBe(true);
    }
    console.log(`a price change reached Varnish and both hosts in ${Date.now() - changedAt} ms`);

    expect((await changeUnit(APIS[0] as string, stock, { status: "sold" })).status).toBe(200);
    for (const origin of everywhere) {
      await expect.poll(async () => (await fetch(`${origin}${page}`)).status, { timeout: 5_000 }).toBe(410);
    }
    // once purged, never the old page again
    for (let i = 0; i < 5; i++) expect((await fetch(`${CACHE}${page}`)).status).toBe(410);
    const search = await (await fetch(`${CACHE}/inventory`)).text();
    expect(search).not.toContain(`/inventory/vehicle/${stock}"`);
  });

  test("a lead sent to either is stored once and delivered once", async () => {
    const name = `Twomachines${randomBytes(3).toString("hex")}`;
    const start = (await (await fetch(`${HOSTS[0]}/api/leads/start`)).json()) as Record<string, string>;
    const lead = {
      ...start,
      form: "contact",
      destination: "ContactUs",
      first_name: name,
      last_name: "Fleet",
      email: "two.machines@example.com",
      message: "Two units, one lead",
      website: "",
    };
    const key = `two-machines-${randomBytes(6).toString("hex")}`;
    const ids: string[] = [];
    for (const host of HOSTS) {
      const token = await fetch(`${host}/api/leads/token`);
      const cookies = token.headers.getSetCookie().map((c) => c.split(";")[0]);
      const xsrf = cookies.find((c) => c?.startsWith("XSRF-TOKEN="))?.slice("XSRF-TOKEN=".length) ?? "";
      const sent = await fetch(`${host}/api/leads/capture`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: cookies.join("; "),
          "x-xsrf-token": decodeURIComponent(xsrf),
          "idempotency-key": key,
        },
        body: JSON.stringify(lead),
      });
      expect(sent.status, await sent.clone().text()).toBe(201);
      ids.push(((await sent.json()) as { id: string }).id);
    }
    expect(ids[1]).toBe(ids[0]);
    const about = async () =>
      (await allMessages())
        .filter((m) => `${m.subject}\n${m.text ?? ""}`.includes(ids[0] as string))
        .flatMap((m) => m.envelope.to.map((t) => t.address))
        .sort();
    await expect.poll(about, { timeout: 20_000 }).toEqual([INBOXES.CRM_LEADS_EMAIL, INBOXES.SALES_LEADS_EMAIL]);
    // both processes' delivery workers had the chance: still once each
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await about()).toEqual([INBOXES.CRM_LEADS_EMAIL, INBOXES.SALES_LEADS_EMAIL]);
  });

  test("the cache takes a purge only with the shared secret, and a client's word on its protocol changes nothing", async () => {
    const refused = await fetch(`${CACHE}/`, { method: "PURGE", headers: { "xkey-purge": "site" } });
    expect(refused.status).toBe(403);
    const wrong = await fetch(`${CACHE}/`, {
      method: "PURGE",
      headers: { "xkey-purge": "site", "x-purge-secret": "x".repeat(43) },
    });
    expect(wrong.status).toBe(403);
    await fetch(`${CACHE}/body-shop`);
    const claimed = await fetch(`${CACHE}/body-shop`, { headers: { "x-forwarded-proto": "https" } });
    // the same object as everyone's (no key of its own), and no upgrade to https on a client's say-so
    expect(claimed.headers.get("x-cache")).toBe("HIT");
    expect(claimed.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    expect(claimed.headers.get("strict-transport-security")).toBeNull();
  });

  test("a page with a visitor's token is never kept; a parameter no page reads does not make a page of its own", async () => {
    const link = `/unsubscribe?email=dana%40example.ca&token=${"A".repeat(43)}`;
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`${CACHE}${link}`);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("x-cache")).toBe("MISS");
    }
    await fetch(`${CACHE}/parts`);
    // tracking parameters are dropped by the cache itself: served from the copy it has
    const tagged = await fetch(`${CACHE}/parts?utm_source=${randomBytes(4).toString("hex")}&utm_medium=email`);
    expect(tagged.status).toBe(200);
    expect(tagged.headers.get("x-cache")).toBe("HIT");
    // any other is sent to the address without it, which the cache holds
    const random = await fetch(`${CACHE}/parts?x=${randomBytes(4).toString("hex")}`, { redirect: "manual" });
    expect(random.status).toBe(301);
    expect(random.headers.get("location")).toBe("/parts");
  });

  test("behind the cache each visitor has a rate limit of their own, and cannot claim another's address", async () => {
    const from = (localAddress: string, headers: Record<string, string> = {}) =>
      new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          `${CACHE}/api/inventory/properties`,
          { localAddress, headers: { ...headers, connection: "close" } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.on("error", reject);
        request.end();
      });
    const visitor = `127.0.0.${Math.floor(Math.random() * 200) + 20}`;
    const statuses: number[] = [];
    // a visitor who claims to be someone else each time is still themselves
    for (let i = 0; i < 12; i++) statuses.push(await from(visitor, { "x-forwarded-for": `203.0.113.${i}` }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // and another visitor is not held back by them
    expect(await from(`127.0.0.${Math.floor(Math.random() * 20) + 230}`)).toBe(200);
  });

  test("the API's rate limits hold across both processes", async () => {
    const visitor = { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 200) + 1}` };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const api = APIS[i % 2] as string;
      statuses.push((await fetch(`${api}/api/inventory/properties`, { headers: visitor })).status);
    }
    // ten for the visitor in all (READ_RATE_LIMIT_MAX), not ten from each
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
