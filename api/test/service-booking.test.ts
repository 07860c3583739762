import type { FastifyInstance } from "fastify";
import { serviceCapacitySchema } from "shared-types/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import type { Database } from "../src/db/database.js";
import { DEFAULT_SERVICE_CAPACITY } from "../src/service-booking/default-capacity.js";
import { backends } from "./database-fixtures.js";
import { testConfig } from "./test-config.js";

// Monday 2026-11-30, 06:00 in Calgary
const NOW = new Date("2026-11-30T13:00:00Z").getTime();

describe("the service department's capacity as first stored", () => {
  it("books each of the 18 services and the body shop's estimates, and passes its own schema", () => {
    expect(serviceCapacitySchema.parse(DEFAULT_SERVICE_CAPACITY)).toEqual(DEFAULT_SERVICE_CAPACITY);
    expect(DEFAULT_SERVICE_CAPACITY.kinds.filter((kind) => kind.shop === "service")).toHaveLength(18);
    expect(DEFAULT_SERVICE_CAPACITY.kinds.map((kind) => kind.id)).toContain("body-shop-estimate");
  });

  it("refuses a bay that names a kind not on the list", () => {
    const broken = structuredClone(DEFAULT_SERVICE_CAPACITY);
    broken.bays[0]?.kinds.push("paint");
    expect(serviceCapacitySchema.safeParse(broken).success).toBe(false);
  });
});

describe.each(backends())("service booking on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await backend.open();
    app = await buildApp(testConfig({}), { db, now: () => NOW });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const get = (url: string) => app.inject({ method: "GET", url });

  it("says what can be booked", async () => {
    const response = await get("/api/service/booking");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ weeksAhead: 6, today: "2026-11-30" });
    expect(response.json().kinds).toHaveLength(19);
  });

  it("answers the free times of a visit over six weeks, a day's notice first, Saturdays in the morning", async () => {
    const response = await get(
      "/api/service/free-times?kind=commercial-vehicle-inspection&kind=oil-air-fuel-filter-changes",
    );
    expect(response.statusCode).toBe(200);
    const { times } = response.json() as { times: { startsAt: string; date: string; clock: string; bays: string[] }[] };
    expect(times[0]).toEqual({
      startsAt: "2026-12-01T14:30:00.000Z",
      date: "2026-12-01",
      clock: "07:30",
      bays: ["bay-1", "bay-2"],
    });
    expect(times.some((time) => time.date === "2026-12-05" && time.clock === "08:00")).toBe(true);
    expect(times.some((time) => time.date === "2026-12-06")).toBe(false);
    expect((times.at(-1)?.date ?? "") < "2027-01-11").toBe(true);
  });

  it("names what it cannot book, with a 400", async () => {
    const unknown = await get("/api/service/free-times?kind=paint");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/We do not book "paint"/);
    expect((await get("/api/service/free-times")).statusCode).toBe(400);
  });
});
