import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import type { Database } from "../src/db/database.js";
import { VITALS_RATE_LIMIT } from "../src/vitals/vitals-routes.js";
import { VitalsStore } from "../src/vitals/vitals-store.js";
import { backends } from "./database-fixtures.js";
import { testConfig } from "./test-config.js";

// Team api: real visitors' Web Vitals. A page view's beacon as a browser sends it (sendBeacon: text/plain), what is
// refused and why, and the desk's 75th percentiles over 28 days.

const DAY_MS = 24 * 60 * 60 * 1000;
const NOON = Date.parse("2026-03-28T12:00:00Z");
const beacon = (overrides: Record<string, unknown> = {}) => ({
  route: "/inventory/vehicle/:id",
  metric: "LCP",
  value: 1840.5,
  device: "phone",
  ...overrides,
});

describe.each(backends())("real visitors' Web Vitals, on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await backend.open();
    app = await buildApp(testConfig(), { db });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });
  beforeEach(async () => {
    await db.query("delete from web_vitals");
  });

  /** A visitor's browser, through the site's proxy (a forwarded address: counted like any visitor). */
  const send = (body: string, contentType = "text/plain;charset=UTF-8", visitor = "203.0.113.7") =>
    app.inject({
      method: "POST",
      url: "/api/vitals",
      headers: { "content-type": contentType, "x-forwarded-for": visitor },
      payload: body,
    });

  it("stores a page view's beacon as sendBeacon sends it (text/plain), and a single measurement sent as JSON", async () => {
    const page = [beacon(), beacon({ metric: "INP", value: 96 }), beacon({ metric: "CLS", value: 0.042 })];
    const sent = await send(JSON.stringify(page));
    expect(sent.statusCode).toBe(204);
    const json = await send(JSON.stringify(beacon({ route: "/", device: "desktop" })), "application/json");
    expect(json.statusCode).toBe(204);
    const rows = await db.query<{ day: unknown; route: string; metric: string; device: string; value: number }>(
      "select day, route, metric, device, value from web_vitals order by route desc, metric",
    );
    expect(rows.map(({ day: _day, ...row }) => ({ ...row, value: Number(row.value) }))).toEqual([
      { route: "/inventory/vehicle/:id", metric: "CLS", device: "phone", value: 0.042 },
      { route: "/inventory/vehicle/:id", metric: "INP", device: "phone", value: 96 },
      { route: "/inventory/vehicle/:id", metric: "LCP", device: "phone", value: 1840.5 },
      { route: "/", metric: "LCP", device: "desktop", value: 1840.5 },
    ]);
    // nothing of the visitor: the table has no column for an address, an agent or a cookie
    const columns = await db.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'web_vitals' order by column_name",
    );
    expect(columns.map((column) => column.column_name)).toEqual(["day", "device", "metric", "route", "value"]);
  });

  it.each([
    ["an address, not a route's pattern", beacon({ route: "/inventory/vehicle/A1234?utm=mail" }), "route"],
    ["a route longer than 200 characters", beacon({ route: `/${"a".repeat(200)}` }), "route"],
    ["a metric that is not LCP, INP or CLS", beacon({ metric: "FID" }), "metric"],
    ["a negative value", beacon({ value: -1 }), "value"],
    ["a value no page could measure", beacon({ metric: "CLS", value: 50 }), "value"],
    ["a value that is not a number", beacon({ value: "fast" }), "value"],
    ["a device class of another kind", beacon({ device: "iPhone 15" }), "device"],
  ])("refuses %s with a 400 naming the field", async (_what, body, field) => {
    const refused = await send(JSON.stringify([body]));
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields)).toEqual([field]);
    expect((await db.query("select 1 from web_vitals")).length).toBe(0);
  });

  it("refuses what is not a beacon: not JSON, no measurement, too many, too large", async () => {
    expect((await send("LCP=1800")).json().message).toBe("The measurements are not JSON");
    expect((await send("[]")).json().message).toMatch(/one to three measurements/);
    expect((await send(JSON.stringify([beacon(), beacon(), beacon(), beacon()]))).statusCode).toBe(400);
    expect((await send(JSON.stringify([beacon({ route: `/${"a".repeat(3000)}` })]))).statusCode).toBe(413);
  });

  it("limits each visitor's beacons per minute, like every public write", async () => {
    const one = JSON.stringify([beacon()]);
    for (let i = 0; i < VITALS_RATE_LIMIT.max; i++)
      expect((await send(one, undefined, "198.51.100.4")).statusCode).toBe(204);
    expect((await send(one, undefined, "198.51.100.4")).statusCode).toBe(429);
    expect((await send(one, undefined, "198.51.100.5")).statusCode).toBe(204);
  });

  /** Rows as if sent on a day this many days before NOON's. */
  const storeOn = async (
    daysAgo: number,
    rows: { route?: string; metric?: string; device?: string; value: number }[],
  ) => {
    for (const row of rows) {
      await db.query("insert into web_vitals (day, route, metric, device, value) values ($1::date, $2, $3, $4, $5)", [
        new Date(NOON - daysAgo * DAY_MS).toISOString().slice(0, 10),
        row.route ?? "/inventory",
        row.metric ?? "LCP",
        row.device ?? "phone",
        row.value,
      ]);
    }
  };

  it("gives each route's 75th percentile over 28 days, overall and for phones and desktops", async () => {
    // phones 1000..4000, desktops 500 and 700: overall [500, 700, 1000, 2000, 3000, 4000] → p75 = 2750
    await storeOn(
      0,
      [1000, 2000, 3000, 4000].map((value) => ({ value })),
    );
    await storeOn(
      27,
      [500, 700].map((value) => ({ value, device: "desktop" })),
    );
    await storeOn(3, [{ metric: "CLS", value: 0.05 }]);
    const store = new VitalsStore(db, () => NOON);
    expect(await store.summary()).toEqual([
      {
        route: "/inventory",
        metric: "CLS",
        p75: 0.05,
        samples: 1,
        phone: { p75: 0.05, samples: 1 },
        desktop: null,
      },
      {
        route: "/inventory",
        metric: "LCP",
        p75: 2750,
        samples: 6,
        phone: { p75: 3250, samples: 4 },
        desktop: { p75: 650, samples: 2 },
      },
    ]);
  });

  it("leaves out, then deletes, what is older than 28 days", async () => {
    await storeOn(27, [{ value: 1000 }]);
    await storeOn(28, [{ value: 9000 }, { value: 9000 }]);
    const store = new VitalsStore(db, () => NOON);
    expect(await store.summary()).toEqual([expect.objectContaining({ metric: "LCP", p75: 1000, samples: 1 })]);
    // a new page view's beacon deletes the old ones as it is stored (at most once an hour)
    await store.record([{ route: "/", metric: "INP", value: 80, device: "desktop" }]);
    expect((await db.query("select value from web_vitals where value = 9000")).length).toBe(0);
    expect((await db.query("select value from web_vitals")).length).toBe(2);
  });
});
