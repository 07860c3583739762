import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { XMLParser } from "fast-xml-parser";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { MARKETING_CONSENT, UNVERSIONED_CONSENT } from "shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { DEFAULT_BUSINESS_DETAILS } from "../src/business/default-business-details.js";
import { type Database, openPglite } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { IDEMPOTENCY_KEY_TTL_MS } from "../src/leads/idempotency.js";
import { loadLeads, toAdf, toCsv } from "../src/leads/lead-export.js";
import { purgeExpired } from "../src/leads/retention.js";
import { signFormStart, unsubscribeToken } from "../src/security/signing.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { seedIfEmpty } from "../src/seed/seed.js";
import { backends } from "./database-fixtures.js";
import { antiForgery, captureLead } from "./lead-client.js";
import { testConfig } from "./test-config.js";

const ADF_DTD = new URL("../adf/adf-1.0.dtd", import.meta.url).pathname;
const EXPORT_TOKEN = "export-token-for-tests-0123456789-abcdefghij";
const SIGNING_SECRET = "signing-secret-for-tests-0123456789abcdef";

/** A form start the API signed `ms` ago (what GET /api/leads/start gave the page then). */
const startedAgo = (ms: number) => signFormStart(Buffer.from(SIGNING_SECRET), Date.now() - ms);

/** A person's submission: the form has been on screen for a while and the honeypot is empty. */
const person = { form_started: startedAgo(12_000), website: "" };
const signed = { LEAD_SIGNING_SECRET: SIGNING_SECRET };

/** The database, except that statements matching `pattern` fail with `error` (inside transactions too). */
function failingOn(db: Database, pattern: RegExp, error: () => Error): Database {
  const guard =
    (query: Database["query"]): Database["query"] =>
    async (sql, params) => {
      if (pattern.test(sql)) throw error();
      return query(sql, params);
    };
  return {
    ...db,
    query: guard(db.query),
    transaction: (fn) => db.transaction((tx) => fn({ query: guard(tx.query) })),
  };
}

/** The log lines an app wrote, parsed. */
function logCollector() {
  const lines: Record<string, unknown>[] = [];
  return {
    lines,
    text: () => lines.map((line) => JSON.stringify(line)).join("\n"),
    stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
  };
}

describe.each(backends())("lead capture on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  const vehicle = generateInventory(150)[0]!;
  const log = logCollector();

  beforeAll(async () => {
    db = await backend.open();
    await seedIfEmpty(db, 150);
    const config = testConfig({
      // the pages the tests' leads come from
      PUBLIC_SITE_URL: "http://localhost",
      LOG_LEVEL: "info",
      LEAD_RATE_LIMIT_MAX: 1000,
      LEADS_EXPORT_TOKEN: EXPORT_TOKEN,
      LEAD_SIGNING_SECRET: SIGNING_SECRET,
    });
    app = await buildApp(config, { db, logStream: log.stream });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const capture = (payload: unknown, headers: Record<string, string> = {}, target = app) =>
    captureLead(target, payload, headers);

  it("issues the anti-forgery pair: a token the page can read, and an HttpOnly secret beside it", async () => {
    const res = await app.inject({ method: "GET", url: "/api/leads/token" });
    expect(res.statusCode).toBe(200);
    const cookies = res.cookies as { name: string; value: string; httpOnly?: boolean }[];
    expect(cookies.find((c) => c.name === "XSRF-TOKEN")?.httpOnly).toBeFalsy();
    expect(cookies.find((c) => c.name !== "XSRF-TOKEN")?.httpOnly).toBe(true);
  });
  const leadCount = async () => Number((await db.query<{ n: string }>("select count(*) as n from leads"))[0]?.n);

  it("stores a lead with its form, the consent wording the visitor saw, and the page it came from", async () => {
    const res = await capture({
      ...person,
      form: "contact",
      destination: "ContactUs",
      first_name: "Dana",
      email: "dana@example.ca",
      "-url": "http://localhost/contact?email=dana%40example.ca&utm_source=mail#form",
      marketing_opt_in: true,
      consent_version: MARKETING_CONSENT.version,
      FirstName: "Dana",
      Email: "dana@example.ca",
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await db.query<{
      destination: string;
      form: string;
      marketing_opt_in: boolean;
      consent_text: string;
      consent_version: string;
      fields: Record<string, string>;
    }>("select destination, form, marketing_opt_in, consent_text, consent_version, fields from leads where id = $1", [
      id,
    ]);
    expect(row).toMatchObject({ destination: "ContactUs", form: "contact", marketing_opt_in: true });
    expect(row?.consent_text).toBe(MARKETING_CONSENT.text);
    expect(row?.consent_version).toBe(MARKETING_CONSENT.version);
    // the page, not what its address carried (a search, a tracking tag, an email address)
    expect(row?.fields).toMatchObject({ first_name: "Dana", "-url": "http://localhost/contact" });
    expect(row?.fields).not.toHaveProperty("website");
    expect(row?.fields).not.toHaveProperty("form_started");
  });

  it("states its own retention settings for the privacy notice", async () => {
    expect((await app.inject({ method: "GET", url: "/api/privacy" })).json()).toEqual({
      lead_retention_days: 365,
      quarantine_retention_days: 30,
    });
    const shorter = await buildApp(testConfig({ ...signed, LEAD_RETENTION_DAYS: 90, QUARANTINE_RETENTION_DAYS: 7 }), {
      db,
    });
    try {
      expect((await shorter.inject({ method: "GET", url: "/api/privacy" })).json()).toEqual({
        lead_retention_days: 90,
        quarantine_retention_days: 7,
      });
    } finally {
      await shorter.close();
    }
  });

  it("keeps the unit a vehicle page's address names", async () => {
    const url = `http://localhost/inventory/vehicle/${vehicle.stock_number}?ref=search`;
    const res = await capture({ ...person, form: "more-info", destination: "VehicleMoreInfo", "-url": url });
    const [row] = await db.query<{ fields: Record<string, string> }>("select fields from leads where id = $1", [
      res.json().id,
    ]);
    expect(row?.fields["-url"]).toBe(`http://localhost/inventory/vehicle/${vehicle.stock_number}`);
  });

  it("records consent only with an email to send to and a wording the API knows", async () => {
    const base = { ...person, form: "inquiry", destination: "VehicleInquiry", marketing_opt_in: true };
    const noEmail = await capture({ ...base, consent_version: MARKETING_CONSENT.version });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().fields).toEqual({ email: ["Enter your email address to receive our offers"] });
    for (const version of ["2099-01-z", "constructor", "__proto__"]) {
      const unknown = await capture({ ...base, email: "kim@example.ca", consent_version: version });
      expect(unknown.statusCode, version).toBe(400);
      expect(unknown.json().fields).toHaveProperty("consent_version");
    }
    // a form of before consent versions sent none: the wording it showed is recorded under its own version
    const older = await capture({ ...base, email: "kim@example.ca" });
    const [row] = await db.query<{ consent_version: string; consent_text: string }>(
      "select consent_version, consent_text from leads where id = $1",
      [older.json().id],
    );
    expect(row).toEqual({ consent_version: UNVERSIONED_CONSENT, consent_text: MARKETING_CONSENT.text });
  });

  it("writes lead ids to the log, never what the visitor typed", async () => {
    const res = await capture({
      ...person,
      form: "vehicle-contact",
      destination: "VDPContactForm",
      first_name: "Leakcheck",
      last_name: "Privacy",
      email: "leakcheck@example.ca",
      day_phone: "403-555-0177",
      message: "Secret fleet plans",
    });
    expect(res.statusCode).toBe(201);
    expect(log.lines.some((line) => line.leadId === res.json().id)).toBe(true);
    // a database error quotes the values it refused: the log keeps its kind and message, not its detail
    const failing = failingOn(db, /insert into leads/i, () =>
      Object.assign(new Error("duplicate key"), {
        code: "23505",
        detail: "Key (email)=(leakcheck@example.ca) already exists.",
        where: "Leakcheck Privacy 403-555-0177",
      }),
    );
    const broken = await buildApp(testConfig({ ...signed, LOG_LEVEL: "info" }), { db: failing, logStream: log.stream });
    try {
      const failed = await capture(
        {
          ...person,
          form: "contact",
          destination: "ContactUs",
          first_name: "Leakcheck",
          email: "leakcheck@example.ca",
        },
        { authorization: "Bearer should-not-be-logged" },
        broken,
      );
      expect(failed.statusCode).toBe(503);
    } finally {
      await broken.close();
    }
    const text = log.text();
    expect(text).toContain("duplicate key");
    for (const personal of [
      "Leakcheck",
      "leakcheck@example.ca",
      "403-555-0177",
      "Secret fleet",
      "should-not-be-logged",
    ]) {
      expect(text).not.toContain(personal);
    }
  });

  it("refuses a write without the anti-forgery header, or with a token that does not match (403)", async () => {
    const lead = { ...person, form: "more-info", destination: "VehicleMoreInfo", stock_number: "X1" };
    const before = await leadCount();
    const bare = await app.inject({ method: "POST", url: "/api/leads/capture", payload: lead });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().message).toBeTruthy();
    const { cookie } = await antiForgery(app);
    const forged = await app.inject({
      method: "POST",
      url: "/api/leads/capture",
      headers: { cookie, "x-xsrf-token": "forged" },
      payload: lead,
    });
    expect(forged.statusCode).toBe(403);
    expect(await leadCount()).toBe(before);
  });

  describe("Idempotency-Key", () => {
    const lead = () => ({ ...person, form: "more-info", destination: "VehicleMoreInfo", stock_number: "IDEM1" });
    const storedFor = async (stock: string) =>
      (await db.query("select id from leads where fields->>'stock_number' = $1", [stock])).length;

    it("stores one lead for the same request sent twice, and answers both with its id", async () => {
      const body = lead();
      const headers = { "idempotency-key": "retry-test-key-0001" };
      const [a, b] = [await capture(body, headers), await capture(body, headers)];
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json().id).toBe(b.json().id);
      expect(await storedFor("IDEM1")).toBe(1);
    });

    it("refuses the same key with another body, or from another visitor (422), never answering another lead's id", async () => {
      const first = await capture({ ...lead(), stock_number: "IDEM2" }, { "idempotency-key": "shared-key-00002" });
      expect(first.statusCode).toBe(201);
      const otherBody = await capture({ ...lead(), stock_number: "IDEM3" }, { "idempotency-key": "shared-key-00002" });
      expect(otherBody.statusCode).toBe(422);
      expect(otherBody.json()).toMatchObject({ error: "Unprocessable Entity" });
      expect(JSON.stringify(otherBody.json())).not.toContain(first.json().id);

      const body = { ...lead(), stock_number: "IDEM4" };
      const mine = await capture(body, { "idempotency-key": "shared-key-00004", "x-forwarded-for": "203.0.113.10" });
      const theirs = await capture(body, { "idempotency-key": "shared-key-00004", "x-forwarded-for": "198.51.100.20" });
      expect([mine.statusCode, theirs.statusCode]).toEqual([201, 422]);
      expect(await storedFor("IDEM3")).toBe(0);
    });

    it("forgets a key after a day", async () => {
      const key = { "idempotency-key": "old-key-000000005" };
      const first = await capture({ ...lead(), stock_number: "IDEM5" }, key);
      await db.query("update idempotency_keys set created_at = $2 where key = $1", [
        key["idempotency-key"],
        new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS - 60_000).toISOString(),
      ]);
      const later = await capture({ ...lead(), stock_number: "IDEM6" }, key);
      expect(later.statusCode).toBe(201);
      expect(later.json().id).not.toBe(first.json().id);
      expect(await storedFor("IDEM6")).toBe(1);
    });

    it("answers a quarantined submission's replay the way it answers a lead's", async () => {
      const bot = { ...lead(), stock_number: "IDEM7", website: "http://spam.example" };
      const key = { "idempotency-key": "bot-key-000000007" };
      const [a, b] = [await capture(bot, key), await capture(bot, key)];
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(b.json()).toEqual(a.json());
      expect(Object.keys(a.json()).sort()).toEqual(["id", "received_at"]);
      expect(await storedFor("IDEM7")).toBe(0);
    });

    it("refuses a malformed key with a reason", async () => {
      const res = await capture(lead(), { "idempotency-key": "bad key with spaces" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: "Invalid request headers: idempotency-key",
        fields: { "idempotency-key": [expect.any(String)] },
      });
    });
  });

  it("answers 400 with the fields at fault, 413 for an oversized body, 400 for broken JSON", async () => {
    const missing = await capture({ ...person, form: "contact", destination: "ContactUs" });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fields)).toEqual(["first_name", "email"]);
    const badEmail = await capture({
      ...person,
      form: "trailer-enquiry",
      destination: "VDPContactForm",
      first_name: "A",
      email: "a@",
    });
    expect(badEmail.json().fields).toEqual({ email: ["Enter a valid email address"] });
    const wrongDestination = await capture({ ...person, form: "quote", destination: "ContactUs" });
    expect(Object.keys(wrongDestination.json().fields)).toEqual(["destination"]);
    const huge = await capture({ ...person, form: "contact", destination: "ContactUs", message: "x".repeat(100_000) });
    expect(huge.statusCode).toBe(413);
    const junk = await capture("{not json", { "content-type": "application/json" });
    expect(junk.statusCode).toBe(400);
  });

  it("measures the fill time from a start the API signed, and gives spam a normal-looking 201 but quarantines it", async () => {
    const before = await leadCount();
    const base = { form: "contact", destination: "ContactUs", first_name: "Bot", email: "bot@example.com" };
    const issued = await app.inject({ method: "GET", url: "/api/leads/start" });
    expect(issued.headers["cache-control"]).toBe("no-store");
    const justStarted = issued.json().form_started as string;
    const [at, mac] = justStarted.split(".");
    const responses: LightMyRequestResponse[] = [
      await capture({ ...base, form_started: startedAgo(12_000), website: "http://spam.example" }),
      await capture({ ...base, form_started: justStarted }),
      // a client claiming an early start with a made-up signature, or the old client-measured fill time
      await capture({ ...base, form_started: `${Number(at) - 60_000}.${mac}` }),
      await capture({ ...base, fill_ms: 60_000 }),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(201);
      expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await leadCount()).toBe(before);
    const reasons = await db.query<{ reason: string }>(
      "select reason from quarantined_leads where fields->>'first_name' = 'Bot' order by received_at",
    );
    expect(reasons.map((r) => r.reason)).toEqual([
      "honeypot filled",
      expect.stringMatching(/^sent \d+ ms after the form appeared$/),
      "no signed form start",
      "no signed form start",
    ]);
  });

  it("limits leads per client with a 429 that says why, without affecting other clients", async () => {
    const limited = await buildApp(testConfig({ ...signed, LEAD_RATE_LIMIT_MAX: 2 }), { db });
    try {
      const lead = { ...person, form: "inquiry", destination: "VehicleInquiry", model: "Isuzu NRR EV" };
      const from = (ip: string) => ({ "x-forwarded-for": ip });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await capture(lead, from("203.0.113.7"), limited)).statusCode);
      expect(statuses).toEqual([201, 201, 429]);
      const refused = await capture(lead, from("203.0.113.7"), limited);
      expect(refused.json().message).toMatch(/Too many enquiries.*403-555-0140/);
      expect((await capture(lead, from("198.51.100.4"), limited)).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it("never answers 201 when the lead could not be committed", async () => {
    const failing = failingOn(db, /insert into leads/i, () => new Error("disk full"));
    const broken = await buildApp(testConfig(signed), { db: failing });
    try {
      const res = await capture(
        { ...person, form: "contact", destination: "ContactUs", first_name: "A", email: "a@b.ca" },
        {},
        broken,
      );
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/try again/);
    } finally {
      await broken.close();
    }
  });

  describe("export for the dealership's CRM", () => {
    beforeAll(async () => {
      const leads = [
        {
          form: "vehicle-contact",
          destination: "VDPContactForm",
          first_name: "Ana",
          last_name: "Moreau",
          company: "Moreau & Fils <Cartage>",
          email: "ana@example.ca",
          day_phone: "403-555-0101",
          stock_number: vehicle.stock_number,
          message: 'Is the "upfit" included?',
        },
        {
          form: "trailer-enquiry",
          destination: "VDPContactForm",
          first_name: "Jo",
          email: "jo@example.ca",
          stock_number: "T1007",
          make: "Haulmark",
          model: "7x14 Cargo",
          vin: "5JXTRAILER0000001",
        },
        {
          form: "parts-request",
          destination: "VehiclePartsRequest",
          first_name: "Sam",
          email: "sam@example.ca",
          make: "GMC",
          model: "Sierra 2500HD",
          parts_required: "Brake pads",
          marketing_opt_in: true,
        },
        { form: "service-booking", destination: "VehicleServiceRequest", day_phone: "403-555-0199" },
      ];
      for (const lead of leads) expect((await capture({ ...person, ...lead })).statusCode).toBe(201);
    });

    it("writes ADF 1.0 that the DTD validates and a parser reads back, one prospect per lead", async () => {
      const leads = await loadLeads(db);
      const xml = toAdf(leads, DEFAULT_BUSINESS_DETAILS);
      expect(xml.startsWith('<?xml version="1.0"')).toBe(true);
      expect(xml).toContain('<?adf version="1.0"?>');
      const file = join(mkdtempSync(join(tmpdir(), "adf-")), "leads.adf.xml");
      writeFileSync(file, xml);
      // throws (and fails the test) when xmllint finds the document invalid
      execFileSync("xmllint", ["--noout", "--dtdvalid", ADF_DTD, file], { stdio: "pipe" });

      const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "prospect" }).parse(xml);
      // biome-ignore lint/suspicious/noExplicitAny: parsed XML has no static shape; the DTD check above is the typing
      const prospects = parsed.adf.prospect as Record<string, any>[];
      expect(prospects).toHaveLength(leads.length);
      const vdp = prospects.find((p) => p.vehicle.stock === vehicle.stock_number)!;
      expect(vdp.vehicle).toMatchObject({
        year: vehicle.year,
        make: vehicle.make,
        vin: vehicle.vin,
        "@_status": vehicle.condition,
      });
      expect(vdp.customer.contact.name.map((n: Record<string, string>) => n["#text"])).toEqual([
        "Ana",
        "Moreau",
        "Moreau & Fils <Cartage>",
      ]);
      expect(vdp.customer.contact.email).toBe("ana@example.ca");
      expect(vdp.vendor.vendorname).toBe("Summit Heavy Fleet");
      expect(vdp.provider.service).toBe("Vehicle page contact form (VDPContactForm)");
      const trailer = prospects.find((p) => p.vehicle.stock === "T1007")!;
      expect(trailer.vehicle).toMatchObject({ make: "Haulmark", model: "7x14 Cargo", vin: "5JXTRAILER0000001" });
      const parts = prospects.find((p) => p.vehicle.make === "GMC" && p.customer.comments.includes("Brake pads"))!;
      expect(parts.customer.comments).toContain("Marketing email consent (CASL)");
    });

    it("writes the same leads as CSV", async () => {
      const leads = await loadLeads(db);
      const rows = parseCsv(toCsv(leads), { columns: true }) as Record<string, string>[];
      expect(rows).toHaveLength(leads.length);
      const ana = rows.find((r) => r.first_name === "Ana")!;
      expect(ana).toMatchObject({ company: "Moreau & Fils <Cartage>", message: 'Is the "upfit" included?' });
      expect(ana.vin).toBe(vehicle.vin);
    });

    it("serves the export to a CRM holding the token, and to no one else", async () => {
      const url = "/api/leads/export?format=json";
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
      const ok = await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${EXPORT_TOKEN}` } });
      expect(ok.json().leads.length).toBe((await loadLeads(db)).length);
      const adf = await app.inject({
        method: "GET",
        url: "/api/leads/export",
        headers: { authorization: `Bearer ${EXPORT_TOKEN}` },
      });
      expect(adf.headers["content-type"]).toContain("application/xml");
      const nothingNew = await app.inject({
        method: "GET",
        url: `/api/leads/export?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
        headers: { authorization: `Bearer ${EXPORT_TOKEN}` },
      });
      expect(nothingNew.statusCode).toBe(204);
      const off = await buildApp(testConfig(), { db });
      expect(
        (await off.inject({ method: "GET", url, headers: { authorization: `Bearer ${EXPORT_TOKEN}` } })).statusCode,
      ).toBe(404);
      await off.close();
    });

    it("writes an audit line per export, and throttles failed tokens with a 429", async () => {
      const audit = logCollector();
      const guarded = await buildApp(testConfig({ LOG_LEVEL: "info", LEADS_EXPORT_TOKEN: EXPORT_TOKEN }), {
        db,
        logStream: audit.stream,
      });
      try {
        const from = { "x-forwarded-for": "203.0.113.99" };
        const ok = await guarded.inject({
          method: "GET",
          url: "/api/leads/export?format=csv",
          headers: { ...from, authorization: `Bearer ${EXPORT_TOKEN}` },
        });
        expect(ok.statusCode).toBe(200);
        expect(audit.lines).toContainEqual(
          expect.objectContaining({ audit: "leads-export", format: "csv", ip: "203.0.113.99" }),
        );
        const guesses = [];
        for (let i = 0; i < 30; i++) {
          const guess = await guarded.inject({
            method: "GET",
            url: "/api/leads/export",
            headers: { ...from, authorization: `Bearer guess-${i}-0000000000000000` },
          });
          guesses.push(guess.statusCode);
        }
        expect(guesses.slice(0, 29).every((status) => status === 401)).toBe(true);
        expect(guesses.at(-1)).toBe(429);
        // the throttle holds even for the right token: a guesser cannot tell when they found it
        const after = await guarded.inject({
          method: "GET",
          url: "/api/leads/export",
          headers: { ...from, authorization: `Bearer ${EXPORT_TOKEN}` },
        });
        expect(after.statusCode).toBe(429);
        expect(after.json().error).toBe("Too Many Requests");
        expect(audit.text()).not.toContain(EXPORT_TOKEN);
      } finally {
        await guarded.close();
      }
    });

    it("writes valid ADF and formula-safe CSV whatever was stored", async () => {
      const hostile = {
        first_name: '=HYPERLINK("http://evil.example","Click")',
        last_name: "+1-555",
        company: "@SUM(A1:A9)",
        email: "ctl\u0001char@example.ca",
        day_phone: "-2+3",
        message: "Bell\u0007 and form feed\u000c and \uFFFE non-character, then a tab\tand a\r\nnewline",
        stock_number: "\t=cmd",
        make: 1999,
        model: { nested: "object" },
      };
      await db.query(
        "insert into leads (id, destination, form, fields, received_at) values ('hostile-1', 'ContactUs', 'contact', $1, $2)",
        [JSON.stringify(hostile), "2026-11-20T10:00:00Z"],
      );
      await db.query(
        "insert into leads (id, destination, form, fields, received_at) values ('hostile-2', 'ContactUs', 'no-such-form', $1, $2)",
        [JSON.stringify(["not", "an", "object"]), "2026-11-20T10:00:01Z"],
      );
      try {
        const leads = await loadLeads(db, new Date("2026-11-20T00:00:00Z"));
        const xml = toAdf(
          leads.filter((lead) => lead.id.startsWith("hostile-")),
          DEFAULT_BUSINESS_DETAILS,
        );
        const file = join(mkdtempSync(join(tmpdir(), "adf-")), "hostile.adf.xml");
        writeFileSync(file, xml);
        execFileSync("xmllint", ["--noout", "--dtdvalid", ADF_DTD, file], { stdio: "pipe" });
        expect(xml).toContain("ctlchar@example.ca");
        expect(xml).toContain("Bell and form feed and  non-character");

        const rows = parseCsv(toCsv(leads), { columns: true }) as Record<string, string>[];
        const row = rows.find((r) => r.id === "hostile-1")!;
        expect(row).toMatchObject({
          first_name: '\'=HYPERLINK("http://evil.example","Click")',
          last_name: "'+1-555",
          company: "'@SUM(A1:A9)",
          day_phone: "'-2+3",
          stock_number: "\t'=cmd",
          make: "1999",
          model: '{"nested":"object"}',
        });
        // a trigger after whitespace a spreadsheet may trim still starts a formula
        for (const cell of rows.flatMap((r) => Object.values(r))) expect(cell).not.toMatch(/^[\s"]*[=+\-@]/);
      } finally {
        await db.query("delete from leads where id like 'hostile-%'");
      }
    });

    it("records an unsubscribe link's withdrawal, and the export says so", async () => {
      const email = "sam@example.ca";
      const bad = await app.inject({
        method: "POST",
        url: `/api/consent/unsubscribe?email=${encodeURIComponent(email)}&token=${"A".repeat(43)}`,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/not valid/);
      const token = unsubscribeToken(Buffer.from(SIGNING_SECRET), email);
      const ok = await app.inject({
        method: "POST",
        url: "/api/consent/unsubscribe",
        payload: { email: "Sam@Example.ca", token },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ unsubscribed: true });
      const [withdrawal] = await db.query<{ email: string; source: string }>(
        "select email, source from consent_withdrawals",
      );
      expect(withdrawal).toEqual({ email, source: "unsubscribe link" });
      const sam = (await loadLeads(db)).find((lead) => lead.fields.email === email)!;
      expect(sam.consent_withdrawn_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      const row = (parseCsv(toCsv([sam]), { columns: true }) as Record<string, string>[])[0];
      expect(row?.marketing_opt_in).toBe("no");
      expect(toAdf([sam], DEFAULT_BUSINESS_DETAILS)).toContain("Marketing email consent withdrawn");
    });
  });
});

describe.each(backends())("retention on $name", (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it("deletes leads, quarantined submissions and idempotency keys older than the policy allows, and keeps the rest", async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();
    await db.query(
      `insert into leads (id, destination, form, fields, received_at) values
         ('old-lead', 'ContactUs', 'contact', '{}', $1), ('new-lead', 'ContactUs', 'contact', '{}', $2)`,
      [daysAgo(400), daysAgo(10)],
    );
    await db.query(
      `insert into quarantined_leads (id, reason, destination, fields, received_at) values
         ('old-spam', 'honeypot filled', 'ContactUs', '{}', $1), ('new-spam', 'honeypot filled', 'ContactUs', '{}', $2)`,
      [daysAgo(40), daysAgo(1)],
    );
    await db.query(
      `insert into idempotency_keys (key, client_hash, request_hash, response, created_at) values
         ('old-key-0001', 'c', 'r', '{}', $1), ('new-key-0001', 'c', 'r', '{}', $2)`,
      [daysAgo(2), daysAgo(0.5)],
    );
    await db.query(
      "insert into consent_withdrawals (id, email, source, withdrawn_at) values ('w1', 'a@b.ca', 'unsubscribe link', $1)",
      [daysAgo(3000)],
    );
    const purged = await purgeExpired(db, { leadRetentionDays: 365, quarantineRetentionDays: 30 });
    expect(purged).toEqual({
      leads: 1,
      quarantined: 1,
      idempotencyKeys: 1,
      fleetQuoteLists: 0,
      serviceBookings: 0,
      servicePlans: 0,
    });
    const ids = async (table: string, column = "id") =>
      (await db.query<{ id: string }>(`select ${column} as id from ${table} order by 1`)).map((r) => r.id);
    expect(await ids("leads")).toEqual(["new-lead"]);
    expect(await ids("quarantined_leads")).toEqual(["new-spam"]);
    expect(await ids("idempotency_keys", "key")).toEqual(["new-key-0001"]);
    expect(await ids("consent_withdrawals")).toEqual(["w1"]);
    expect(await purgeExpired(db, { leadRetentionDays: 365, quarantineRetentionDays: 30 })).toEqual({
      leads: 0,
      quarantined: 0,
      idempotencyKeys: 0,
      fleetQuoteLists: 0,
      serviceBookings: 0,
      servicePlans: 0,
    });
  });
});

describe("npm run leads:export", () => {
  it("writes a valid ADF file and a CSV from the database the API uses", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "leads-export-db-"));
    const outDir = mkdtempSync(join(tmpdir(), "leads-export-out-"));
    const db = await openPglite(dataDir);
    await migrate(db);
    await db.query(
      "insert into leads (id, destination, form, fields) values ('lead-1', 'ContactUs', 'contact', $1), ('lead-2', 'VehiclePartsRequest', 'parts-request', $2)",
      [
        JSON.stringify({ first_name: "Dana", email: "dana@example.ca", message: "Six NRRs by spring" }),
        JSON.stringify({ first_name: "Sam", day_phone: "403-555-0101", make: "GMC", parts_required: "Pads" }),
      ],
    );
    await db.close();
    const tsx = new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url).pathname;
    const output = execFileSync(process.execPath, [tsx, "src/leads/export-leads.ts", "--out-dir", outDir], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
    expect(output).toContain("2 lead(s) from the pglite database");
    const [adf, csv] = output.trim().split("\n").slice(1);
    execFileSync("xmllint", ["--noout", "--dtdvalid", ADF_DTD, adf ?? ""], { stdio: "pipe" });
    expect(parseCsv(readFileSync(csv ?? "", "utf8"), { columns: true })).toHaveLength(2);
  }, 30_000);
});
