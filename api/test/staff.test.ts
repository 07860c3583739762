import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import type { Database } from "../src/db/database.js";
import { STAFF_TIMES } from "../src/staff/staff-store.js";
import { backends } from "./database-fixtures.js";

const CLI_TOKEN = "cli-token-for-tests-0123456789abcdef";

describe.each(backends())("the staff desk's API on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  let clock = Date.now();
  const mail: { to: string; subject: string; text: string }[] = [];

  beforeAll(async () => {
    db = await backend.open();
    app = await buildApp({
      db,
      staff: {
        deskUrl: "https://desk.example",
        cliToken: CLI_TOKEN,
        sendMail: async (message) => {
          mail.push(message);
        },
        now: () => clock,
      },
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
    return (res.json() as { link: string }).link;
  };
  const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";
  const useLink = (token: string) => app.inject({ method: "POST", url: "/api/staff/sign-in/link", payload: { token } });
  const signIn = async (email: string, role: string) => {
    const res = await useLink(tokenOf(await invite(email, role)));
    expect(res.statusCode, res.body).toBe(200);
    return `Session ${(res.json() as { session: string }).session}`;
  };
  const as = (session: string, method: "GET" | "POST", url: string) =>
    app.inject({ method, url, headers: { authorization: session } });

  it("signs a member in once with an enrolment link, and never again with the same link", async () => {
    const link = await invite("Owner@Summit.example", "admin");
    expect(link).toMatch(/^https:\/\/desk\.example\/sign-in\/link\?token=[\w-]{43}$/);
    const first = await useLink(tokenOf(link));
    expect(first.statusCode).toBe(200);
    const session = `Session ${first.json().session}`;
    expect((await as(session, "GET", "/api/staff/me")).json()).toMatchObject({
      member: { email: "owner@summit.example", role: "admin" },
    });
    const again = await useLink(tokenOf(link));
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
    expect(mail.map((m) => m.to)).toEqual(["sales@summit.example"]);
    const token = /token=([\w-]{43})/.exec(mail[0]?.text ?? "")?.[1] ?? "";
    clock += STAFF_TIMES.signInLinkMs + 1000;
    expect((await useLink(token)).statusCode).toBe(401);
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
    expect(noReason.json().fields.reason).toEqual(["say why (at least 3 characters)"]);
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
    const res = await useLink("not-a-token");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/body/);
  });
});
