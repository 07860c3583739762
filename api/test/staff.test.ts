import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import type { DeskSpecial, LedgerLead, Promotion, StaffRole } from "shared-types";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.js";
import type { Database } from "../src/db/database.js";
import { COMMAND_LINE_ACTOR } from "../src/staff/audit.js";
import { STAFF_TIMES, StaffStore } from "../src/staff/staff-store.js";
import { backends } from "./database-fixtures.js";
import { testConfig } from "./test-config.js";

const CLI_TOKEN = "cli-token-for-tests-0123456789abcdef";

describe.each(backends())("the staff desk's API on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  let clock = Date.now();
  const mail: { to: string; subject: string; text: string }[] = [];

  beforeAll(async () => {
    db = await backend.open();
    const config = testConfig({
      PHOTO_DIR: mkdtempSync(join(tmpdir(), "staff-photos-")),
      FEED_PHOTO_TIMEOUT_MS: 1000,
      FEED_PHOTO_MAX_BYTES: 5_000_000,
      FEED_PHOTO_MAX_PIXELS: 50_000_000,
      STAFF_DESK_URL: "https://desk.example",
    });
    app = await buildApp(config, {
      db,
      cliToken: CLI_TOKEN,
      sendStaffMail: async (message) => {
        mail.push(message);
      },
      now: () => clock,
    });
    const lead = (id: string, form: string, name: string) =>
      db.query("insert into leads (id, destination, form, fields) values ($1, 'ContactUs', $2, $3)", [
        id,
        form,
        JSON.stringify({ first_name: name, email: `${name.toLowerCase()}@fleet.example` }),
      ]);
    await lead("lead-sales-1", "contact", "Dana");
    await db.query(
      "insert into vehicles (stock_number, vin, year, make, model, condition, listed_at, full_price, low_price) values ('U100', '1GTP9EEL0KZ000001', 2026, 'GMC', 'Sierra 2500HD', 'new', '2026-11-01', 90000, 85000)",
    );
    await lead("lead-service-1", "service-request", "Eli");
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const invite = async (email: string, role: string) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/staff/members",
      headers: { authorization: `Bearer ${CLI_TOKEN}` },
      payload: { email, role },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { link: string | null }).link;
  };
  const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";
  const followLink = (token: string) =>
    app.inject({ method: "POST", url: "/api/staff/sign-in/link", payload: { token } });
  /** A session for a member in this role: invited the first time, then signed in by a link of their own. */
  const signIn = async (email: string, role: StaffRole) => {
    const enrol = await invite(email, role);
    const store = new StaffStore(db, () => clock);
    const member = await store.memberByEmail(email);
    if (member && member.role !== role) await store.changeRole(member.id, role, COMMAND_LINE_ACTOR);
    const token = enrol ? tokenOf(enrol) : ((await store.signInLink(email))?.token ?? "");
    const res = await followLink(token);
    expect(res.statusCode, res.body).toBe(200);
    return `Session ${(res.json() as { session: string }).session}`;
  };
  const as = (session: string, method: "GET" | "POST", url: string) =>
    app.inject({ method, url, headers: { authorization: session } });

  it("signs a member in once with an enrolment link, and never again with the same link", async () => {
    const link = (await invite("Owner@Summit.example", "admin")) ?? "";
    expect(link).toMatch(/^https:\/\/desk\.example\/sign-in\/link\?token=[\w-]{43}$/);
    const first = await followLink(tokenOf(link));
    expect(first.statusCode).toBe(200);
    const session = `Session ${first.json().session}`;
    expect((await as(session, "GET", "/api/staff/me")).json()).toMatchObject({
      member: { email: "owner@summit.example", role: "admin" },
    });
    const again = await followLink(tokenOf(link));
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toMatch(/used or has expired/);
  });

  it("emails a sign-in link that works for 15 minutes, and answers the same for an address it does not know", async () => {
    await invite("sales@summit.example", "sales_manager");
    mail.length = 0;
    const known = await app.inject({
      method: "POST",
      url: "/api/staff/sign-in/email",
      payload: { email: "sales@summit.example" },
    });
    const unknown = await app.inject({
      method: "POST",
      url: "/api/staff/sign-in/email",
      payload: { email: "stranger@example.com" },
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    // sent after the answer (queued), so the answer's time tells nobody who is a member
    await vi.waitFor(() => expect(mail.map((m) => m.to)).toEqual(["sales@summit.example"]));
    const token = /token=([\w-]{43})/.exec(mail[0]?.text ?? "")?.[1] ?? "";
    clock += STAFF_TIMES.signInLinkMs + 1000;
    expect((await followLink(token)).statusCode).toBe(401);
    clock = Date.now();
  });

  it("ends a session left idle, and one signed out", async () => {
    const session = await signIn("idle@summit.example", "marketing");
    expect((await as(session, "GET", "/api/staff/me")).statusCode).toBe(200);
    clock += STAFF_TIMES.idleMs + 1000;
    expect((await as(session, "GET", "/api/staff/me")).statusCode).toBe(401);
    clock = Date.now();
    const other = await signIn("idle@summit.example", "marketing");
    expect((await as(other, "POST", "/api/staff/sign-out")).statusCode).toBe(204);
    expect((await as(other, "GET", "/api/staff/me")).statusCode).toBe(401);
  });

  it("shows each role its own department's leads and refuses the rest (403)", async () => {
    const sales = await signIn("sales@summit.example", "sales_manager");
    const service = await signIn("service@summit.example", "service_manager");
    const marketing = await signIn("marketing@summit.example", "marketing");
    const ids = async (session: string) =>
      ((await as(session, "GET", "/api/staff/leads")).json() as { leads: { id: string }[] }).leads.map((l) => l.id);
    expect(await ids(sales)).toEqual(["lead-sales-1"]);
    expect(await ids(service)).toEqual(["lead-service-1"]);
    expect((await as(marketing, "GET", "/api/staff/leads")).statusCode).toBe(403);
    expect((await as(sales, "GET", "/api/staff/leads?department=service")).statusCode).toBe(403);
    expect((await as(sales, "POST", "/api/staff/leads/lead-service-1/claim")).statusCode).toBe(403);
    expect((await as(sales, "GET", "/api/staff/audit")).statusCode).toBe(403);
    expect((await as(sales, "GET", "/api/staff/members")).statusCode).toBe(403);
    const invitation = await app.inject({
      method: "POST",
      url: "/api/staff/members",
      headers: { authorization: sales },
      payload: { email: "friend@example.com", role: "admin" },
    });
    expect(invitation.statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/staff/leads" })).statusCode).toBe(401);
  });

  it("records who claimed a lead and when it was answered, once, with an audit row for each change", async () => {
    const sales = await signIn("sales@summit.example", "sales_manager");
    const admin = await signIn("owner@summit.example", "admin");
    expect((await as(sales, "POST", "/api/staff/leads/lead-sales-1/claim")).json()).toEqual({ outcome: "claimed" });
    expect((await as(admin, "POST", "/api/staff/leads/lead-sales-1/claim")).statusCode).toBe(409);
    expect((await as(sales, "POST", "/api/staff/leads/lead-sales-1/contacted")).json()).toEqual({
      outcome: "contacted",
    });
    const contacted = (await as(sales, "GET", "/api/staff/leads?state=contacted")).json();
    const [lead] = contacted.leads;
    expect(contacted.speed).toEqual([
      {
        department: "sales",
        leads: 1,
        contacted: 1,
        median_minutes: expect.any(Number),
        p90_minutes: expect.any(Number),
      },
    ]);
    expect(lead).toMatchObject({ id: "lead-sales-1", claimed_by: "sales@summit.example", name: "Dana" });
    expect(lead.contacted_at).toBeTruthy();
    const audit = (await as(admin, "GET", "/api/staff/audit")).json().entries as {
      action: string;
      subject: string;
      staff_email: string;
      before: unknown;
      after: { claimed_by?: string };
    }[];
    expect(audit.filter((e) => e.subject === "lead:lead-sales-1").map((e) => e.action)).toEqual([
      "lead.contacted",
      "lead.claim",
    ]);
    expect(audit.find((e) => e.action === "lead.claim")).toMatchObject({
      staff_email: "sales@summit.example",
      before: { claimed_by: null },
      after: { claimed_by: "sales@summit.example" },
    });
    expect(audit.some((e) => e.action === "staff.invite" && e.subject === "staff:owner@summit.example")).toBe(true);
  });

  it("lists held enquiries with why each was held; a desk releases one into delivery and discards another", async () => {
    const hold = (id: string, name: string) =>
      db.query(
        "insert into quarantined_leads (id, reason, destination, fields) values ($1, 'filled in 1 s after the page was served', 'ContactUs', $2)",
        [id, JSON.stringify({ form: "contact", first_name: name, email: `${name.toLowerCase()}@fleet.example` })],
      );
    await hold("held-1", "Hana");
    await hold("held-2", "Ivo");
    const sales = await signIn("sales@summit.example", "sales_manager");
    const service = await signIn("service@summit.example", "service_manager");
    const listed = (await as(sales, "GET", "/api/staff/held")).json().held as { id: string; reason: string }[];
    expect(listed.map((h) => h.id).sort()).toEqual(["held-1", "held-2"]);
    expect(listed[0]?.reason).toBe("filled in 1 s after the page was served");
    expect((await as(service, "GET", "/api/staff/held")).json().held).toEqual([]);
    expect((await as(service, "POST", "/api/staff/held/held-1/release")).statusCode).toBe(403);
    expect((await as(sales, "POST", "/api/staff/held/held-1/release")).json()).toEqual({ outcome: "released" });
    expect((await as(sales, "POST", "/api/staff/held/held-2/discard")).json()).toEqual({ outcome: "discarded" });
    expect((await as(sales, "GET", "/api/staff/held")).json().held).toEqual([]);
    const ledger = (await as(sales, "GET", "/api/staff/leads?q=hana")).json().leads as { id: string }[];
    expect(ledger.map((l) => l.id)).toEqual(["held-1"]);
    const [deliveries] = await db.query<{ count: number }>(
      "select count(*)::int as count from lead_deliveries where lead_id = 'held-1'",
    );
    expect(deliveries?.count).toBeGreaterThan(0);
    expect((await as(sales, "POST", "/api/staff/held/held-2/release")).statusCode).toBe(404);
  });

  it("lets an admin change the dealership's details and closures (audited), and no other role", async () => {
    const admin = await signIn("owner@summit.example", "admin");
    const sales = await signIn("sales@summit.example", "sales_manager");
    expect((await as(sales, "GET", "/api/staff/business")).statusCode).toBe(403);
    const details = (await as(admin, "GET", "/api/staff/business")).json();
    const closure = { from: "2026-12-25", to: "2026-12-26", note: "Christmas", departments: ["sales", "service"] };
    const put = await app.inject({
      method: "PUT",
      url: "/api/staff/business",
      headers: { authorization: admin },
      payload: { ...details, phone_sales: "403-555-0199", closures: [closure] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const shown = (await app.inject({ url: "/api/business-details" })).json();
    expect(shown).toMatchObject({ phone_sales: "403-555-0199", closures: [closure] });
    const backwards = await app.inject({
      method: "PUT",
      url: "/api/staff/business",
      headers: { authorization: admin },
      payload: { ...details, closures: [{ ...closure, from: "2026-12-27" }] },
    });
    expect(backwards.statusCode).toBe(400);
    const audit = (await as(admin, "GET", "/api/staff/audit")).json().entries as {
      action: string;
      before: { phone_sales: string };
      after: { phone_sales: string };
    }[];
    const change = audit.find((entry) => entry.action === "business.update");
    expect(change?.before.phone_sales).toBe(details.phone_sales);
    expect(change?.after.phone_sales).toBe("403-555-0199");
  });

  it("exports the ledger as it is filtered, as CSV a spreadsheet cannot run (formula-safe), and records the export", async () => {
    await db.query("insert into leads (id, destination, form, fields) values ($1, 'ContactUs', 'contact', $2)", [
      "lead-formula",
      JSON.stringify({ first_name: '=HYPERLINK("http://evil.example")', email: "formula@fleet.example" }),
    ]);
    const sales = await signIn("sales@summit.example", "sales_manager");
    const res = await as(sales, "GET", "/api/staff/leads.csv?q=formula");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"$/);
    const [header, row, ...rest] = res.body.trim().split("\n");
    expect(header).toBe(
      "id,received_at,form,department,name,email,phone,deliveries,claimed_by,claimed_at,contacted_at",
    );
    expect(rest).toEqual([]);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const service = await signIn("service@summit.example", "service_manager");
    expect((await as(service, "GET", "/api/staff/leads.csv?q=formula")).body.trim().split("\n")).toHaveLength(1);
    const admin = await signIn("owner@summit.example", "admin");
    const audit = (await as(admin, "GET", "/api/staff/audit")).json().entries as {
      action: string;
      staff_email: string;
    }[];
    expect(audit.filter((e) => e.action === "leads.export").map((e) => e.staff_email)).toEqual([
      "service@summit.example",
      "sales@summit.example",
    ]);
  });

  it("lets a sales manager change a unit's price with a reason (never without one), and a service manager not at all", async () => {
    const sales = await signIn("sales@summit.example", "sales_manager");
    const service = await signIn("service@summit.example", "service_manager");
    expect((await as(service, "GET", "/api/staff/units?q=U100")).statusCode).toBe(403);
    expect(
      (await as(sales, "GET", "/api/staff/units?q=sierra"))
        .json()
        .units.map((u: { stock_number: string }) => u.stock_number),
    ).toEqual(["U100"]);
    const change = (payload: Record<string, unknown>) =>
      app.inject({ method: "POST", url: "/api/staff/units/U100", headers: { authorization: sales }, payload });
    const noReason = await change({ sale_price: 82_000, reason: "" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toEqual(["Say why (at least 3 characters): it is kept with the change"]);
    const changed = await change({
      sale_price: 82_000,
      status: "sale_pending",
      reason: "Fleet deal with Prairie Haulage",
    });
    expect(changed.json()).toMatchObject({
      sale_price: 82_000,
      status: "sale_pending",
      staff_override: {
        sale_price: 82_000,
        status: "sale_pending",
        reason: "Fleet deal with Prairie Haulage",
        by: "sales@summit.example",
      },
    });
    expect((await as(sales, "POST", "/api/staff/units/U100/clear")).json().staff_override).toBeNull();
  });

  it("keeps the audit log append-only: the database refuses to change or delete a row", async () => {
    await expect(db.query("update staff_audit set action = 'nothing'")).rejects.toThrow(/append-only/);
    await expect(db.query("delete from staff_audit")).rejects.toThrow(/append-only/);
  });

  it("refuses a malformed token with a reason, and counts it as a failed sign-in", async () => {
    const res = await followLink("not-a-token");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/body/);
  });

  it("escalates a lead nobody claims within 60 minutes of its department's open hours to its manager, once", async () => {
    const saved = clock;
    try {
      await invite("sales.lead@summit.example", "sales_manager");
      // a Monday in Calgary, 09:30: the sales desk opens at 08:00
      await db.query(
        "insert into leads (id, destination, form, fields, received_at) values ('lead-waiting', 'ContactUs', 'contact', $1, '2026-11-23T16:30:00Z')",
        [JSON.stringify({ first_name: "Wren", email: "wren@fleet.example" })],
      );
      mail.length = 0;
      clock = Date.parse("2026-11-23T17:29:00Z");
      expect(await app.leadEscalation.runOnce()).toEqual([]);
      clock = Date.parse("2026-11-23T17:31:00Z");
      expect(await app.leadEscalation.runOnce()).toEqual(["lead-waiting"]);
      const told = mail.filter((m) => m.subject.startsWith("Unclaimed sales lead"));
      expect(told.map((m) => m.to)).toContain("sales.lead@summit.example");
      expect(told.every((m) => m.to !== "service.lead@summit.example")).toBe(true);
      expect(told[0]?.text).toContain("https://desk.example/leads?state=unclaimed");
      expect(await app.leadEscalation.runOnce()).toEqual([]);
      const [row] = await db.query<{ escalated_at: string }>(
        "select escalated_at::text from leads where id = 'lead-waiting'",
      );
      expect(row?.escalated_at).toBeTruthy();
    } finally {
      clock = saved;
    }
  });

  it("keeps each delivery's receipt (the mail server's message id and reply, the webhook's status) for the ledger", async () => {
    await db.query(
      "insert into leads (id, destination, form, fields) values ('lead-receipt', 'ContactUs', 'contact', $1)",
      [JSON.stringify({ first_name: "Quinn" })],
    );
    await db.query(
      "insert into lead_deliveries (id, lead_id, channel) values ('d-receipt-email', 'lead-receipt', 'email'), ('d-receipt-hook', 'lead-receipt', 'webhook')",
    );
    const { markDelivered } = await import("../src/delivery/outbox.js");
    await markDelivered(db, "d-receipt-email", "<lead-receipt@summit.example> 250 2.0.0 Ok: queued as 4F2A1");
    await markDelivered(db, "d-receipt-hook", "HTTP 202");
    const admin = await signIn("receipts@summit.example", "admin");
    const res = await as(admin, "GET", "/api/staff/leads?q=quinn");
    const lead = (res.json() as { leads: LedgerLead[] }).leads.find((l) => l.id === "lead-receipt");
    expect(lead?.deliveries).toEqual([
      expect.objectContaining({
        channel: "email",
        status: "delivered",
        receipt: expect.stringContaining("queued as 4F2A1"),
      }),
      expect.objectContaining({ channel: "webhook", status: "delivered", receipt: "HTTP 202" }),
    ]);
  });

  describe("specials", () => {
    const special = (over: Partial<Record<string, unknown>> = {}) => ({
      department: "sales",
      title: "Winter tire package",
      html: "<h2>Winter tires</h2><p>On every 2026 Silverado.</p><script>alert(1)</script>",
      url: "/inventory",
      starts_on: null,
      ends_on: null,
      ...over,
    });
    const send = (session: string, method: "POST" | "PUT", url: string, payload: unknown) =>
      app.inject({ method, url, headers: { authorization: session }, payload: payload as object });
    const publicSpecials = async () =>
      (await app.inject({ method: "GET", url: "/api/promotions?branch=shfl" })).json() as Promotion[];

    it("lets marketing post a special in any department, a service manager only in service and parts (audited)", async () => {
      const marketing = await signIn("marketing@summit.example", "marketing");
      const created = await send(marketing, "POST", "/api/staff/specials", special());
      expect(created.statusCode, created.body).toBe(201);
      const made = created.json() as DeskSpecial;
      expect(made).toMatchObject({ department: "sales", origin: "desk", title: "Winter tire package" });
      const shown = (await publicSpecials()).find((p) => p.id === made.id);
      expect(shown?.html).toContain("<h2>Winter tires</h2>");
      expect(shown?.html).not.toContain("script");

      const service = await signIn("service.manager@summit.example", "service_manager");
      expect((await send(service, "POST", "/api/staff/specials", special())).statusCode).toBe(403);
      expect(
        (await send(service, "PUT", `/api/staff/specials/${made.id}`, special({ title: "Mine" }))).statusCode,
      ).toBe(403);
      const oil = await send(service, "POST", "/api/staff/specials", special({ department: "service", title: "Oil" }));
      expect(oil.statusCode).toBe(201);
      const sales = await signIn("sales.specials@summit.example", "sales_manager");
      const list = (await as(sales, "GET", "/api/staff/specials")).json() as { specials: DeskSpecial[] };
      expect(list.specials.every((s) => s.department === "sales")).toBe(true);

      const admin = await signIn("specials.admin@summit.example", "admin");
      const audit = (await as(admin, "GET", "/api/staff/audit")).json() as {
        entries: { action: string; subject: string }[];
      };
      expect(audit.entries).toContainEqual(
        expect.objectContaining({ action: "special.create", subject: `special:${made.id}` }),
      );
    });

    it("refuses a special with reasons by field (a link elsewhere than https, a last day before the first)", async () => {
      const marketing = await signIn("marketing2@summit.example", "marketing");
      const res = await send(
        marketing,
        "POST",
        "/api/staff/specials",
        special({ url: "javascript:alert(1)", starts_on: "2026-12-10", ends_on: "2026-12-01", title: " " }),
      );
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(["url", "title", "ends_on"]));
    });

    it("shows a scheduled special only from its first day to its last (Calgary)", async () => {
      const marketing = await signIn("marketing3@summit.example", "marketing");
      const future = await send(
        marketing,
        "POST",
        "/api/staff/specials",
        special({ title: "Next year", starts_on: "2099-01-01", ends_on: null }),
      );
      const past = await send(
        marketing,
        "POST",
        "/api/staff/specials",
        special({ title: "Last year", starts_on: "2001-01-01", ends_on: "2001-01-31" }),
      );
      const ids = (await publicSpecials()).map((p) => p.id);
      expect(ids).not.toContain((future.json() as DeskSpecial).id);
      expect(ids).not.toContain((past.json() as DeskSpecial).id);
    });

    it("reorders a department's specials, and a promotions feed leaves the desk's specials alone", async () => {
      const marketing = await signIn("marketing4@summit.example", "marketing");
      const parts = async (title: string) =>
        (
          await send(marketing, "POST", "/api/staff/specials", special({ department: "parts", title }))
        ).json() as DeskSpecial;
      const first = await parts("Brakes");
      const second = await parts("Filters");
      const order = async () =>
        ((await as(marketing, "GET", "/api/staff/specials")).json() as { specials: DeskSpecial[] }).specials
          .filter((s) => s.department === "parts")
          .map((s) => s.title);
      expect(await order()).toEqual(["Brakes", "Filters"]);
      const moved = await send(marketing, "POST", `/api/staff/specials/${second.id}/move`, { direction: "up" });
      expect(moved.json()).toEqual({ moved: true });
      expect(await order()).toEqual(["Filters", "Brakes"]);

      await app.feeds.importPromotions([{ department: "parts", rank: 1, html: "<p>From the feed</p>" }], {
        branch: "shfl",
        source: "test",
      });
      const titles = await order();
      expect(titles).toEqual(expect.arrayContaining(["Filters", "Brakes"]));
      expect((await publicSpecials()).some((p) => p.html.includes("From the feed"))).toBe(true);
      expect(first.id).toBeTruthy();
    });

    it("stores an uploaded image through the photo pipeline and shows the sanitised preview", async () => {
      const marketing = await signIn("marketing5@summit.example", "marketing");
      const made = (await send(marketing, "POST", "/api/staff/specials", special({ html: "" }))).json() as DeskSpecial;
      const png = await sharp({ create: { width: 1500, height: 500, channels: 3, background: "#c00" } })
        .png()
        .toBuffer();
      const uploaded = await app.inject({
        method: "PUT",
        url: `/api/staff/specials/${made.id}/image`,
        headers: { authorization: marketing, "content-type": "image/png" },
        payload: png,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const image = (uploaded.json() as DeskSpecial).image;
      expect(image).toMatch(/^\/api\/media\/photos\/[0-9a-f]{32}\/1280\.jpeg$/);
      const served = await app.inject({ method: "GET", url: image });
      expect(served.statusCode).toBe(200);
      expect(served.headers["content-type"]).toBe("image/jpeg");

      const notImage = await app.inject({
        method: "PUT",
        url: `/api/staff/specials/${made.id}/image`,
        headers: { authorization: marketing, "content-type": "image/png" },
        payload: Buffer.from("<svg onload=alert(1)>"),
      });
      expect(notImage.statusCode).toBe(400);
      expect(notImage.json().message).toMatch(/not a JPEG, PNG, WebP or AVIF/);

      const preview = await send(marketing, "POST", "/api/staff/specials/preview", {
        html: '<p onclick="x()">Hi <a href="javascript:x()">there</a></p><iframe src="https://evil.example"></iframe>',
      });
      expect(preview.json().html).toBe("<p>Hi <a>there</a></p>");
    });
  });

  it("lets a service manager set the service and parts hours (audited), not the sales hours nor the rest", async () => {
    const service = await signIn("hours.service@summit.example", "service_manager");
    const week = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((day) =>
      day === "Sunday" ? { day, segments: [], text: "Closed" } : { day, segments: [{ open: "07:00", close: "19:00" }] },
    );
    const put = (department: string) =>
      app.inject({
        method: "PUT",
        url: `/api/staff/business/hours/${department}`,
        headers: { authorization: service },
        payload: week,
      });
    expect((await put("service")).statusCode).toBe(200);
    expect((await put("sales")).statusCode).toBe(403);
    expect((await as(service, "GET", "/api/staff/business")).statusCode).toBe(200);
    const details = (await app.inject({ method: "GET", url: "/api/business-details" })).json();
    expect(details.hours.service[0]).toEqual({ day: "Monday", segments: [{ open: "07:00", close: "19:00" }] });
    const marketing = await signIn("hours.marketing@summit.example", "marketing");
    expect((await as(marketing, "GET", "/api/staff/business")).statusCode).toBe(403);
    const admin = await signIn("hours.admin@summit.example", "admin");
    const audit = (await as(admin, "GET", "/api/staff/audit")).json() as {
      entries: { action: string; subject: string }[];
    };
    expect(audit.entries).toContainEqual(
      expect.objectContaining({ action: "business.hours", subject: "hours:service" }),
    );
  });

  it("lets an admin upload a feed file by hand and read its run's rejected rows; no other role", async () => {
    const admin = await signIn("feeds.admin@summit.example", "admin");
    const csv = [
      "Type,Stock,VIN,Year,Make,Model,SellingPrice,MSRP",
      "New,U100,1GTP9EEL0KZ000001,2026,GMC,Sierra 2500HD,85000,90000",
      "New,F101,,20x6,Chevrolet,Express,49000,50000",
    ].join("\n");
    const res = await app.inject({
      method: "POST",
      url: "/api/staff/feeds/inventory?file=stock.csv",
      headers: { authorization: admin, "content-type": "text/csv" },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().outcome).toBe("running");
    await app.feeds.idle();
    const runs = (await as(admin, "GET", "/api/staff/feeds")).json() as {
      runs: { id: string; source: string; report: { rejected: { line: number; reason: string }[] } }[];
      pull: boolean;
    };
    const run = runs.runs.find((r) => r.id === res.json().run_id);
    expect(run?.source).toBe("stock.csv, uploaded on the desk by feeds.admin@summit.example");
    expect(run?.report.rejected).toContainEqual(expect.objectContaining({ line: 3 }));
    expect(runs.pull).toBe(false);
    expect((await as(admin, "POST", "/api/staff/feeds/pull")).statusCode).toBe(409);
    const sales = await signIn("feeds.sales@summit.example", "sales_manager");
    expect((await as(sales, "GET", "/api/staff/feeds")).statusCode).toBe(403);
  });

  it("lets marketing set the site's notice (checked, audited) and take it down; a sales manager not at all", async () => {
    const marketing = await signIn("notice.marketing@summit.example", "marketing");
    const put = (session: string, notice: unknown) =>
      app.inject({
        method: "PUT",
        url: "/api/staff/site-notice",
        headers: { authorization: session },
        payload: { notice },
      });
    const notice = {
      text: "Open house Saturday: coffee and test drives",
      link: "/inventory",
      from: null,
      to: "2099-12-31",
    };
    expect((await put(marketing, notice)).statusCode).toBe(200);
    const details = (await app.inject({ method: "GET", url: "/api/business-details" })).json();
    expect(details.notice).toEqual(notice);
    const bad = await put(marketing, { ...notice, link: "javascript:alert(1)" });
    expect(bad.statusCode).toBe(400);
    const sales = await signIn("notice.sales@summit.example", "sales_manager");
    expect((await put(sales, notice)).statusCode).toBe(403);
    expect((await put(marketing, null)).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/business-details" })).json().notice).toBeNull();
    const admin = await signIn("notice.admin@summit.example", "admin");
    const audit = (await as(admin, "GET", "/api/staff/audit")).json() as { entries: { action: string }[] };
    expect(audit.entries.filter((e) => e.action === "site.notice")).toHaveLength(2);
  });
});
