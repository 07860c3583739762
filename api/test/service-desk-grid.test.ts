import type { FastifyInstance } from "fastify";
import type { ServiceCapacity } from "shared-types";
import { STAFF_API } from "shared-types/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod/mini";
import { buildApp } from "../src/app.js";
import type { Database } from "../src/db/database.js";
import { DEFAULT_SERVICE_CAPACITY } from "../src/service-booking/default-capacity.js";
import { StaffStore } from "../src/staff/staff-store.js";
import { backends } from "./database-fixtures.js";
import { testConfig } from "./test-config.js";

// Monday 2026-11-30, 06:00 in Calgary
const NOW = new Date("2026-11-30T13:00:00Z").getTime();
type ServiceDays = z.infer<typeof STAFF_API.serviceDay.response>;

describe.each(backends())(
  "the service manager's day, bay by bay, and the capacity form's rows, on $name",
  (backend) => {
    let db: Database;
    let app: FastifyInstance;
    let session = "";

    beforeAll(async () => {
      db = await backend.open();
      app = await buildApp(testConfig({}), { db, now: () => NOW });
      const store = new StaffStore(db, () => NOW);
      const invited = await store.invite("service@example.com", "service_manager", { id: null, email: "the tests" });
      const token = invited.token ?? (await store.signInLink("service@example.com"))?.token ?? "";
      session = (await store.useLink(token))?.session ?? "";
      // Tuesday 07:30: an inspection (3 h) in bay 1 and an oil change (1 h) in bay 2
      const booked = await app.inject({
        method: "POST",
        url: "/api/service/bookings",
        payload: {
          startsAt: "2026-12-01T14:30:00.000Z",
          stay: "wait",
          first_name: "Dana",
          company: "Prairie Couriers",
          email: "dana@example.com",
          phone: "403-555-0199",
          units: [
            { kind: "commercial-vehicle-inspection", year: "2021", make: "Isuzu", model: "NPR-HD" },
            { kind: "oil-air-fuel-filter-changes", year: "2019", make: "Chevrolet", model: "Express 3500" },
          ],
        },
      });
      expect(booked.statusCode, booked.body).toBe(201);
    });
    afterAll(async () => {
      await app.close();
      await db.close();
    });

    const asManager = (method: "GET" | "PUT", url: string, payload?: object) =>
      app.inject({ method, url, headers: { authorization: `Session ${session}` }, ...(payload ? { payload } : {}) });
    const days = async (query: string) => {
      const response = await asManager("GET", `/api/staff/bookings?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return STAFF_API.serviceDay.response.parse(response.json()) as ServiceDays;
    };
    const minutesOf = (day: ServiceDays["days"][number] | undefined, bayId: string) =>
      day?.bays.find((bay) => bay.id === bayId);

    it("answers each bay's minutes open and still free that day, and each booked unit's bay", async () => {
      const { days: [tuesday] = [], bays, bookings } = await days("from=2026-12-01");
      expect(bays.map((bay) => bay.id)).toEqual(DEFAULT_SERVICE_CAPACITY.bays.map((bay) => bay.id));
      expect(tuesday?.bays).toHaveLength(bays.length);
      expect(minutesOf(tuesday, "bay-1")).toEqual({ id: "bay-1", openMinutes: 540, freeMinutes: 360 });
      expect(minutesOf(tuesday, "bay-2")).toEqual({ id: "bay-2", openMinutes: 540, freeMinutes: 480 });
      expect(minutesOf(tuesday, "bay-3")).toEqual({ id: "bay-3", openMinutes: 540, freeMinutes: 540 });
      expect(bookings.map((booking) => booking.units.map((unit) => unit.bay))).toEqual([["bay-1", "bay-2"]]);
    });

    it("counts a week by the department's hours: Saturday's morning, nothing on Sunday", async () => {
      const week = await days("from=2026-11-30&days=7");
      expect(week.days.map((day) => day.date)).toEqual([
        "2026-11-30",
        "2026-12-01",
        "2026-12-02",
        "2026-12-03",
        "2026-12-04",
        "2026-12-05",
        "2026-12-06",
      ]);
      expect(minutesOf(week.days[5], "bay-4")).toMatchObject({ openMinutes: 240, freeMinutes: 240 });
      expect(minutesOf(week.days[6], "bay-4")).toMatchObject({ openMinutes: 0, freeMinutes: 0 });
    });

    const save = (capacity: ServiceCapacity) => asManager("PUT", "/api/staff/service-capacity", capacity);
    const without = (capacity: ServiceCapacity, kindId: string): ServiceCapacity => ({
      ...capacity,
      kinds: capacity.kinds.filter((kind) => kind.id !== kindId),
      bays: capacity.bays.map((bay) => ({ ...bay, kinds: bay.kinds.filter((kind) => kind !== kindId) })),
    });

    it("refuses to remove a kind or a bay that has bookings to come, naming it, and keeps the capacity", async () => {
      const kindRefused = await save(without(DEFAULT_SERVICE_CAPACITY, "oil-air-fuel-filter-changes"));
      expect(kindRefused.statusCode).toBe(409);
      expect(kindRefused.json().message).toMatch(/"Oil, Air & Fuel Filter Changes" still has bookings to come/);
      const bayRefused = await save({ ...DEFAULT_SERVICE_CAPACITY, bays: DEFAULT_SERVICE_CAPACITY.bays.slice(1) });
      expect(bayRefused.statusCode).toBe(409);
      expect(bayRefused.json().message).toMatch(/"Bay 1" still has bookings to come/);
      const kept = await asManager("GET", "/api/staff/service-capacity");
      expect(kept.json()).toEqual(DEFAULT_SERVICE_CAPACITY);
    });

    it("adds a bay and removes an unbooked kind, audited; the day counts the new bay's hours", async () => {
      const changed = without(DEFAULT_SERVICE_CAPACITY, "alignments");
      changed.bays = [...changed.bays, { id: "bay-7", name: "Bay 7", kinds: ["commercial-vehicle-inspection"] }];
      const saved = await save(changed);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().kinds.map((kind: { id: string }) => kind.id)).not.toContain("alignments");
      const [audit] = await db.query<{ after: ServiceCapacity }>(
        "select after from staff_audit where action = 'service.capacity' order by id desc limit 1",
      );
      expect(audit?.after.bays.at(-1)).toEqual({
        id: "bay-7",
        name: "Bay 7",
        kinds: ["commercial-vehicle-inspection"],
      });
      const { days: [tuesday] = [], bays } = await days("from=2026-12-01");
      expect(bays.at(-1)).toEqual({ id: "bay-7", name: "Bay 7" });
      expect(minutesOf(tuesday, "bay-7")).toMatchObject({ openMinutes: 540, freeMinutes: 540 });
    });

    it("refuses the last bay with the schema's own words", async () => {
      const noBays = await save({ ...DEFAULT_SERVICE_CAPACITY, bays: [] });
      expect(noBays.statusCode).toBe(400);
      expect(noBays.body).toContain("Keep at least one bay");
    });
  },
);
