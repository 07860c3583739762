import type { FastifyInstance } from "fastify";
import { FLEET_QUOTE, LEAD_FORMS, leadReference, vinCheckDigit } from "shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { BusinessDetailsStore } from "../src/business/business-store.js";
import { DEFAULT_BUSINESS_DETAILS } from "../src/business/default-business-details.js";
import type { Database } from "../src/db/database.js";
import { crmEmailSender, departmentEmailSender, visitorConfirmationSender } from "../src/delivery/channels.js";
import { smtpTransport } from "../src/delivery/delivery-setup.js";
import { DeliveryWorker } from "../src/delivery/delivery-worker.js";
import { webhookPayload } from "../src/delivery/lead-messages.js";
import { releaseHeld } from "../src/leads/held-enquiries.js";
import type { Lineup } from "../src/leads/lineup.js";
import { purgeExpired } from "../src/leads/retention.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { seedIfEmpty } from "../src/seed/seed.js";
import { COMMAND_LINE_ACTOR } from "../src/staff/audit.js";
import { adfErrors } from "./adf-dtd.js";
import { backends } from "./database-fixtures.js";
import { captureLead, startedAgo } from "./lead-client.js";
import { eventually, SmtpCatcher } from "./smtp-catcher.js";
import { testConfig } from "./test-config.js";

const SIGNING_SECRET = "signing-secret-for-tests-0123456789abcdef";
const SITE_URL = "https://fleet.test";
const ADDRESSES = {
  crm: "crm@dealer-crm.test",
  departments: { sales: "sales@fleet.test" },
  operations: "ops@fleet.test",
};
const units = generateInventory(150).filter((unit) => unit.status !== "sold");
const quiet = { info() {}, warn() {}, error() {} };

/** VINs whose check digit holds (49 CFR 565), worked out by the rule the API applies. */
const withCheckDigit = (vin: string) => `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
const GOOD_VINS = ["1GCGG25K071123456", "JALC4W167K7000001"].map(withCheckDigit);

/** Team catalog's published line-up, as much of it as these tests add from (mfe-catalog/src/data/lineup-models.ts). */
const LINEUP: Lineup = {
  models: [
    { id: "isuzu-npr-hd-diesel", make: "Isuzu", name: "Isuzu NPR-HD Diesel" },
    { id: "isuzu-nrr-diesel", make: "Isuzu", name: "Isuzu NRR Diesel" },
    { id: "isuzu-fvr-diesel-class-6", make: "Isuzu", name: "Isuzu FVR Diesel Class 6" },
  ],
  legacyIds: { "isuzu-fvr-diesel": "isuzu-fvr-diesel-class-6" },
};

describe.each(backends())("the fleet quote on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  let smtp: SmtpCatcher;
  let worker: DeliveryWorker;
  let transport: ReturnType<typeof smtpTransport>;
  /** Whether the catalog's line-up can be read just now. */
  let lineupReadable = true;

  beforeAll(async () => {
    db = await backend.open();
    await seedIfEmpty(db, 150);
    smtp = await new SmtpCatcher().start();
    transport = smtpTransport(smtp.url);
    const business = new BusinessDetailsStore(db);
    worker = new DeliveryWorker({
      db,
      senders: {
        "crm-email": crmEmailSender(transport, ADDRESSES),
        "department-email": departmentEmailSender(transport, ADDRESSES),
        "visitor-confirmation": visitorConfirmationSender(transport, ADDRESSES),
      },
      business: () => business.get(),
      siteUrl: SITE_URL,
      retry: { baseDelayMs: 20, maxDelayMs: 200, maxAttempts: 6 },
      pollMs: 50,
      leaseMs: 5_000,
      log: quiet,
      onFailed: async () => undefined,
    });
    const config = testConfig({
      PUBLIC_SITE_URL: SITE_URL,
      LEAD_RATE_LIMIT_MAX: 10_000,
      LEAD_SIGNING_SECRET: SIGNING_SECRET,
    });
    app = await buildApp(config, { db, delivery: worker, lineup: async () => (lineupReadable ? LINEUP : null) });
    worker.start();
  }, 60_000);
  afterAll(async () => {
    await worker.stop();
    transport.close();
    await app.close();
    await smtp.stop();
    await db.close();
  });

  const add = (payload: Record<string, unknown>, cookie?: string) =>
    app.inject({
      method: "POST",
      url: "/api/fleet-quote/lines",
      headers: cookie ? { cookie: `${FLEET_QUOTE.cookie}=${cookie}` } : {},
      payload,
    });
  const list = async (token: string) =>
    (await app.inject({ method: "GET", url: `/api/fleet-quote/lists/${token}` })).json().list;

  it("keeps a list by a cookie that holds only its key, adds to a line's quantity, and refuses bad input with reasons", async () => {
    const first = await add({ kind: "unit", stock_number: units[0]!.stock_number, quantity: "2" });
    expect(first.statusCode, first.body).toBe(201);
    const cookie = first.cookies.find((c) => c.name === FLEET_QUOTE.cookie)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 30 * 24 * 60 * 60 });
    expect(cookie.value).toMatch(FLEET_QUOTE.tokenPattern);
    // the database keeps the key's hash, never the key
    expect(JSON.stringify(await db.query("select * from fleet_quote_lists"))).not.toContain(cookie.value);

    expect(
      (await add({ kind: "unit", stock_number: units[0]!.stock_number, quantity: 3 }, cookie.value)).statusCode,
    ).toBe(200);
    const model = await add(
      { kind: "model", model_id: "isuzu-nrr-diesel", make: "Isuzu", model: "NRR Diesel", quantity: 4 },
      cookie.value,
    );
    expect(model.json().list.unit_count).toBe(9);
    expect(model.json().list.lines.map((l: { label: string; quantity: number }) => [l.label, l.quantity])).toEqual([
      [
        `${units[0]!.year} ${units[0]!.make} ${[units[0]!.model, units[0]!.trim].filter(Boolean).join(" ")} (stock ${units[0]!.stock_number})`,
        5,
      ],
      ["Isuzu NRR Diesel (line-up model, to order)", 4],
    ]);
    // what the page's add form says in place, and the count it writes beside "Your fleet quote"
    expect(model.json()).toMatchObject({
      said: "Added. Your fleet quote has 9 units.",
      updates: { "fleet-quote-count": "(9 units)" },
    });

    for (const [payload, field] of [
      [{ kind: "unit", stock_number: units[1]!.stock_number, quantity: "0" }, "quantity"],
      [{ kind: "unit", stock_number: units[1]!.stock_number, quantity: "lots" }, "quantity"],
      [{ kind: "unit", stock_number: units[1]!.stock_number, quantity: 100 }, "quantity"],
    ] as const) {
      const refused = await add(payload, cookie.value);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(Object.keys(refused.json().fields)).toContain(field);
    }
    const gone = await add({ kind: "unit", stock_number: "NOSUCH1", quantity: 1 }, cookie.value);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("Unit NOSUCH1 is no longer in our inventory");
    // a form of another site cannot fill a visitor's list: writes take JSON only
    const form = await app.inject({
      method: "POST",
      url: "/api/fleet-quote/lines",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${FLEET_QUOTE.cookie}=${cookie.value}` },
      payload: `kind=unit&stock_number=${units[1]!.stock_number}&quantity=1`,
    });
    expect(form.statusCode).toBe(415);

    const line = (await list(cookie.value)).lines[1];
    const edited = await app.inject({
      method: "POST",
      url: `/api/fleet-quote/lists/${cookie.value}/lines/${line.id}`,
      payload: { quantity: "6", notes: "16 ft dry-freight box, liftgate" },
    });
    expect(edited.json().list.lines[1]).toMatchObject({ quantity: 6, notes: "16 ft dry-freight box, liftgate" });
    const removed = await app.inject({
      method: "POST",
      url: `/api/fleet-quote/lists/${cookie.value}/lines/${line.id}/remove`,
      payload: {},
    });
    expect(removed.json().list.lines).toHaveLength(1);
    // someone else's key changes nothing of this list
    const other = await app.inject({
      method: "POST",
      url: `/api/fleet-quote/lists/${"x".repeat(43)}/lines/${line.id}/remove`,
      payload: {},
    });
    expect(other.statusCode).toBe(404);
  });

  it("takes up to 10 trade-ins, each VIN's check digit checked", async () => {
    const token = (await add({ kind: "unit", stock_number: units[2]!.stock_number, quantity: 1 })).json().token;
    const tradeIn = (vin: string) =>
      app.inject({
        method: "POST",
        url: `/api/fleet-quote/lists/${token}/trade-ins`,
        payload: { year: "2017", make: "Ford", model: "E-450", vin, odometer_km: "312,000", notes: "" },
      });
    const bad = await tradeIn(
      `${GOOD_VINS[0]!.slice(0, 8)}${GOOD_VINS[0]![8] === "1" ? "2" : "1"}${GOOD_VINS[0]!.slice(9)}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.vin[0]).toMatch(/check digit/);
    for (let i = 0; i < FLEET_QUOTE.maxTradeIns; i++) expect((await tradeIn(GOOD_VINS[0]!)).statusCode).toBe(201);
    const eleventh = await tradeIn(GOOD_VINS[0]!);
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json().message).toMatch(/at most 10 trade-ins/);
    expect((await list(token)).trade_ins[0]).toMatchObject({ year: 2017, odometer_km: 312000, vin: GOOD_VINS[0] });
  });

  it("sends a whole order as one lead: one valid ADF document with every line and trade-in, the desk's table, the visitor's copy; once", async () => {
    const first = await add({ kind: "unit", stock_number: units[3]!.stock_number, quantity: 2 });
    const token = first.json().token as string;
    await add({ kind: "unit", stock_number: units[4]!.stock_number, quantity: 1 }, token);
    await add({ kind: "unit", stock_number: units[5]!.stock_number, quantity: 3 }, token);
    await add({ kind: "model", model_id: "isuzu-npr-hd-diesel", make: "Isuzu", model: "NPR-HD", quantity: 6 }, token);
    for (const vin of GOOD_VINS) {
      await app.inject({
        method: "POST",
        url: `/api/fleet-quote/lists/${token}/trade-ins`,
        payload: { year: 2016, make: "GMC", model: "Savana 3500", vin, odometer_km: 280000, notes: "Shelving inside" },
      });
    }
    const lead = {
      form: "fleet-quote",
      destination: LEAD_FORMS["fleet-quote"].destination,
      form_started: startedAgo(SIGNING_SECRET, 10_000),
      website: "",
      "-url": `${SITE_URL}/fleet-quote`,
      company: "Bow River Couriers Ltd.",
      first_name: "Fran",
      last_name: "Lee",
      email: "fran@bowriver.example",
      day_phone: "403-555-0142",
      gm_fan: "A1B2C3",
      po_number: "PO-2026-118",
      required_by: "2027-03-31",
      delivery_city: "Red Deer",
      delivery_province: "AB",
      payment_method: "Closed-end lease",
      message: "Please quote each line separately.",
      fleet_list: token,
    };
    const badFan = await captureLead(app, { ...lead, gm_fan: "12-34" });
    expect(badFan.statusCode).toBe(400);
    expect(badFan.json().fields.gm_fan[0]).toMatch(/6 letters and digits/);

    const sent = await captureLead(app, lead, { "idempotency-key": "fleet-quote-send-0001" });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id as string;
    // sent twice (a double click, a resent page): stored once
    const again = await captureLead(app, lead, { "idempotency-key": "fleet-quote-send-0001" });
    expect(again.json().id).toBe(id);
    expect((await db.query("select id from leads where form = 'fleet-quote'")).length).toBe(1);
    // the list is empty once sent; sending an empty list is refused with its reason
    expect((await list(token)).lines).toEqual([]);
    const empty = await captureLead(app, lead);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.fleet_list[0]).toMatch(/no vehicles/);

    await eventually(
      async () =>
        smtp.mails.filter((m) => m.raw.includes(id) || (m.mail.text ?? "").includes(leadReference(id))).length >= 3,
      "the three emails",
      20_000,
    );
    const adf = smtp.to(ADDRESSES.crm).find((m) => m.raw.includes(id))!.mail.text ?? "";
    expect(adfErrors(adf)).toBe("");
    expect(adf.match(/<vehicle interest="buy"/g)).toHaveLength(4);
    expect(adf.match(/<vehicle interest="trade-in" status="used"/g)).toHaveLength(2);
    expect(adf).toContain("Quantity: 6");
    expect(adf).toContain(`<stock>${units[5]!.stock_number}</stock>`);
    expect(adf).toContain(`<vin>${GOOD_VINS[1]}</vin>`);
    expect(adf).toContain('<id source="GM Fleet Account Number">A1B2C3</id>');
    expect(adf).toContain('<id source="Purchase order">PO-2026-118</id>');
    expect(adf).toContain("<latestdate>2027-03-31</latestdate>");
    expect(adf).toContain('<name part="full" type="business">Bow River Couriers Ltd.</name>');
    expect(adf).toContain("Paying by: Closed-end lease");
    expect(adf).toContain("Deliver to: Red Deer AB");

    const desk = smtp.to(ADDRESSES.departments.sales).find((m) => m.raw.includes(id))!.mail;
    expect(desk.subject).toContain("12 units on 4 lines, 2 trade-ins");
    expect(desk.html).toContain("<caption");
    expect(desk.html).toContain("Isuzu NPR-HD Diesel (line-up model, to order)");
    expect(desk.text).toMatch(/4\. 6 x Isuzu NPR-HD Diesel/);
    expect(desk.text).toContain("Savana 3500");

    const copy = smtp.to("fran@bowriver.example")[0]!.mail;
    expect(copy.subject).toContain(leadReference(id));
    expect(copy.text).toContain("4. 6 x Isuzu NPR-HD Diesel, to order");
    expect(copy.text).toContain(`${units[5]!.stock_number}): ${SITE_URL}/inventory/vehicle/${units[5]!.stock_number}`);
    expect(copy.text).toContain("Trade-ins: 2 trade-ins (model years 2016, 2016)");
    expect(copy.text).not.toContain("Savana");
    expect(copy.headers.get("auto-submitted")).toBe("auto-replied");
  });

  it("names a line-up model as the line-up does, refuses one it does not have, and keeps one while it cannot be read", async () => {
    const token = (
      await add({
        kind: "model",
        model_id: "isuzu-fvr-diesel",
        make: "Pay at evil.example",
        model: "Your invoice is overdue",
        quantity: 2,
      })
    ).json().token as string;
    // the old site's id is the model's id now, and the same model again is the same line
    const again = await add(
      { kind: "model", model_id: "isuzu-fvr-diesel-class-6", make: "x", model: "y", quantity: 1 },
      token,
    );
    expect(again.json().list.lines).toEqual([
      expect.objectContaining({
        model_id: "isuzu-fvr-diesel-class-6",
        make: "Isuzu",
        model: "FVR Diesel Class 6",
        label: "Isuzu FVR Diesel Class 6 (line-up model, to order)",
        quantity: 3,
        from_lineup: true,
      }),
    ]);

    const unknown = await add(
      { kind: "model", model_id: "evil.example", make: "Isuzu", model: "NPR", quantity: 1 },
      token,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: "This model is not on our line-up",
      fields: { model_id: ["This model is not on our line-up"] },
    });

    // the catalog down: the visitor loses nothing, and the line says it was not checked
    lineupReadable = false;
    try {
      const kept = await add(
        { kind: "model", model_id: "isuzu-nrr-diesel", make: "Visit", model: "evil.example", quantity: 1 },
        token,
      );
      expect(kept.statusCode).toBe(200);
      expect(kept.json().list.lines[1]).toMatchObject({
        model_id: "isuzu-nrr-diesel",
        label: "Visit evil.example (line-up model, to order, name not checked against the line-up)",
        from_lineup: false,
      });
    } finally {
      lineupReadable = true;
    }
    // read again, the line-up names it
    const named = await add(
      { kind: "model", model_id: "isuzu-nrr-diesel", make: "Visit", model: "evil.example", quantity: 1 },
      token,
    );
    expect(named.json().list.lines[1]).toMatchObject({
      label: "Isuzu NRR Diesel (line-up model, to order)",
      quantity: 2,
      from_lineup: true,
    });
  });

  it("sends the visitor's copy with the dealership's words only: nothing typed into the request, no link but to the site", async () => {
    const hostile = "Your invoice is overdue: pay at https://evil.example/pay";
    const first = await add({ kind: "unit", stock_number: units[8]!.stock_number, quantity: 1 });
    const token = first.json().token as string;
    await add(
      { kind: "model", model_id: "isuzu-npr-hd-diesel", make: "Pay at", model: "www.evil.example", quantity: 2 },
      token,
    );
    lineupReadable = false;
    try {
      await add(
        { kind: "model", model_id: "isuzu-nrr-diesel", make: "Call", model: "evil.example now", quantity: 3 },
        token,
      );
    } finally {
      lineupReadable = true;
    }
    for (const line of (await list(token)).lines) {
      await app.inject({
        method: "POST",
        url: `/api/fleet-quote/lists/${token}/lines/${line.id}`,
        payload: { quantity: String(line.quantity), notes: `${hostile} evil.example/login www.evil.example` },
      });
    }
    await app.inject({
      method: "POST",
      url: `/api/fleet-quote/lists/${token}/trade-ins`,
      payload: {
        year: 2019,
        make: "evil.example",
        model: "Pay now at evil.example",
        vin: GOOD_VINS[1],
        odometer_km: 1,
        notes: hostile,
      },
    });
    const victim = "victim@bowriver.example";
    const sent = await captureLead(app, {
      form: "fleet-quote",
      destination: LEAD_FORMS["fleet-quote"].destination,
      form_started: startedAgo(SIGNING_SECRET, 10_000),
      website: "",
      "-url": `${SITE_URL}/fleet-quote`,
      company: "evil.example Ltd.",
      first_name: hostile,
      last_name: "www.evil.example",
      email: victim,
      day_phone: "403-555-0142",
      message: hostile,
      fleet_list: token,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await eventually(async () => smtp.to(victim).length > 0, "the visitor's copy", 20_000);
    const copy = smtp.to(victim)[0]!.mail;
    const unit = units[8]!;
    for (const body of [copy.text ?? "", copy.html || ""]) {
      expect(body).toMatch(/^(<!doctype html>.*\n<p>)?Hello,/s);
      expect(body).toContain(
        `${unit.year} ${unit.make} ${[unit.model, unit.trim].filter(Boolean).join(" ")} (stock ${unit.stock_number})`,
      );
      expect(body).toContain("2 x Isuzu NPR-HD Diesel, to order");
      expect(body).toContain("3 x a line-up model, to order");
      expect(body).toContain("1 trade-in (model year 2019)");
      expect(body).not.toMatch(/evil|invoice|pay|call/i);
      // nothing that reads as an address but the site's own
      // (as a mail client links it: a full stop or bracket after it is not part of it)
      const addresses = (
        body.match(/https?:\/\/[^\s"<>]+|www\.[^\s"<>]*|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}\b/gi) ?? []
      ).map((found) => found.replace(/[.,;:)]+$/, ""));
      expect(addresses.length).toBeGreaterThan(0);
      expect(
        addresses.filter((found) => !found.startsWith(`${SITE_URL}/`) && found !== SITE_URL && found !== "fleet.test"),
      ).toEqual([]);
    }
    // the desk's own notification keeps what the visitor typed
    await eventually(
      async () => smtp.to(ADDRESSES.departments.sales).some((m) => m.raw.includes(sent.json().id)),
      "the desk's email",
    );
    const desk = smtp.to(ADDRESSES.departments.sales).find((m) => m.raw.includes(sent.json().id))!.mail;
    expect(desk.text).toContain("Pay now at evil.example");
  });

  it("keeps a held (possibly spam) request's lines with it: released by the desk, it is the whole order", async () => {
    const token = (await add({ kind: "unit", stock_number: units[7]!.stock_number, quantity: 4 })).json().token;
    const held = await captureLead(app, {
      form: "fleet-quote",
      destination: LEAD_FORMS["fleet-quote"].destination,
      form_started: startedAgo(SIGNING_SECRET, 10_000),
      website: "https://spam.example",
      company: "Maybe Spam Ltd.",
      first_name: "Sam",
      last_name: "Pam",
      email: "sam@maybe.example",
      day_phone: "403-555-0100",
      fleet_list: token,
    });
    expect(held.statusCode).toBe(201);
    expect(await releaseHeld(db, held.json().id, ["crm-email", "department-email"], COMMAND_LINE_ACTOR)).toBe(
      "released",
    );
    const [lead] = await db.query<{ fleet_quote: { lines: { quantity: number }[] } }>(
      "select fleet_quote from leads where id = $1",
      [held.json().id],
    );
    expect(lead?.fleet_quote.lines.map((line) => line.quantity)).toEqual([4]);
    const channels = await db.query<{ channel: string }>(
      "select channel from lead_deliveries where lead_id = $1 order by channel",
      [held.json().id],
    );
    expect(channels.map((c) => c.channel)).toEqual(["crm-email", "department-email", "visitor-confirmation"]);
  });

  it("forgets a list nobody changed for 30 days", async () => {
    const token = (await add({ kind: "unit", stock_number: units[6]!.stock_number, quantity: 1 })).json().token;
    await db.query("update fleet_quote_lists set updated_at = now() - interval '31 days'");
    const purged = await purgeExpired(db, { leadRetentionDays: 365, quarantineRetentionDays: 30 });
    expect(purged.fleetQuoteLists).toBeGreaterThan(0);
    expect((await list(token)).lines).toEqual([]);
  });
});

describe("a fleet quote's webhook", () => {
  it("carries the same lead (its id and reference) with every line and trade-in", () => {
    const quote = {
      lines: [
        {
          id: "l1",
          kind: "model" as const,
          stock_number: "",
          model_id: "isuzu-npr-hd-diesel",
          label: "Isuzu NPR-HD Diesel (line-up model, to order)",
          year: null,
          make: "Isuzu",
          model: "NPR-HD Diesel",
          vin: "",
          quantity: 6,
          notes: "16 ft box",
          available: true,
          from_lineup: true,
        },
      ],
      trade_ins: [
        { id: "t1", year: 2016, make: "GMC", model: "Savana", vin: GOOD_VINS[0]!, odometer_km: 280000, notes: "" },
      ],
      unit_count: 6,
    };
    const lead = {
      id: "1a2b3c4d-0000-4000-8000-000000000000",
      form: "fleet-quote",
      destination: LEAD_FORMS["fleet-quote"].destination,
      received_at: "2026-11-26T12:00:00Z",
      marketing_opt_in: false,
      consent_text: "",
      consent_version: "",
      consent_withdrawn_at: "",
      fields: { company: "Bow River Couriers", email: "fran@bowriver.example" },
      fleet_quote: quote,
      vehicle: null,
    };
    const payload = webhookPayload(lead, { business: DEFAULT_BUSINESS_DETAILS, siteUrl: SITE_URL }, "d1");
    expect(payload.lead).toMatchObject({ id: lead.id, reference: "FQ-1A2B3C4D", fleet_quote: quote });
  });
});
