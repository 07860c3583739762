import type { FastifyInstance } from "fastify";
import { LEAD_FORMS, PUBLIC_API_ROUTES } from "shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, DEFAULT_TIMEOUTS } from "../src/app.js";
import { readConfig } from "../src/config.js";
import type { Database } from "../src/db/database.js";
import { clientKey } from "../src/security/client-key.js";
import { listenOnEdges } from "../src/security/edges.js";
import { FORM_START_MAX_AGE_MS, heldReleaseToken } from "../src/security/signing.js";
import { seedIfEmpty } from "../src/seed/seed.js";
import { backends } from "./database-fixtures.js";
import { captureLead, startedAgo } from "./lead-client.js";
import { testConfig } from "./test-config.js";

const ADMIN_TOKEN = "Qm9vdHN0cmFwLXRva2VuLWZvci10aGUtc3RhZmYtZWRnZS0wMTIzNDU2Nzg5";
const EXPORT_TOKEN = "ZXhwb3J0LXRva2VuLWZvci10aGUtQ1JNcy1wdWxsLTAxMjM0NTY3ODlhYmNk";
const SIGNING_SECRET = "signing-secret-for-tests-0123456789abcdef";
const DESK_KEY = "ZGVzay1rZXktZm9yLXRoZS1lZGdlcy10ZXN0cy0wMTIzNDU2Nzg5YWJjZGVm";
/** A request the staff desk passes on for a visitor: believed only with the desk's key. */
const forVisitor = (address: string) => ({ "x-desk-key": DESK_KEY, "x-desk-client": address });

/** A collecting log stream: what the API wrote, line by line. */
const recordingStream = () => {
  const lines: string[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(line) } };
};

describe("who a client is for the rate limits", () => {
  it("is an IPv4 address as it is, and an IPv6 address's /64", () => {
    expect(clientKey("203.0.113.5")).toBe("203.0.113.5");
    expect(clientKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("2001:db8:1:3::1")).not.toBe(clientKey("2001:db8:1:2::1"));
  });
});

describe("the API's start-up refuses", () => {
  it("a token shorter than 32 random bytes, naming the variable", () => {
    expect(() => readConfig({ ADMIN_TOKEN: "admin-token-0123456789" })).toThrow(/32 random bytes[\s\S]*ADMIN_TOKEN/);
    expect(() => readConfig({ LEADS_EXPORT_TOKEN: "x".repeat(64) })).toThrow(/random[\s\S]*LEADS_EXPORT_TOKEN/);
    expect(readConfig({ ADMIN_TOKEN, LEADS_EXPORT_TOKEN: EXPORT_TOKEN }).ADMIN_TOKEN).toBe(ADMIN_TOKEN);
  });
});

describe.each(backends())("the API's edges on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  let at: Record<"public" | "internal" | "staff", string>;
  const log = recordingStream();

  beforeAll(async () => {
    db = await backend.open();
    await seedIfEmpty(db, 3);
    const config = testConfig({
      ADMIN_TOKEN,
      STAFF_DESK_KEY: DESK_KEY,
      LOG_LEVEL: "info",
      READ_RATE_LIMIT_MAX: 1_000,
      LEADS_EXPORT_TOKEN: EXPORT_TOKEN,
      LEAD_SIGNING_SECRET: SIGNING_SECRET,
      LEAD_RATE_LIMIT_MAX: 1_000,
    });
    app = await buildApp(config, { db, logStream: log.stream });
    at = await listenOnEdges(
      app,
      {
        public: { port: 0, host: "127.0.0.1" },
        internal: { port: 0, host: "127.0.0.1" },
        staff: { port: 0, host: "127.0.0.1" },
      },
      DEFAULT_TIMEOUTS,
    );
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const call = (edge: keyof typeof at, path: string, init: RequestInit = {}) => fetch(`${at[edge]}${path}`, init);
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  it("serves every public route on the public listener, and on no other", async () => {
    for (const route of PUBLIC_API_ROUTES.filter((r) => r.method === "GET" && !r.url.includes(":"))) {
      const queries: Record<string, string> = {
        "/api/promotions": "?branch=shfl",
        "/api/service/free-times": "?kind=alignments",
      };
      const path = `${route.url}${queries[route.url] ?? ""}`;
      expect((await call("public", path)).status, path).toBe(200);
      expect((await call("staff", path)).status, path).toBe(404);
      expect((await call("internal", path)).status, path).toBe(404);
    }
  });

  it("keeps staff routes on the staff listener alone: not found elsewhere, whatever token is sent", async () => {
    const staffRoutes: [string, string, string | undefined][] = [
      ["PUT", "/api/business-details", "{}"],
      ["PATCH", "/api/admin/units/NOPE404", JSON.stringify({ status: "sold" })],
      ["POST", "/api/admin/feeds/inventory?force=true", "Type,Stock\n"],
      ["POST", "/api/admin/feeds/promotions", "[]"],
      ["GET", "/api/admin/feeds", undefined],
      ["POST", "/api/leads/held/digest", undefined],
      ["POST", "/api/deliveries/resend", "{}"],
    ];
    for (const [method, path, body] of staffRoutes) {
      const headers = { ...bearer(ADMIN_TOKEN), "content-type": "application/json" };
      for (const edge of ["public", "internal"] as const) {
        expect((await call(edge, path, { method, headers, body })).status, `${method} ${path} on ${edge}`).toBe(404);
      }
      expect((await call("staff", path, { method, body })).status, `${method} ${path} without a token`).toBe(401);
    }
    expect((await call("staff", "/api/admin/feeds", { headers: bearer(ADMIN_TOKEN) })).status).toBe(200);
    // the held enquiries' release pages too: a digest's link opens on the staff edge
    const id = "6f1a1e7e-1d2c-4b3a-9f8e-7d6c5b4a3f2e";
    const token = heldReleaseToken(Buffer.from(SIGNING_SECRET), id);
    expect((await call("public", `/api/leads/held/${id}?token=${token}`)).status).toBe(404);
    expect((await call("staff", `/api/leads/held/${id}?token=${token}`)).status).toBe(404);
    expect(await (await call("staff", `/api/leads/held/${id}?token=${token}`)).text()).toContain("No held enquiry");
  });

  it("keeps the CRM's export, the change stream and delivery health on the internal listener alone", async () => {
    for (const path of ["/api/leads/export?format=json", "/api/health/deliveries", "/api/changes"]) {
      for (const edge of ["public", "staff"] as const) {
        const answer = await call(edge, path, { headers: bearer(EXPORT_TOKEN) });
        expect(answer.status, `${path} on ${edge}`).toBe(404);
        await answer.body?.cancel();
      }
    }
    expect((await call("internal", "/api/leads/export?format=json", { headers: bearer(EXPORT_TOKEN) })).status).toBe(
      200,
    );
    // the same answer whoever asks: it tells nobody whether a token is valid
    const plain = await (await call("internal", "/api/health/deliveries")).json();
    const withToken = await (await call("internal", "/api/health/deliveries", { headers: bearer(ADMIN_TOKEN) })).json();
    const guessed = await (await call("internal", "/api/health/deliveries", { headers: bearer("guess") })).json();
    expect(withToken).toEqual(plain);
    expect(guessed).toEqual(plain);
  });

  it("counts failed sign-ins on every staff route, and refuses a client past the limit even with the right token", async () => {
    const from = forVisitor("198.51.100.77");
    const routes = ["/api/admin/feeds", "/api/leads/held/digest"];
    for (let i = 0; i < 10; i++) {
      const path = routes[i % 2] as string;
      const answer = await call("staff", path, {
        method: i % 2 ? "POST" : "GET",
        headers: { ...from, ...bearer("no") },
      });
      expect(answer.status).toBe(401);
    }
    const locked = await call("staff", "/api/admin/feeds", { headers: { ...from, ...bearer(ADMIN_TOKEN) } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    // another client (here, another /64) is not held back
    const other = await call("staff", "/api/admin/feeds", {
      headers: { ...forVisitor("2001:db8:9:9::1"), ...bearer(ADMIN_TOKEN) },
    });
    expect(other.status).toBe(200);
  });

  it("counts an IPv6 client by its /64 for the read limit", async () => {
    const limited = await buildApp(testConfig({ READ_RATE_LIMIT_MAX: 3 }), { db });
    try {
      const from = (address: string) =>
        limited.inject({ url: "/api/health", headers: { "x-forwarded-for": address } }).then((r) => r.statusCode);
      expect(await from("2001:db8:1:2::1")).toBe(200);
      expect(await from("2001:db8:1:2::2")).toBe(200);
      expect(await from("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe(200);
      expect(await from("2001:db8:1:2::3")).toBe(429);
      expect(await from("2001:db8:1:3::1")).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("logs a request's path, never its query (tokens and addresses travel there)", async () => {
    const secret = "Sup3rSecretToken";
    await call("public", `/api/consent/unsubscribe?email=dana%40example.ca&token=${secret}`, { method: "POST" });
    await call("staff", `/api/leads/held/6f1a1e7e-1d2c-4b3a-9f8e-7d6c5b4a3f2e?token=${secret}`);
    const written = log.lines.join("");
    expect(written).toContain("/api/consent/unsubscribe");
    expect(written).not.toContain(secret);
    expect(written).not.toContain("dana%40example.ca");
  });

  it("holds an enquiry whose form start is past its maximum age for review, and drops none", async () => {
    const payload = {
      form: "contact",
      destination: LEAD_FORMS.contact.destination,
      first_name: "Olga",
      email: "olga@example.ca",
      website: "",
      form_started: startedAgo(SIGNING_SECRET, FORM_START_MAX_AGE_MS + 60_000),
    };
    const res = await captureLead(app, payload);
    expect(res.statusCode).toBe(201);
    const [held] = await db.query<{ reason: string }>("select reason from quarantined_leads where id = $1", [
      res.json().id,
    ]);
    expect(held?.reason).toBe("no signed form start");
    const fresh = await captureLead(app, { ...payload, form_started: startedAgo(SIGNING_SECRET, 10_000) });
    expect(await db.query("select id from leads where id = $1", [fresh.json().id])).toHaveLength(1);
  });

  it("refuses to start with a route that is neither public nor declared internal or staff", async () => {
    const careless = await buildApp(testConfig(), { db });
    // the API's own routes are all declared: a new one without an edge is caught before anything listens
    await expect(
      (async () => {
        careless.get("/api/new-thing", async () => ({}));
        await careless.ready();
      })(),
    ).rejects.toThrow(/GET,HEAD \/api\/new-thing|GET \/api\/new-thing/);
    await careless.close().catch(() => undefined);
  });
});
