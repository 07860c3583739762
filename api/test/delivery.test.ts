import { createServer, type Server } from "node:http";
import type { FastifyInstance } from "fastify";
import {
  LEAD_FIELDS,
  LEAD_FORMS,
  LEAD_TEXT_FIELDS,
  type LeadFormId,
  type LeadTextField,
  MARKETING_CONSENT,
} from "shared-types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { BusinessDetailsStore } from "../src/business/business-store.js";
import type { Database } from "../src/db/database.js";
import { crmEmailSender, departmentEmailSender, webhookSender } from "../src/delivery/channels.js";
import { smtpTransport } from "../src/delivery/delivery-setup.js";
import { type DeliveryLog, DeliveryWorker, type FailedDelivery } from "../src/delivery/delivery-worker.js";
import { departmentOf } from "../src/delivery/departments.js";
import { backoffMs, deliveryHealth } from "../src/delivery/outbox.js";
import {
  verifyWebhookSignature,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from "../src/delivery/webhook-signature.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { seedIfEmpty } from "../src/seed/seed.js";
import { validateAgainstDtd } from "./adf-dtd.js";
import { backends } from "./database-fixtures.js";
import { captureLead, startedAgo } from "./lead-client.js";
import { eventually, SmtpCatcher } from "./smtp-catcher.js";
import { testConfig } from "./test-config.js";

const SIGNING_SECRET = "signing-secret-for-tests-0123456789abcdef";
const WEBHOOK_SECRET = "webhook-secret-for-tests-0123456789abcdef";
const ADMIN_TOKEN = "admin-token-for-tests-0123456789-abcdefghij";
const ADDRESSES = {
  crm: "crm@dealer-crm.test",
  departments: { sales: "sales@fleet.test", service: "service@fleet.test", parts: "parts@fleet.test" },
  operations: "ops@fleet.test",
};
const SITE_URL = "https://fleet.test";
const vehicle = generateInventory(150)[0]!;

/** One real submission per form, typed over every form id: a new form without an example does not compile. */
const EXAMPLES: Record<LeadFormId, Record<string, unknown>> = {
  contact: { first_name: "Casey", email: "casey@example.ca", message: "Call me about a fleet of vans" },
  "more-info": { first_name: "Morgan", email: "morgan@example.ca", stock_number: vehicle.stock_number },
  inquiry: { model: "Isuzu NRR", customer_action: "More information request for Isuzu NRR", email: "ina@example.ca" },
  quote: { model: "Isuzu NPR-HD", customer_action: "Quote request for Isuzu NPR-HD", email: "quinn@example.ca" },
  "vehicle-contact": {
    first_name: "Val",
    last_name: "Hughes",
    company: "Hughes Landscaping Ltd.",
    email: "val@hughes.example",
    day_phone: "403-555-0199",
    message: "Is this one still available? We need it by March.",
    stock_number: vehicle.stock_number,
    vin: vehicle.vin,
    marketing_opt_in: true,
    consent_version: MARKETING_CONSENT.version,
  },
  "service-request": { first_name: "Sam", email: "sam@example.ca", v_make: "Isuzu", v_model: "NPR", message: "Brakes" },
  "parts-request": {
    first_name: "Pat",
    email: "pat@example.ca",
    make: "GMC",
    model: "Savana",
    parts_required: "Two front brake pads",
  },
  "service-booking": { first_name: "Bo", email: "bo@example.ca", message: "Body shop estimate, Tuesday" },
  "trailer-enquiry": { first_name: "Tai", email: "tai@example.ca", stock_number: "TR410281", model: "Cargo 7x16" },
  "vehicle-finder": { first_name: "Fin", email: "fin@example.ca", make: "Isuzu", model: "FTR" },
  // sent with a list of vehicles: fleet-quote.test.ts fills one and sends it
  "fleet-quote": {
    company: "Bow River Couriers",
    first_name: "Fran",
    last_name: "Lee",
    email: "fran@bowriver.example",
    day_phone: "403-555-0142",
  },
};
/** The forms a lead is sent with alone; the fleet quote also needs its list (fleet-quote.test.ts). */
const SINGLE_FORMS = (Object.keys(EXAMPLES) as LeadFormId[]).filter((form) => form !== "fleet-quote");

const submission = (form: LeadFormId, extra: Record<string, unknown> = {}) => ({
  form,
  destination: LEAD_FORMS[form].destination,
  form_started: startedAgo(SIGNING_SECRET, 10_000),
  website: "",
  "-url": `${SITE_URL}/somewhere`,
  ...EXAMPLES[form],
  ...extra,
});

/** A CRM that takes JSON: checks each request's signature as a receiver must, and can be told to fail. */
class WebhookReceiver {
  readonly received: { body: Record<string, unknown>; delivery: string; signatureValid: boolean }[] = [];
  answer = 200;
  private server: Server | null = null;
  port = 0;

  async start() {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (c: Buffer) => chunks.push(c));
      request.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const signatureValid = verifyWebhookSignature(
          WEBHOOK_SECRET,
          raw,
          request.headers[WEBHOOK_SIGNATURE_HEADER] as string | undefined,
        );
        if (this.answer === 200 && signatureValid) {
          this.received.push({
            body: JSON.parse(raw),
            delivery: String(request.headers[WEBHOOK_DELIVERY_HEADER]),
            signatureValid,
          });
        }
        response.writeHead(signatureValid ? this.answer : 401).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
    return this;
  }
  get url() {
    return `http://127.0.0.1:${this.port}/leads`;
  }
  close() {
    return new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

/** The log lines a worker wrote. */
function recordingLog(): DeliveryLog & { lines: { level: string; facts: Record<string, unknown>; message: string }[] } {
  const lines: { level: string; facts: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (facts: object, message: string) =>
    void lines.push({ level, facts: facts as Record<string, unknown>, message });
  return { lines, info: at("info"), warn: at("warn"), error: at("error") };
}

const adfIsValid = (xml: string) => {
  validateAgainstDtd(xml);
  return true;
};

describe.each(backends())("lead delivery on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  let smtp: SmtpCatcher;
  let webhook: WebhookReceiver;
  let worker: DeliveryWorker;
  let transport: ReturnType<typeof smtpTransport>;
  const failures: FailedDelivery[] = [];
  const log = recordingLog();

  beforeAll(async () => {
    db = await backend.open();
    await seedIfEmpty(db, 150);
    smtp = await new SmtpCatcher().start();
    webhook = await new WebhookReceiver().start();
    transport = smtpTransport(smtp.url);
    const business = new BusinessDetailsStore(db);
    worker = new DeliveryWorker({
      db,
      senders: {
        "crm-email": crmEmailSender(transport, ADDRESSES),
        "department-email": departmentEmailSender(transport, ADDRESSES),
        webhook: webhookSender({ url: webhook.url, secret: WEBHOOK_SECRET }),
      },
      business: () => business.get(),
      siteUrl: SITE_URL,
      retry: { baseDelayMs: 20, maxDelayMs: 200, maxAttempts: 6 },
      pollMs: 50,
      leaseMs: 5_000,
      log,
      onFailed: async (failure) => void failures.push(failure),
    });
    const config = testConfig({
      PUBLIC_SITE_URL: SITE_URL,
      ADMIN_TOKEN,
      LEAD_RATE_LIMIT_MAX: 10_000,
      LEAD_SIGNING_SECRET: SIGNING_SECRET,
      LEADS_WEBHOOK_URL: webhook.url,
      LEADS_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    app = await buildApp(config, { db, delivery: worker });
    worker.start();
  }, 60_000);
  afterAll(async () => {
    await worker.stop();
    transport.close();
    await app.close();
    await smtp.stop();
    await webhook.close();
    await db.close();
  });
  beforeEach(() => {
    smtp.mode = "accept";
    webhook.answer = 200;
  });

  const store = async (form: LeadFormId, extra: Record<string, unknown> = {}) => {
    const res = await captureLead(app, submission(form, extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const statuses = (leadId: string) =>
    db.query<{ channel: string; status: string; attempts: number; last_error: string }>(
      "select channel, status, attempts, last_error from lead_deliveries where lead_id = $1 order by channel",
      [leadId],
    );
  const allDelivered = async (ids: string[]) =>
    (
      await db.query<{ n: number }>(
        "select count(*)::int as n from lead_deliveries where lead_id = any($1) and status = 'delivered'",
        [ids],
      )
    )[0]?.n ===
    ids.length * 3;
  const mailsAbout = (leadId: string) => smtp.mails.filter((m) => m.raw.includes(leadId));

  it("lets nothing a visitor types steer a message: one bare Reply-To or none, no header, markup or foreign link", async () => {
    // every field a visitor types, and the hidden one a page fills from what it shows
    const FIELDS = [...(Object.keys(LEAD_TEXT_FIELDS) as LeadTextField[]), "customer_action"] as const;
    const headerInjection = "x@example.ca\r\nBcc: victim@victim.example\r\nX-Injected: yes";
    const markup = `"><script>alert(1)</script><a href="https://evil.example/phish">Click</a>&amp;<![CDATA[x]]>`;
    const steeringEmail = "Summit Sales Manager <attacker@evil.example>, third-party@victim.example";
    const stored: { id: string; form: LeadFormId; email: string; url: string }[] = [];
    const refusedFor = new Set<string>();
    for (const form of SINGLE_FORMS) {
      for (const field of FIELDS) {
        // a line break where a field is one line is refused, naming the field; where it is allowed it stays text
        const crlf = await captureLead(app, submission(form, { [field]: headerInjection }));
        expect([201, 400], `${form} ${field}: ${crlf.body}`).toContain(crlf.statusCode);
        if (crlf.statusCode === 400) expect(crlf.json().fields).toHaveProperty(field);
        else {
          const email = field === "email" ? headerInjection : String(EXAMPLES[form].email ?? "");
          stored.push({ id: crlf.json().id, form, email, url: `${SITE_URL}/somewhere` });
        }
      }
      // markup in every field (within each field's length), a link where a field is long enough to hold one
      // (a field of a fixed shape, such as a GM FAN, takes nothing else: the steering above shows it refused)
      const every = {
        ...Object.fromEntries(
          FIELDS.filter((field) => !("format" in LEAD_FIELDS[field])).map((field) => [field, `"'><script>1</script>`]),
        ),
        company: markup,
        message: markup,
        parts_required: markup,
      };
      for (const email of [steeringEmail, `${EXAMPLES[form].email ?? "a@example.ca"}`]) {
        const res = await captureLead(
          app,
          submission(form, { ...every, email, "-url": "https://evil.example/steer?x=1", stock_number: "" }),
        );
        // a form that checks the email's format refuses the steering one (the contact form, as SPEC has it, does not)
        if (res.statusCode === 400) {
          expect(res.json().fields, `${form}: ${res.body}`).toHaveProperty("email");
          refusedFor.add(form);
          continue;
        }
        expect(res.statusCode, `${form}: ${res.body}`).toBe(201);
        // a source page on another origin is dropped: the lead keeps none
        stored.push({ id: res.json().id, form, email, url: "" });
      }
    }
    // the reproduction: the contact form took the steering address as typed
    expect(stored.some((lead) => lead.form === "contact" && lead.email === steeringEmail)).toBe(true);
    expect(refusedFor.has("contact")).toBe(false);
    await eventually(() => allDelivered(stored.map((lead) => lead.id)), "every delivery", 30_000);

    for (const lead of stored) {
      // (a body may be encoded: the id is looked for in what a mail client reads)
      const mails = smtp.mails.filter((m) => `${m.mail.text ?? ""}${m.mail.subject ?? ""}`.includes(lead.id));
      expect(mails, lead.form).toHaveLength(2);
      for (const mail of mails) {
        const head = mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n"));
        expect(head, lead.form).not.toMatch(/^(bcc|x-injected):/im);
        expect(mail.to.every((to) => !to.includes("victim") && !to.includes("evil"))).toBe(true);
        // the lead's source page from another origin is nowhere; words typed in a message stay words, never a link
        expect(`${mail.raw}${mail.mail.text ?? ""}${mail.mail.html || ""}`).not.toContain("evil.example/steer");
        if (mail.mail.html) {
          expect(mail.mail.html).not.toContain("<script");
          expect(mail.mail.html).not.toMatch(/href="[^"]*evil\.example/);
        }
      }
      const notice = mails.find((m) => !m.to.includes(ADDRESSES.crm))!.mail;
      const replyTo = notice.replyTo?.value ?? [];
      if (lead.email && lead.email === EXAMPLES[lead.form].email)
        expect(replyTo.map((r) => r.address)).toEqual([lead.email]);
      else expect(replyTo, `${lead.form}: ${lead.email}`).toEqual([]);
      expect(notice.headers.get("reply-to") === undefined || replyTo.length === 1).toBe(true);
      const adf = mails.find((m) => m.to.includes(ADDRESSES.crm))!.mail.text ?? "";
      expect(adfIsValid(adf)).toBe(true);
      expect(adf).toContain(`<url>${SITE_URL}</url>`);
      const hook = webhook.received.find((r) => (r.body.lead as { id: string }).id === lead.id)!;
      expect((hook.body.lead as { fields: Record<string, string> }).fields["-url"]).toBe(lead.url);
    }
  }, 60_000);

  it("delivers every form's lead to the CRM as valid ADF, to the right desk's inbox, and to the webhook", async () => {
    const ids = {} as Partial<Record<LeadFormId, string>>;
    for (const form of SINGLE_FORMS) ids[form] = await store(form);
    await eventually(() => allDelivered(Object.values(ids)), "every delivery");

    for (const [form, id] of Object.entries(ids) as [LeadFormId, string][]) {
      const crm = smtp.to(ADDRESSES.crm).filter((m) => m.raw.includes(id));
      expect(crm, `${form}: one ADF email`).toHaveLength(1);
      const adf = crm[0]!.mail.text ?? "";
      expect(adfIsValid(adf)).toBe(true);
      expect(adf).toContain(`<id sequence="1" source="summitheavyfleet.ca">${id}</id>`);
      expect(crm[0]!.mail.attachments[0]?.content.toString()).toBe(adf);

      const desk = ADDRESSES.departments[departmentOf(form)];
      const notices = smtp.mails.filter((m) => m.raw.includes(id) && !m.to.includes(ADDRESSES.crm));
      expect(
        notices.map((m) => m.to),
        `${form} goes to ${desk} only`,
      ).toEqual([[desk]]);
      const notice = notices[0]!.mail;
      expect(notice.replyTo?.value[0]?.address).toBe(EXAMPLES[form].email);
      expect(notice.text).toContain(LEAD_FORMS[form].title);
      expect(notice.html).toContain(
        `<td style="border-bottom:1px solid #ddd;overflow-wrap:anywhere">${EXAMPLES[form].email}</td>`,
      );

      const hook = webhook.received.filter((r) => (r.body.lead as { id: string }).id === id);
      expect(hook).toHaveLength(1);
      expect(hook[0]!.body).toMatchObject({ type: "lead.created", department: departmentOf(form) });
    }

    // a lead about a unit in stock: the unit's facts in the ADF, and a link to its page in the desk's email
    const unitAdf = smtp.to(ADDRESSES.crm).find((m) => m.raw.includes(ids["vehicle-contact"]!))!.mail.text ?? "";
    expect(unitAdf).toContain(`<stock>${vehicle.stock_number}</stock>`);
    expect(unitAdf).toContain(`<vin>${vehicle.vin}</vin>`);
    expect(unitAdf).toContain(`<year>${vehicle.year}</year>`);
    expect(unitAdf).toContain(`<odometer status="original" units="km">${vehicle.odometer}</odometer>`);
    expect(unitAdf).toMatch(/<price type="(asking|call)" currency="CAD">/);
    expect(unitAdf).toContain("Is this one still available? We need it by March.");
    const unitNotice = smtp.to(ADDRESSES.departments.sales).find((m) => m.raw.includes(ids["vehicle-contact"]!))!.mail;
    expect(unitNotice.subject).toContain(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
    expect(unitNotice.subject).toContain("Val Hughes");
    expect(unitNotice.text).toContain(`${SITE_URL}/inventory/vehicle/${vehicle.stock_number}`);
    expect(unitNotice.html).toContain(`<a href="${SITE_URL}/inventory/vehicle/${vehicle.stock_number}">`);
    // CASL: the desk sees whether it may send offers, with the wording's version
    expect(unitNotice.text).toMatch(
      new RegExp(`Marketing email: +Yes: opted in .* consent wording ${MARKETING_CONSENT.version}`),
    );
    const noOptIn = smtp.to(ADDRESSES.departments.parts).find((m) => m.raw.includes(ids["parts-request"]!))!.mail;
    expect(noOptIn.text).toMatch(/Marketing email: +No: the visitor did not opt in/);

    const health = (await app.inject({ method: "GET", url: "/api/health/deliveries" })).json();
    expect(health).toMatchObject({ ok: true, pending: 0, failed: 0 });
    expect(health.speed_to_lead_ms.p95).toBeGreaterThanOrEqual(health.speed_to_lead_ms.p50);
    expect(health.speed_to_lead_ms.count).toBeGreaterThanOrEqual(30);
  }, 60_000);

  it("SMTP down for a while, then back: every lead is delivered exactly once", async () => {
    await smtp.stop();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(await store(i % 2 ? "contact" : "service-request", { message: `outage ${i}` }));
    // they are tried and fail while the server is away...
    await eventually(
      async () => (await statuses(ids[0]!)).some((s) => s.channel === "crm-email" && s.attempts >= 2),
      "a second try during the outage",
    );
    expect((await statuses(ids[0]!)).find((s) => s.channel === "crm-email")?.last_error).toMatch(/ECONNREFUSED/);
    expect((await app.inject({ method: "GET", url: "/api/health/deliveries" })).json().pending).toBeGreaterThan(0);
    // ...and a server that is back but refusing for now (421) is tried again too
    await smtp.start();
    smtp.mode = "tempfail";
    await new Promise((resolve) => setTimeout(resolve, 300));
    smtp.mode = "accept";
    await eventually(() => allDelivered(ids), "every delivery after the outage");
    for (const id of ids) expect(mailsAbout(id), id).toHaveLength(2);
    expect(failures).toHaveLength(0);
  }, 60_000);

  it("a webhook that fails is retried; one that is refused for good raises an alert and a re-send delivers it", async () => {
    webhook.answer = 503;
    const id = await store("quote");
    await eventually(
      async () => (await statuses(id)).find((s) => s.channel === "webhook")?.status === "failed",
      "the webhook delivery to fail after its last try",
    );
    const webhookStatus = (await statuses(id)).find((s) => s.channel === "webhook")!;
    expect(webhookStatus).toMatchObject({ attempts: 6, last_error: "webhook answered 503" });
    // the email channels were not held back by the failing one
    expect((await statuses(id)).filter((s) => s.status === "delivered").map((s) => s.channel)).toEqual([
      "crm-email",
      "department-email",
    ]);
    // loud: an error line naming the lead, the alert hook, and a health endpoint that says so
    expect(log.lines).toContainEqual(
      expect.objectContaining({ level: "error", facts: expect.objectContaining({ leadId: id, channel: "webhook" }) }),
    );
    expect(failures).toContainEqual(expect.objectContaining({ leadId: id, channel: "webhook", attempts: 6 }));
    // (on the internal listener: the same answer for everyone there, whatever token is sent or not)
    const unhealthy = await app.inject({ method: "GET", url: "/api/health/deliveries" });
    expect(unhealthy.statusCode).toBe(503);
    expect(unhealthy.json()).toMatchObject({ ok: false, failed: 1 });
    expect(unhealthy.json().recent_failures[0]).toMatchObject({ lead_id: id, channel: "webhook" });
    const withToken = await app.inject({
      method: "GET",
      url: "/api/health/deliveries",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(withToken.body).toBe(unhealthy.body);

    // the receiver is fixed; operations re-send
    webhook.answer = 200;
    const refused = await app.inject({ method: "POST", url: "/api/deliveries/resend", payload: {} });
    expect(refused.statusCode).toBe(401);
    const badId = await app.inject({
      method: "POST",
      url: "/api/deliveries/resend",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { lead_id: "not-a-lead-id" },
    });
    expect(badId.statusCode).toBe(400);
    const resent = await app.inject({
      method: "POST",
      url: "/api/deliveries/resend",
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { lead_id: id },
    });
    expect(resent.json()).toEqual({ resent: 1 });
    await eventually(() => allDelivered([id]), "the re-sent webhook delivery");
    expect(webhook.received.filter((r) => (r.body.lead as { id: string }).id === id)).toHaveLength(1);
    expect((await deliveryHealth(db)).failed).toBe(0);
  }, 60_000);

  it("a webhook request with a forged or altered body does not verify", () => {
    const body = JSON.stringify({ lead: { id: "x" } });
    const signature = `sha256=${"0".repeat(64)}`;
    expect(verifyWebhookSignature(WEBHOOK_SECRET, body, signature)).toBe(false);
    expect(verifyWebhookSignature(WEBHOOK_SECRET, body, undefined)).toBe(false);
  });

  it("the stored consent record names the wording, its version, the time and the form", async () => {
    const id = await store("vehicle-contact");
    const [row] = await db.query<Record<string, unknown>>(
      "select form, consent_text, consent_version, received_at, marketing_opt_in from leads where id = $1",
      [id],
    );
    expect(row).toMatchObject({
      form: "vehicle-contact",
      consent_text: MARKETING_CONSENT.text,
      consent_version: MARKETING_CONSENT.version,
      marketing_opt_in: true,
    });
    expect(row?.received_at).toBeTruthy();
    await eventually(() => allDelivered([id]), "the consent lead's deliveries");
    const hook = webhook.received.find((r) => (r.body.lead as { id: string }).id === id)!;
    expect((hook.body.lead as { marketing_consent: unknown }).marketing_consent).toMatchObject({
      opted_in: true,
      wording: MARKETING_CONSENT.text,
      version: MARKETING_CONSENT.version,
      form: "vehicle-contact",
    });
  }, 30_000);
});

describe("retry timing", () => {
  it("doubles from the base up to the ceiling, jittered within the upper half", () => {
    const policy = { baseDelayMs: 1000, maxDelayMs: 30_000, maxAttempts: 60 };
    expect(backoffMs(policy, 1, () => 0)).toBe(500);
    expect(backoffMs(policy, 1, () => 1)).toBe(1000);
    expect(backoffMs(policy, 3, () => 1)).toBe(4000);
    expect(backoffMs(policy, 20, () => 1)).toBe(30_000);
    expect(backoffMs(policy, 20, () => 0)).toBe(15_000);
  });
});
