import type { FastifyInstance } from "fastify";
import ICAL from "ical.js";
import { serviceCapacitySchema } from "shared-types/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { BusinessDetailsStore } from "../src/business/business-store.js";
import type { Database } from "../src/db/database.js";
import { crmEmailSender, departmentEmailSender, visitorConfirmationSender } from "../src/delivery/channels.js";
import { smtpTransport } from "../src/delivery/delivery-setup.js";
import { DeliveryWorker } from "../src/delivery/delivery-worker.js";
import { bookingLinkSigner } from "../src/service-booking/booking-links.js";
import { queueReminders } from "../src/service-booking/booking-store.js";
import { DEFAULT_SERVICE_CAPACITY } from "../src/service-booking/default-capacity.js";
import { validateAgainstDtd } from "./adf-dtd.js";
import { backends } from "./database-fixtures.js";
import { SmtpCatcher } from "./smtp-catcher.js";
import { testConfig } from "./test-config.js";

const SITE_URL = "https://fleet.example";
const SIGNING_SECRET = "signing-secret-for-tests-0123456789abcdef";
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

  let smtp: SmtpCatcher;
  let transport: ReturnType<typeof smtpTransport>;
  let worker: DeliveryWorker;

  beforeAll(async () => {
    db = await backend.open();
    smtp = await new SmtpCatcher().start();
    transport = smtpTransport(smtp.url);
    const business = new BusinessDetailsStore(db);
    const config = testConfig({ PUBLIC_SITE_URL: SITE_URL, LEAD_SIGNING_SECRET: SIGNING_SECRET });
    worker = new DeliveryWorker({
      db,
      senders: {
        "crm-email": crmEmailSender(transport, {}),
        "department-email": departmentEmailSender(transport, {}),
        "visitor-confirmation": visitorConfirmationSender(transport, {}, bookingLinkSigner(db, SIGNING_SECRET)),
      },
      business: () => business.get(),
      siteUrl: SITE_URL,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    app = await buildApp(config, { db, now: () => NOW });
  });
  afterAll(async () => {
    transport.close();
    await smtp.stop();
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
  const book = (payload: object) => app.inject({ method: "POST", url: "/api/service/bookings", payload });
  const VISITOR = {
    stay: "drop-off",
    first_name: "Dana",
    last_name: "O'Neil",
    company: "Prairie Couriers",
    email: "dana@example.com",
    phone: "403-555-0199",
  };
  const inspection = (unit: number) => ({
    kind: "commercial-vehicle-inspection",
    year: "2021",
    make: "Isuzu",
    model: "NPR-HD",
    vin: "JALE5W163M7300001".slice(0, 17),
    unit_number: `U-${unit}`,
    odometer_km: "84,200",
  });

  it("books a fleet's visit: each unit in its own bay, one lead in the ledger with the appointment, its deliveries queued", async () => {
    const startsAt = "2026-12-02T14:30:00.000Z";
    const units = [1, 2, 3, 4, 5, 6].map((unit) => ({ ...inspection(unit), vin: "" }));
    const response = await book({ ...VISITOR, startsAt, units });
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json();
    expect(booking).toMatchObject({ starts_at: startsAt, ends_at: "2026-12-02T17:30:00.000Z", stay: "drop-off" });
    expect(booking.units.map((unit: { bay: string }) => unit.bay)).toEqual([
      "bay-1",
      "bay-2",
      "bay-3",
      "bay-4",
      "bay-5",
      "bay-6",
    ]);
    expect(booking.units[0]).toMatchObject({
      kind_name: "Commercial Vehicle Inspection",
      odometer_km: 84200,
      unit_number: "U-1",
    });
    expect(booking.reference).toMatch(/^FQ-[0-9A-F]{8}$/);
    expect(booking.link).toMatch(new RegExp(`^${booking.id}-0-`));
    // no dot: a site address ending like a file name (".abc") is no page on the host
    expect(booking.link).not.toContain(".");
    const [lead] = await db.query<{ form: string; fields: { email: string }; service_booking: { id: string } }>(
      "select form, fields, service_booking from leads where service_booking->>'id' = $1",
      [booking.id],
    );
    expect(lead?.form).toBe("service-booking");
    expect(lead?.fields.email).toBe("dana@example.com");
    const channels = await db.query<{ channel: string }>(
      "select d.channel from lead_deliveries d join leads l on l.id = d.lead_id where l.service_booking->>'id' = $1 order by 1",
      [booking.id],
    );
    expect(channels.map((row) => row.channel)).toEqual(["crm-email", "department-email", "visitor-confirmation"]);
  });

  it("emails the visitor the booking in the dealership's words, with the invite their calendar takes and the link", async () => {
    await worker.runOnce();
    const visitor = smtp.mails.find((mail) => mail.to.includes("dana@example.com"));
    expect(visitor?.mail.subject).toMatch(/^Your service appointment FQ-[0-9A-F]{8}: Summit Heavy Fleet$/);
    const text = visitor?.mail.text ?? "";
    expect(text).toContain("booked for Wednesday, December 2, 2026 at 7:30 a.m. (Calgary time)");
    expect(text).toContain("Commercial Vehicle Inspection (6 vehicles)");
    const link = /https:\/\/fleet\.example\/book-service\/(\S+)/.exec(text)?.[1];
    expect(link).toMatch(/^[0-9a-f-]{36}-0-[A-Za-z0-9_-]{43}$/);
    // nothing the visitor typed comes back: anyone can type anyone's address
    for (const typed of ["Dana", "O'Neil", "Prairie", "U-1", "NPR-HD"]) expect(visitor?.raw).not.toContain(typed);
    const calendar = visitor?.mail.attachments.find((part) => part.contentType.startsWith("text/calendar"));
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(calendar?.content.toString() ?? "")).getFirstSubcomponent("vevent") ?? undefined,
    );
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-02T14:30:00.000Z");
    expect(event.endDate.toJSDate().toISOString()).toBe("2026-12-02T17:30:00.000Z");
    expect(String(event.attendees[0]?.getFirstValue()).toLowerCase()).toBe("mailto:dana@example.com");
  });

  it("sends the CRM the booking as ADF valid against its DTD: a vehicle per unit, the appointment in the comments", async () => {
    const crm = smtp.mails.find((mail) => mail.to.some((to) => to.startsWith("leads-crm@")));
    const adf = crm?.mail.attachments.find((part) => part.filename?.endsWith(".adf.xml"))?.content.toString() ?? "";
    validateAgainstDtd(adf);
    expect(adf.match(/<vehicle>/g)).toHaveLength(6);
    expect(adf).toContain("Service appointment: Commercial Vehicle Inspection, 2026-12-02T14:30:00.000Z, unit U-3.");
    expect(adf).toContain('<odometer status="original" units="km">84200</odometer>');
    expect(adf).toMatch(/Service booking FQ-[0-9A-F]{8}: 6 vehicles on 2026-12-02T14:30:00.000Z/);
    expect(adf).toContain('<phone type="voice">403-555-0199</phone>');
  });

  it("answers 409 with the next free time when every bay is taken at that time", async () => {
    const response = await book({
      ...VISITOR,
      startsAt: "2026-12-02T14:30:00.000Z",
      units: [{ ...inspection(7), vin: "" }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: "That time is no longer free: choose another",
      next: { startsAt: "2026-12-02T17:30:00.000Z", clock: "10:30" },
    });
  });

  it("refuses what it cannot book with a reason per field, and keeps nothing", async () => {
    const before = await db.query("select id from service_bookings");
    const response = await book({
      ...VISITOR,
      email: "not an address",
      startsAt: "2026-12-03T14:30:00.000Z",
      units: [{ ...inspection(8), vin: "1GCEK19T3XE000000" }],
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toMatch(/Enter a valid email address/);
    expect(JSON.stringify(response.json())).toMatch(/VIN is not valid/);
    expect(await db.query("select id from service_bookings")).toHaveLength(before.length);
  });
  describe("the booking's link", () => {
    let link: string;
    let bookingId: string;
    beforeAll(async () => {
      const response = await book({
        ...VISITOR,
        startsAt: "2026-12-04T15:00:00.000Z",
        units: [{ ...inspection(20), kind: "oil-air-fuel-filter-changes", vin: "" }],
      });
      ({ link, id: bookingId } = response.json());
    });
    const page = (token: string) => get(`/api/service/bookings/${token}`);

    it("shows the booking in the dealership's words, as often as it is opened (a mail scanner's visit changes nothing)", async () => {
      for (let visit = 0; visit < 3; visit++) {
        const response = await page(link);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          when: "Friday, December 4, 2026 at 8:00 a.m.",
          work: ["Oil, Air & Fuel Filter Changes"],
          kinds: ["oil-air-fuel-filter-changes"],
          status: "booked",
          changeable: true,
        });
      }
      expect((await page(`${bookingId}-0-${"x".repeat(43)}`)).statusCode).toBe(404);
    });

    it("moves it to another free time once: the old link is spent, the new one works, the visitor is told", async () => {
      const moved = await app.inject({
        method: "POST",
        url: `/api/service/bookings/${link}/move`,
        payload: { startsAt: "2026-12-07T16:00:00.000Z" },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ when: "Monday, December 7, 2026 at 9:00 a.m.", status: "booked" });
      expect((await page(link)).statusCode).toBe(410);
      const again = await app.inject({
        method: "POST",
        url: `/api/service/bookings/${link}/move`,
        payload: { startsAt: "2026-12-08T16:00:00.000Z" },
      });
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toMatch(/newest email we sent you/);
      link = moved.json().link;
      const steps = await db.query<{ starts_at: Date }>(
        "select starts_at from service_bay_steps where booking_id = $1 order by starts_at",
        [bookingId],
      );
      expect(steps.map((step) => new Date(step.starts_at).toISOString())).toEqual([
        "2026-12-07T16:00:00.000Z",
        "2026-12-07T16:30:00.000Z",
      ]);
      await worker.runOnce();
      const mail = smtp.mails.find((caught) => caught.mail.subject?.startsWith("Your service appointment has moved"));
      expect(mail?.mail.text).toContain("has moved to Monday, December 7, 2026 at 9:00 a.m.");
      // and the service desk, with the invite that moves it in its calendar
      const desk = smtp.mails.find((caught) =>
        caught.mail.subject?.startsWith("Service booking moved by the customer: Monday, December 7, 2026 at 9:00 a.m."),
      );
      expect(desk?.mail.attachments.some((part) => part.contentType.startsWith("text/calendar"))).toBe(true);
    });

    it("cancels it once: its bay is free again and the visitor's calendar is told to remove it", async () => {
      const cancelled = await app.inject({ method: "POST", url: `/api/service/bookings/${link}/cancel` });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ status: "cancelled", changeable: false });
      // its new link shows it cancelled, and changes nothing
      expect((await page(cancelled.json().link)).json()).toMatchObject({ status: "cancelled", changeable: false });
      expect((await app.inject({ method: "POST", url: `/api/service/bookings/${link}/cancel` })).statusCode).toBe(410);
      expect(await db.query("select 1 from service_bay_steps where booking_id = $1", [bookingId])).toHaveLength(0);
      await worker.runOnce();
      const mail = smtp.mails.find((caught) =>
        caught.mail.subject?.startsWith("Your service appointment is cancelled"),
      );
      const calendar = mail?.mail.attachments.find((part) => part.contentType.startsWith("text/calendar"));
      const parsed = new ICAL.Component(ICAL.parse(calendar?.content.toString() ?? ""));
      expect(parsed.getFirstPropertyValue("method")).toBe("CANCEL");
      expect(parsed.getFirstSubcomponent("vevent")?.getFirstPropertyValue("sequence")).toBe(2);
      const desk = smtp.mails.find((caught) =>
        caught.mail.subject?.startsWith("Service booking cancelled by the customer"),
      );
      const deskCalendar = desk?.mail.attachments.find((part) => part.contentType.startsWith("text/calendar"));
      expect(
        new ICAL.Component(ICAL.parse(deskCalendar?.content.toString() ?? "")).getFirstPropertyValue("method"),
      ).toBe("CANCEL");
    });
  });
  it("reminds the visitor the day before, once", async () => {
    const response = await book({
      ...VISITOR,
      startsAt: "2026-12-09T15:00:00.000Z",
      units: [{ ...inspection(30), kind: "alignments", vin: "" }],
    });
    expect(response.statusCode).toBe(201);
    const dayBefore = new Date("2026-12-08T16:00:00Z").getTime();
    expect(await queueReminders(db, dayBefore - 2 * 86_400_000)).toBe(0);
    expect(await queueReminders(db, dayBefore)).toBeGreaterThanOrEqual(1);
    expect(await queueReminders(db, dayBefore + 60_000)).toBe(0);
    await worker.runOnce();
    const reminder = smtp.mails.find((mail) => mail.mail.subject?.startsWith("Your service appointment is tomorrow"));
    expect(reminder?.mail.text).toContain("tomorrow, Wednesday, December 9, 2026 at 8:00 a.m.");
  });
});
