import type { FastifyInstance } from "fastify";
import { formatDayHours } from "shared-types";
import { businessDetailsSchema } from "shared-types/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { DEFAULT_BUSINESS_DETAILS } from "../src/business/default-business-details.js";
import type { Database } from "../src/db/database.js";
import { backends } from "./database-fixtures.js";
import { testConfig } from "./test-config.js";

const ADMIN_TOKEN = "admin-token-for-tests-0123456789-abcdefghij";

describe("the dealership's details as first stored", () => {
  it("hold the hours of SPEC §9 and pass their own schema", () => {
    expect(businessDetailsSchema.parse(DEFAULT_BUSINESS_DETAILS)).toEqual(DEFAULT_BUSINESS_DETAILS);
    const { sales, service, parts } = DEFAULT_BUSINESS_DETAILS.hours;
    expect(formatDayHours(sales[0]!)).toBe("8:00 AM - 5:00 PM");
    expect(formatDayHours(sales[5]!)).toBe("Closed");
    expect(formatDayHours(service[0]!)).toBe("7:30 AM - 4:30 PM");
    expect(formatDayHours(service[5]!)).toBe("By Appointment Only");
    expect(formatDayHours(parts[3]!)).toBe("8:00 AM - 6:00 PM");
    expect(formatDayHours(parts[4]!)).toBe("8:00 AM - 5:30 PM");
    expect(formatDayHours(parts[5]!)).toBe("8:00 AM - 3:00 PM");
    expect(formatDayHours(parts[6]!)).toBe("Closed");
  });

  it("refuse a day with neither segments nor text", () => {
    const broken = structuredClone(DEFAULT_BUSINESS_DETAILS);
    broken.hours.sales[6] = { day: "Sunday", segments: [] };
    expect(businessDetailsSchema.safeParse(broken).success).toBe(false);
  });
});

describe.each(backends())("business details on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await backend.open();
    app = await buildApp(testConfig({ ADMIN_TOKEN }), { db });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const put = (payload: unknown, token = ADMIN_TOKEN) =>
    app.inject({
      method: "PUT",
      url: "/api/business-details",
      headers: { authorization: `Bearer ${token}` },
      payload: payload as Record<string, unknown>,
    });

  it("are seeded once, then served from the database", async () => {
    expect((await app.inject("/api/business-details")).json()).toEqual(DEFAULT_BUSINESS_DETAILS);
    const again = await buildApp(testConfig(), { db });
    await again.close();
    expect(await db.query("select id from business_details")).toHaveLength(1);
  });

  it("change for every reader with the admin token: Saturday's sales hours, at once", async () => {
    const changed = structuredClone(DEFAULT_BUSINESS_DETAILS);
    changed.hours.sales[5] = { day: "Saturday", segments: [{ open: "09:00", close: "13:00" }] };
    changed.phone_sales = "403-555-0199";
    const res = await put(changed);
    expect(res.statusCode).toBe(200);
    const served = (await app.inject("/api/business-details")).json();
    expect(formatDayHours(served.hours.sales[5])).toBe("9:00 AM - 1:00 PM");
    expect(served.phone_sales).toBe("403-555-0199");
    // another instance of the API, on the same database, reads the same
    const other = await buildApp(testConfig(), { db });
    try {
      expect((await other.inject("/api/business-details")).json().phone_sales).toBe("403-555-0199");
    } finally {
      await other.close();
    }
    await put(DEFAULT_BUSINESS_DETAILS);
  });

  it("refuse details the pages could not show (400 naming the field), and anyone without the token", async () => {
    const bad = { ...DEFAULT_BUSINESS_DETAILS, primary_email: "not an email", phone_sales: "1" };
    const refused = await put(bad);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields).sort()).toEqual(["phone_sales", "primary_email"]);
    expect((await put(DEFAULT_BUSINESS_DETAILS, "wrong-token-000000000000")).statusCode).toBe(401);
    const noAdmin = await buildApp(testConfig(), { db });
    try {
      expect((await noAdmin.inject({ method: "PUT", url: "/api/business-details", payload: {} })).statusCode).toBe(404);
    } finally {
      await noAdmin.close();
    }
    expect((await app.inject("/api/business-details")).json()).toEqual(DEFAULT_BUSINESS_DETAILS);
  });

  it("fall back to the first details when the stored row was hand-edited into something unreadable", async () => {
    await db.query("update business_details set details = '{\"name\": 42}' where id = 1");
    const fresh = await buildApp(testConfig(), { db });
    try {
      expect((await fresh.inject("/api/business-details")).json()).toEqual(DEFAULT_BUSINESS_DETAILS);
    } finally {
      await fresh.close();
      await db.query("update business_details set details = $1 where id = 1", [
        JSON.stringify(DEFAULT_BUSINESS_DETAILS),
      ]);
    }
  });
});
