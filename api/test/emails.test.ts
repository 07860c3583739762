import type { FastifyInstance } from "fastify";
import type { StaffRole } from "shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { BusinessDetailsStore } from "../src/business/business-store.js";
import { DEFAULT_BUSINESS_DETAILS } from "../src/business/default-business-details.js";
import { descriptionHtml } from "../src/content/description-html.js";
import type { Database } from "../src/db/database.js";
import { openPglite } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { smtpTransport, staffMailSender } from "../src/delivery/delivery-setup.js";
import { departmentNotification, failureAlert, visitorConfirmation } from "../src/delivery/lead-messages.js";
import { EMAIL_PREVIEWS } from "../src/emails/previews.js";
import { SAMPLE_ALERT_UNITS, SAMPLE_FLEET_QUOTE_LEAD, SAMPLE_HELD, SAMPLE_UNIT_LEAD } from "../src/emails/samples.js";
import { staffInvitationEmail } from "../src/emails/staff-invitation.js";
import { digestMessage } from "../src/leads/held-enquiries.js";
import { alertEmail, confirmationEmail } from "../src/saved-searches/saved-search-messages.js";
import { StaffStore } from "../src/staff/staff-store.js";
import { SmtpCatcher } from "./smtp-catcher.js";
import { testConfig } from "./test-config.js";

const SITE_URL = "https://summitheavyfleet.ca";
/** What a buyer may type: markup, an ampersand, both quotes, the end of a CDATA section. */
const HOSTILE = `<script>alert("x")</script> & 'Bob's' ]]> <b>`;
/** The same, escaped once, as React writes text into HTML. */
const ESCAPED_ONCE = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;Bob&#x27;s&#x27; ]]&gt; &lt;b&gt;";

const hostileBusiness = { ...DEFAULT_BUSINESS_DETAILS, name: `Summit & "Sons" <Fleet>` };

/** Every email built with the hostile words where a buyer's (or the desk's own) words go. */
function hostileEmails() {
  const context = { business: hostileBusiness, siteUrl: SITE_URL };
  const lead = {
    ...SAMPLE_UNIT_LEAD,
    fields: { ...SAMPLE_UNIT_LEAD.fields, first_name: HOSTILE, company: HOSTILE, message: `${HOSTILE}\n${HOSTILE}` },
  };
  const quote = SAMPLE_FLEET_QUOTE_LEAD.fleet_quote!;
  const fleet = {
    ...SAMPLE_FLEET_QUOTE_LEAD,
    fleet_quote: { ...quote, lines: quote.lines.map((line) => ({ ...line, label: `${line.label} ${HOSTILE}` })) },
  };
  const links = { siteUrl: SITE_URL, id: "search-1", token: "token-1" };
  return {
    desk: departmentNotification(lead, context, "d-1"),
    fleetDesk: departmentNotification(fleet, context, "d-2"),
    visitor: visitorConfirmation(fleet, context, "d-3"),
    confirmation: confirmationEmail("buyer@example.com", HOSTILE, links, hostileBusiness),
    alert: alertEmail(
      "buyer@example.com",
      HOSTILE,
      SAMPLE_ALERT_UNITS.map((unit) => ({ ...unit, title: HOSTILE, photo: `${SITE_URL}/p.jpg?a=1&b=2` })),
      1,
      { ...links, searchUrl: `${SITE_URL}/inventory?a=1&b=2`, lapsesOn: "May 24, 2027" },
      hostileBusiness,
    ),
    digest: digestMessage([{ ...SAMPLE_HELD, reason: HOSTILE, fields: { ...SAMPLE_HELD.fields, message: HOSTILE } }], {
      business: hostileBusiness,
      staffUrl: "https://staff.example",
      secret: Buffer.from("a test's secret"),
    }),
    invitation: staffInvitationEmail({ invitedBy: HOSTILE, link: "https://desk.example/sign-in/link?token=t" }),
    failure: failureAlert(
      { leadId: "lead-1", channel: "webhook", attempts: 6, error: HOSTILE, department: "sales" },
      { business: hostileBusiness, siteUrl: SITE_URL },
    ),
  };
}

describe("the emails' one escape", () => {
  it("writes a buyer's words into the HTML escaped exactly once, and into the text as typed", () => {
    for (const [name, email] of Object.entries(hostileEmails())) {
      const html = email.html ?? "";
      expect(html, name).toMatch(/^<!doctype html><html lang="en-CA">/);
      expect(html, `${name}: escaped once`).toContain(ESCAPED_ONCE);
      expect(html, `${name}: never raw`).not.toContain("<script");
      expect(html, `${name}: never raw`).not.toContain("]]>");
      expect(html, `${name}: never twice`).not.toMatch(/&amp;(amp|lt|gt|quot|#x27|#39);/);
      expect(email.text, `${name}: the text as typed`).toContain(HOSTILE);
      expect(email.text, `${name}: no entity in the text`).not.toMatch(/&(amp|lt|gt|quot|#x27|#39);/);
    }
  });

  it("escapes the dealership's own name once too, and an address's ampersand once inside its attribute", () => {
    const { alert, desk } = hostileEmails();
    expect(desk.html).toContain("Summit &amp; &quot;Sons&quot; &lt;Fleet&gt; website");
    expect(alert.html).toContain(`src="${SITE_URL}/p.jpg?a=1&amp;b=2"`);
    expect(alert.html).toContain(`href="${SITE_URL}/inventory?a=1&amp;b=2"`);
    expect(alert.text).toContain(`${SITE_URL}/inventory?a=1&b=2`);
  });

  it("keeps a line break typed in a message as a break in the HTML", () => {
    expect(hostileEmails().desk.html).toContain(`${ESCAPED_ONCE}<br/>${ESCAPED_ONCE}`);
  });
});

describe("the API's other HTML: React's escape too", () => {
  it("writes a dealer's plain description as paragraphs and breaks, its words escaped once", () => {
    expect(descriptionHtml(`${HOSTILE}\nline two\n\n  second block  \n\n\n`)).toBe(
      `<p>${ESCAPED_ONCE}<br/>line two</p><p>second block</p>`,
    );
    expect(descriptionHtml(" \n\n ")).toBe("");
  });
});

describe("a staff email through SMTP", () => {
  let db: Database;
  let catcher: SmtpCatcher;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    catcher = await new SmtpCatcher().start();
  });
  afterAll(async () => {
    await catcher.stop();
    await db.close();
  });

  it("invites a new member with the invitation's text and HTML, both carrying the one-time link", async () => {
    const config = testConfig({ STAFF_DESK_URL: "https://desk.example", SMTP_URL: catcher.url });
    const store = new StaffStore(db);
    const invited = await store.invite("owner@summit.example", "admin", { id: null, email: "the tests" });
    const signed = await store.useLink(invited.token ?? "");
    const transport = smtpTransport(catcher.url);
    const app = await buildApp(config, {
      db,
      sendStaffMail: staffMailSender(config, transport, new BusinessDetailsStore(db)),
    });
    try {
      const answer = await app.inject({
        method: "POST",
        url: "/api/staff/members",
        headers: { authorization: `Session ${signed?.session ?? ""}` },
        payload: { email: "new.hire@summit.example", role: "marketing" },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const { link } = answer.json() as { link: string };
      const [sent] = catcher.to("new.hire@summit.example");
      expect(sent?.mail.subject).toBe("You are invited to the staff desk");
      expect(sent?.mail.text).toContain("owner@summit.example has invited you");
      expect(sent?.mail.text).toContain(link);
      expect(sent?.mail.html).toMatch(/^<!doctype html><html lang="en-CA">/);
      expect(sent?.mail.html).toContain(`<a href="${link.replaceAll("&", "&amp;")}">`);
    } finally {
      await app.close();
      transport.close();
    }
  });
});

describe("the desk's preview of every email", () => {
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    app = await buildApp(testConfig({ STAFF_DESK_URL: "https://desk.example" }), { db });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const sessionFor = async (email: string, role: StaffRole) => {
    const store = new StaffStore(db);
    const invited = await store.invite(email, role, { id: null, email: "the tests" });
    const signed = await store.useLink(invited.token ?? "");
    return `Session ${signed?.session ?? ""}`;
  };
  const get = (url: string, session: string) => app.inject({ method: "GET", url, headers: { authorization: session } });

  it("lists every email, and renders each from made-up data with the dealership's details", async () => {
    const marketing = await sessionFor("marketing@summit.example", "marketing");
    const list = await get("/api/staff/emails", marketing);
    expect(list.statusCode, list.body).toBe(200);
    const names = (list.json() as { emails: { name: string; title: string }[] }).emails.map((email) => email.name);
    expect(names).toEqual(Object.keys(EMAIL_PREVIEWS));
    for (const name of names) {
      const preview = await get(`/api/staff/emails/${name}`, marketing);
      expect(preview.statusCode, `${name}: ${preview.body}`).toBe(200);
      const { subject, html, text } = preview.json() as { subject: string; html: string | null; text: string };
      expect(subject, name).not.toBe("");
      expect(text, name).not.toBe("");
      if (name === "crm-lead") expect(html).toBeNull();
      else expect(html, name).toMatch(/^<!doctype html>/);
    }
    const desk = (await get("/api/staff/emails/lead-notification", marketing)).json();
    expect(desk.subject).toBe("New Vehicle page contact lead: 2025 Isuzu NPR-HD Gas (stock SAMPLE01) from Sam Sample");
    expect(desk.html).toContain(`${DEFAULT_BUSINESS_DETAILS.name} website`);
    expect(desk.text).toContain("sam.sample@example.com");
    const visitor = (await get("/api/staff/emails/visitor-confirmation", marketing)).json();
    expect(visitor.text).toContain(DEFAULT_BUSINESS_DETAILS.address.line1);
  });

  it("answers 404 for an email it does not send, and 403 to a role without the site's texts", async () => {
    const admin = await sessionFor("admin@summit.example", "admin");
    expect((await get("/api/staff/emails/no-such-email", admin)).statusCode).toBe(404);
    expect((await get("/api/staff/emails/constructor", admin)).statusCode).toBe(404);
    const sales = await sessionFor("sales@summit.example", "sales_manager");
    expect((await get("/api/staff/emails", sales)).statusCode).toBe(403);
    expect((await get("/api/staff/emails/lead-notification", sales)).statusCode).toBe(403);
    expect((await get("/api/staff/emails", "Session nobody")).statusCode).toBe(401);
  });
});
