import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { XMLParser } from "fast-xml-parser";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { MARKETING_CONSENT_TEXT } from "shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { type Database, openPglite } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { loadLeads, toAdf, toCsv } from "../src/leads/lead-export.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { seedIfEmpty } from "../src/seed/seed.js";
import { backends } from "./database-fixtures.js";

const ADF_DTD = new URL("../adf/adf-1.0.dtd", import.meta.url).pathname;
const EXPORT_TOKEN = "export-token-for-tests-0123456789";

/** A person's submission: it has been on screen for a while and the honeypot is empty. */
const person = { fill_ms: 12_000, website: "" };

describe.each(backends())("lead capture on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  const vehicle = generateInventory(150)[0]!;

  beforeAll(async () => {
    db = await backend.open();
    await seedIfEmpty(db, 150);
    app = await buildApp({ db, leads: { rateLimitMax: 1000, exportToken: EXPORT_TOKEN } });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  /** What a browser holds after GET /api/leads/token: the cookies, and the header axios derives from them. */
  async function antiForgery(target = app): Promise<Record<string, string>> {
    const res = await target.inject({ method: "GET", url: "/api/leads/token" });
    expect(res.statusCode).toBe(200);
    const cookies = res.cookies as { name: string; value: string; httpOnly?: boolean }[];
    const token = cookies.find((c) => c.name === "XSRF-TOKEN");
    expect(token?.httpOnly).toBeFalsy();
    expect(cookies.find((c) => c.name !== "XSRF-TOKEN")?.httpOnly).toBe(true);
    return {
      cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; "),
      "x-xsrf-token": token?.value ?? "",
    };
  }

  async function capture(payload: unknown, headers: Record<string, string> = {}, target = app) {
    return target.inject({
      method: "POST",
      url: "/api/leads/capture",
      headers: { ...(await antiForgery(target)), ...headers },
      payload: payload as Record<string, unknown>,
    });
  }
  const leadCount = async () => Number((await db.query<{ n: string }>("select count(*) as n from leads"))[0]?.n);

  it("stores a lead with its form, consent and fields, and answers 201 once it can be read back", async () => {
    const res = await capture({
      ...person,
      form: "contact",
      destination: "ContactUs",
      first_name: "Dana",
      email: "dana@example.ca",
      "-url": "http://localhost/contact",
      marketing_opt_in: true,
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
      fields: Record<string, string>;
    }>("select destination, form, marketing_opt_in, consent_text, fields from leads where id = $1", [id]);
    expect(row).toMatchObject({ destination: "ContactUs", form: "contact", marketing_opt_in: true });
    expect(row?.consent_text).toBe(MARKETING_CONSENT_TEXT);
    expect(row?.fields).toMatchObject({ first_name: "Dana", "-url": "http://localhost/contact" });
    expect(row?.fields).not.toHaveProperty("website");
  });

  it("refuses a write without the anti-forgery header, or with a token that does not match (403)", async () => {
    const lead = { ...person, form: "more-info", destination: "VehicleMoreInfo", stock_number: "X1" };
    const before = await leadCount();
    const bare = await app.inject({ method: "POST", url: "/api/leads/capture", payload: lead });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().message).toBeTruthy();
    const { cookie } = await antiForgery();
    const forged = await app.inject({
      method: "POST",
      url: "/api/leads/capture",
      headers: { cookie, "x-xsrf-token": "forged" },
      payload: lead,
    });
    expect(forged.statusCode).toBe(403);
    expect(await leadCount()).toBe(before);
  });

  it("stores one lead for the same idempotency key sent twice", async () => {
    const lead = { ...person, form: "more-info", destination: "VehicleMoreInfo", stock_number: "ABC" };
    const headers = { "idempotency-key": "retry-test-key-0001" };
    const [a, b] = [await capture(lead, headers), await capture(lead, headers)];
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await db.query("select id from leads where idempotency_key = $1", ["retry-test-key-0001"])).toHaveLength(1);
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

  it("gives spam a normal-looking 201 but quarantines it instead of storing a lead", async () => {
    const before = await leadCount();
    const base = { form: "contact", destination: "ContactUs", first_name: "Bot", email: "bot@example.com" };
    const responses: LightMyRequestResponse[] = [
      await capture({ ...base, fill_ms: 12_000, website: "http://spam.example" }),
      await capture({ ...base, fill_ms: 900 }),
      await capture(base),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(201);
      expect(res.json().id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await leadCount()).toBe(before);
    const reasons = await db.query<{ reason: string }>("select reason from quarantined_leads order by received_at");
    expect(reasons.map((r) => r.reason)).toEqual([
      "honeypot filled",
      "sent 900 ms after the form appeared",
      "no fill time",
    ]);
  });

  it("limits leads per client with a 429 that says why, without affecting other clients", async () => {
    const limited = await buildApp({ db, leads: { rateLimitMax: 2 } });
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
    const failing: Database = {
      ...db,
      async query(sql, params) {
        if (/insert into leads/i.test(sql)) throw new Error("disk full");
        return db.query(sql, params);
      },
    };
    const broken = await buildApp({ db: failing });
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
      const xml = toAdf(leads);
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
      const off = await buildApp({ db });
      expect(
        (await off.inject({ method: "GET", url, headers: { authorization: `Bearer ${EXPORT_TOKEN}` } })).statusCode,
      ).toBe(404);
      await off.close();
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
