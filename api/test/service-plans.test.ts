import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { BusinessDetailsStore } from "../src/business/business-store.js";
import type { Database } from "../src/db/database.js";
import { visitorConfirmationSender } from "../src/delivery/channels.js";
import { smtpTransport } from "../src/delivery/delivery-setup.js";
import { DeliveryWorker } from "../src/delivery/delivery-worker.js";
import { DEFAULT_RETENTION, purgeExpired } from "../src/leads/retention.js";
import { bookingLinkSigner } from "../src/service-booking/booking-links.js";
import { backends } from "./database-fixtures.js";
import { SmtpCatcher } from "./smtp-catcher.js";
import { testConfig } from "./test-config.js";

const SIGNING_SECRET = "signing-secret-for-tests-0123456789abcdef";
const DAY_MS = 86_400_000;
// Monday 2026-11-30, 06:00 in Calgary
const START = new Date("2026-11-30T13:00:00Z").getTime();

const FLEET = {
  stay: "drop-off",
  first_name: "Dana",
  company: "Prairie Couriers",
  email: "dana@example.com",
  phone: "403-555-0199",
};
const unit = (number: number, kind = "full-service-preventative-maintenance", odometer_km?: string) => ({
  kind,
  year: "2022",
  make: "Isuzu",
  model: "NPR-HD",
  unit_number: `U-${number}`,
  ...(odometer_km ? { odometer_km } : {}),
});

interface PlanView {
  words: string;
  status: string;
  next_due: string | null;
  units: { serviced_km: number | null; reported_km: number | null; due: boolean }[];
  visits: { when: string; link: string }[];
  booked?: string | null;
}

describe.each(backends())("a fleet's recurring service plan on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  let smtp: SmtpCatcher;
  let transport: ReturnType<typeof smtpTransport>;
  let worker: DeliveryWorker;
  let now = START;

  beforeAll(async () => {
    db = await backend.open();
    smtp = await new SmtpCatcher().start();
    transport = smtpTransport(smtp.url);
    const business = new BusinessDetailsStore(db);
    worker = new DeliveryWorker({
      db,
      senders: {
        "visitor-confirmation": visitorConfirmationSender(transport, {}, bookingLinkSigner(db, SIGNING_SECRET)),
      },
      business: () => business.get(),
      siteUrl: "https://fleet.example",
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const config = testConfig({ PUBLIC_SITE_URL: "https://fleet.example", LEAD_SIGNING_SECRET: SIGNING_SECRET });
    app = await buildApp(config, { db, now: () => now });
  });
  afterAll(async () => {
    transport.close();
    await smtp.stop();
    await app.close();
    await db.close();
  });

  const post = (url: string, payload: object = {}) => app.inject({ method: "POST", url, payload });
  /** Books a visit and answers its plan's link, from the booking's own page as the fleet reaches it. */
  const bookWithPlan = async (payload: object) => {
    const booked = await post("/api/service/bookings", payload);
    expect(booked.statusCode, booked.body).toBe(201);
    const page = await app.inject({ method: "GET", url: `/api/service/bookings/${booked.json().link}` });
    const { plan } = page.json() as { plan: { words: string; link: string } };
    return { booking: booked.json(), plan };
  };
  const planView = async (link: string) =>
    (await app.inject({ method: "GET", url: `/api/service/plans/${link}` })).json() as PlanView;

  it("books three units every 6 weeks: the next visit two weeks before it is due, on its weekday and time", async () => {
    const startsAt = "2026-12-02T15:00:00.000Z"; // Wednesday 08:00 in Calgary
    const { booking, plan } = await bookWithPlan({
      ...FLEET,
      startsAt,
      units: [unit(1), unit(2), unit(3)],
      plan: { every: "weeks", weeks: 6 },
    });
    expect(booking.plan).toBe("Every 6 weeks");
    expect(plan.words).toBe("Every 6 weeks");
    expect(plan.link).not.toContain(".");
    expect(await planView(plan.link)).toMatchObject({ status: "active", next_due: "2027-01-13" });

    expect(await app.bookDuePlanVisits()).toBe(0);
    now = Date.parse("2026-12-30T13:00:00Z"); // 14 days before it is due
    expect(await app.bookDuePlanVisits()).toBe(1);
    expect(await app.bookDuePlanVisits()).toBe(0);
    const view = await planView(plan.link);
    expect(view.next_due).toBe("2027-02-24");
    expect(view.visits.map((visit) => visit.when)).toEqual(["Wednesday, January 13, 2027 at 8:00 a.m."]);
    const [lead] = await db.query<{ service_booking: { units: unknown[]; plan: string } }>(
      "select service_booking from leads where service_booking->>'starts_at' = $1",
      ["2027-01-13T15:00:00.000Z"],
    );
    expect(lead?.service_booking).toMatchObject({ plan: "Every 6 weeks" });
    expect(lead?.service_booking.units).toHaveLength(3);

    // the fleet is told: the booked email, with its invite and the plan named
    await worker.runOnce();
    const told = smtp.mails.filter((mail) => mail.mail.text?.includes("January 13, 2027"));
    expect(told).toHaveLength(1);
    expect(told[0]?.mail.text).toContain("Your service plan booked this visit (every 6 weeks)");
    expect(told[0]?.mail.attachments.some((part) => part.contentType.startsWith("text/calendar"))).toBe(true);
    now = START;
  });

  it("refuses a plan by distance without each vehicle's odometer", async () => {
    const refused = await post("/api/service/bookings", {
      ...FLEET,
      startsAt: "2026-12-03T15:00:00.000Z",
      units: [unit(4, "full-service-preventative-maintenance", "50000"), unit(5)],
      plan: { every: "km", km: 15000 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("A plan by distance needs each vehicle's odometer now");
  });

  it("books a unit by distance once its reading nears it, and only that unit; a lower reading is refused", async () => {
    const { plan } = await bookWithPlan({
      ...FLEET,
      startsAt: "2026-12-03T15:00:00.000Z",
      units: [
        unit(6, "full-service-preventative-maintenance", "50,000"),
        unit(7, "full-service-preventative-maintenance", "80000"),
      ],
      plan: { every: "km", km: 15000 },
    });
    const readings = (body: object) => post(`/api/service/plans/${plan.link}/readings`, body);
    const lower = await readings({ readings: [{ unit: 0, odometer_km: "49000" }] });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().message).toMatch(/below the last one we have \(50,000 km\)/);

    const early = await readings({ readings: [{ unit: 0, odometer_km: "55000" }] });
    expect(early.json()).toMatchObject({ booked: null });
    const near = await readings({
      readings: [
        { unit: 0, odometer_km: "63,600" },
        { unit: 1, odometer_km: "85000" },
      ],
    });
    expect(near.statusCode, near.body).toBe(200);
    const view = near.json() as PlanView;
    expect(view.booked).toMatch(/^Tuesday, December 1, 2026 at/);
    expect(view.units).toMatchObject([
      { serviced_km: 63600, reported_km: 63600, due: false },
      { serviced_km: 80000, reported_km: 85000, due: false },
    ]);
    expect(view.visits).toHaveLength(2);
    // the job finds nothing more to book: the unit is served, the other far from its distance
    expect(await app.bookDuePlanVisits()).toBe(0);
  });

  it("stops a plan: no visit is booked by it any more, and readings are refused", async () => {
    const { plan } = await bookWithPlan({
      ...FLEET,
      startsAt: "2026-12-04T15:00:00.000Z",
      units: [unit(8)],
      plan: { every: "weeks", weeks: 2 },
    });
    const stopped = await post(`/api/service/plans/${plan.link}/stop`);
    expect(stopped.json()).toMatchObject({ status: "stopped" });
    now = START + 30 * DAY_MS;
    expect(await app.bookDuePlanVisits()).toBe(0);
    now = START;
    const refused = await post(`/api/service/plans/${plan.link}/readings`, {
      readings: [{ unit: 0, odometer_km: "1000" }],
    });
    expect(refused.statusCode).toBe(422);
  });

  it("forgets by the retention policy a stopped plan, and the bookings past whose leads are gone; active plans stay", async () => {
    const purged = await purgeExpired(db, DEFAULT_RETENTION, new Date(START + 400 * DAY_MS));
    expect(purged).toMatchObject({ servicePlans: 1 });
    expect(purged.serviceBookings).toBeGreaterThan(0);
    expect(await db.query("select status from service_plans")).toEqual([{ status: "active" }, { status: "active" }]);
    expect(await db.query("select id from service_bookings")).toEqual([]);
    expect(await db.query("select booking_id from service_bay_steps")).toEqual([]);
  });

  it("knows no plan by a link it did not sign", async () => {
    const forged = await app.inject({
      method: "GET",
      url: `/api/service/plans/${"0".repeat(36)}-plan-${"a".repeat(43)}`,
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toBe("We have no service plan by this link.");
  });
});
