import type { FastifyInstance } from "fastify";
import { mayCall, STAFF_ROLES, type StaffRole } from "shared-types";
import { STAFF_API, type StaffRoute } from "shared-types/schemas";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.js";
import { type Database, openPglite } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { FAILED_AUTH_LIMIT } from "../src/security/admin-routes.js";
import { STAFF_TIMES, StaffStore } from "../src/staff/staff-store.js";
import { backends } from "./database-fixtures.js";
import { testConfig } from "./test-config.js";

const CLI_TOKEN = "cli-token-for-tests-0123456789abcdef";
const ADMIN_TOKEN = "YWRtaW4tdG9rZW4tZm9yLXRoZS1zdGFmZi1hY2Nlc3MtdGVzdHMtMDE";
const DESK_KEY = "ZGVzay1rZXktZm9yLXRoZS1zdGFmZi1hY2Nlc3MtdGVzdHMtMDEyMzQ1";

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The API as the desk reaches it: its staff listener, with the desk's key, naming the visitor each request is for. */
async function staffApi(db: Database, sendMail: (message: Mail) => Promise<void>, now: () => number = Date.now) {
  const config = testConfig({ ADMIN_TOKEN, STAFF_DESK_KEY: DESK_KEY, STAFF_DESK_URL: "https://desk.example" });
  return buildApp(config, { db, cliToken: CLI_TOKEN, sendStaffMail: sendMail, now });
}

describe.each(backends())("who may use the staff desk, on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  let store: StaffStore;
  const mail: Mail[] = [];
  /** The mail server answers once this settles (a test holds it back). */
  let mailServer: Promise<void> = Promise.resolve();
  let clock = Date.now();

  beforeAll(async () => {
    db = await backend.open();
    app = await staffApi(
      db,
      async (message) => {
        await mailServer;
        mail.push(message);
      },
      () => clock,
    );
    store = new StaffStore(db);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  /** A request the desk passes on for a visitor at `address`. */
  const fromVisitor = (address: string) => ({ "x-desk-key": DESK_KEY, "x-desk-client": address });
  const invite = async (email: string, role: StaffRole, authorization = `Bearer ${CLI_TOKEN}`) => {
    const res = await app.inject({
      method: "POST",
      url: "/api/staff/members",
      headers: { authorization },
      payload: { email, role },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { outcome: string; member: { id: string }; link: string | null };
  };
  const tokenOf = (link: string | null) => new URL(link ?? "https://x.example").searchParams.get("token") ?? "";
  const followLink = (token: string, address = "198.51.100.1") =>
    app.inject({ method: "POST", url: "/api/staff/sign-in/link", headers: fromVisitor(address), payload: { token } });
  const signIn = async (email: string, role: StaffRole) => {
    const invited = await invite(email, role);
    const token = invited.link ? tokenOf(invited.link) : ((await store.signInLink(email))?.token ?? "");
    const res = await followLink(token);
    expect(res.statusCode, res.body).toBe(200);
    return `Session ${res.json().session}`;
  };
  const as = (session: string, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: session }, ...(payload ? { payload } : {}) });
  const auditRows = async (action: string) =>
    db.query<{ staff_email: string; subject: string; before: unknown; after: unknown }>(
      "select staff_email, subject, before, after from staff_audit where action = $1 order by id",
      [action],
    );

  it("never locks a member out for a stranger's junk cookies, nor a fresh invitation for another visitor's failures", async () => {
    const member = await signIn("dana@summit.example", "sales_manager");
    for (let i = 0; i < FAILED_AUTH_LIMIT.points * 2; i++) {
      const junk = await app.inject({
        url: "/api/staff/me",
        headers: { ...fromVisitor("203.0.113.66"), authorization: `Session ${"j".repeat(43)}` },
      });
      expect(junk.statusCode).toBe(401);
    }
    // a cookie that names no session is not a failed sign-in: the stranger may still try a link
    expect((await followLink("x".repeat(43), "203.0.113.66")).statusCode).toBe(401);
    for (let i = 0; i < FAILED_AUTH_LIMIT.points; i++) await followLink("y".repeat(43), "203.0.113.66");
    expect((await followLink("z".repeat(43), "203.0.113.66")).statusCode).toBe(429);
    // the stranger is held back; the member and a newcomer at another address are not
    expect((await as(member, "GET", "/api/staff/me")).statusCode).toBe(200);
    const newcomer = await invite("eli@summit.example", "service_manager");
    expect((await followLink(tokenOf(newcomer.link), "198.51.100.7")).statusCode).toBe(200);
  });

  it("answers a request for a sign-in link before its email is sent, the same for a member and a stranger", async () => {
    await invite("fay@summit.example", "marketing");
    let answerMail: () => void = () => undefined;
    mailServer = new Promise<void>((resolve) => {
      answerMail = resolve;
    });
    mail.length = 0;
    try {
      const ask = (email: string) =>
        app.inject({
          method: "POST",
          url: "/api/staff/sign-in/email",
          headers: fromVisitor("198.51.100.2"),
          payload: { email },
        });
      // the mail server has not answered, and both are answered already, alike
      const [known, unknown] = await Promise.all([ask("fay@summit.example"), ask("nobody@example.com")]);
      expect(known.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(mail).toEqual([]);
      answerMail();
      await vi.waitFor(() => expect(mail.map((m) => m.to)).toEqual(["fay@summit.example"]));
    } finally {
      answerMail();
      mailServer = Promise.resolve();
    }
  });

  it("emails one address at most 3 sign-in links an hour, whoever asks, however often", async () => {
    await invite("kit@summit.example", "marketing");
    mail.length = 0;
    const saved = clock;
    try {
      for (let i = 0; i < 4; i++) {
        // each request after the last link has run out: a new link each time, until the hour's three are spent
        clock += STAFF_TIMES.signInLinkMs + 1_000;
        await app.inject({
          method: "POST",
          url: "/api/staff/sign-in/email",
          headers: fromVisitor(`203.0.113.${80 + i}`),
          payload: { email: "kit@summit.example" },
        });
        await vi.waitFor(() => expect(mail.length).toBe(Math.min(i + 1, 3)));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mail.filter((m) => m.to === "kit@summit.example")).toHaveLength(3);
    } finally {
      clock = saved;
    }
  });

  it("asks every staff route for a session, and each granted one for its grant: one table (STAFF_API) says which", async () => {
    const sample: Record<string, string> = { id: "x", stock: "U1", department: "sales", file: "640.jpeg" };
    const sessions = Object.fromEntries(
      await Promise.all(STAFF_ROLES.map(async (role) => [role, await signIn(`access.${role}@summit.example`, role)])),
    ) as Record<StaffRole, string>;
    const call = (route: StaffRoute, authorization?: string) =>
      app.inject({
        method: route.method,
        url: `/api${route.path.replace(/:(\w+)/g, (_match, name: string) => sample[name] ?? "x")}`,
        headers: {
          ...(authorization ? { authorization } : {}),
          ...(route.upload ? { "content-type": "text/csv" } : {}),
        },
        ...(route.method === "GET" ? {} : { payload: route.upload ? "x" : {} }),
      });
    let granted = 0;
    for (const [name, route] of Object.entries(STAFF_API) as [string, StaffRoute][]) {
      if (route.access === "signed-out") continue;
      expect((await call(route)).statusCode, `${name} without a session`).toBe(401);
      for (const role of STAFF_ROLES.filter((r) => !mayCall(r, route.access))) {
        expect((await call(route, sessions[role])).statusCode, `${name} for ${role}`).toBe(403);
        granted += 1;
      }
    }
    expect(granted).toBeGreaterThan(40);
  });

  it("sends no second sign-in link while the last one still works, however many are asked for", async () => {
    await invite("gus@summit.example", "marketing");
    mail.length = 0;
    for (let i = 0; i < 15; i++) {
      const res = await app.inject({
        method: "POST",
        url: "/api/staff/sign-in/email",
        headers: fromVisitor(`198.51.100.${20 + i}`),
        payload: { email: "GUS@Summit.example" },
      });
      expect(res.statusCode).toBe(202);
    }
    const toGus = () => mail.filter((m) => m.to === "gus@summit.example");
    await vi.waitFor(() => expect(toGus().length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(toGus()).toHaveLength(1);
  });

  it("off-boards a member: sessions, passkeys and links stop at once, and the admin who did it is in the audit log", async () => {
    const admin = await signIn("owner@summit.example", "admin");
    const leaving = await invite("hal@summit.example", "sales_manager");
    const session = `Session ${(await followLink(tokenOf(leaving.link))).json().session}`;
    const pendingLink = await store.signInLink("hal@summit.example");
    await db.query("insert into staff_passkeys (id, staff_id, public_key) values ('hal-passkey', $1, 'AAAA')", [
      leaving.member.id,
    ]);
    expect((await as(session, "GET", "/api/staff/me")).statusCode).toBe(200);

    const disabled = await as(admin, "POST", `/api/staff/members/${leaving.member.id}/disable`);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await as(session, "GET", "/api/staff/me")).statusCode).toBe(401);
    expect((await followLink(pendingLink?.token ?? "")).statusCode).toBe(401);
    expect(await db.query("select id from staff_passkeys where staff_id = $1", [leaving.member.id])).toEqual([]);
    mail.length = 0;
    await app.inject({
      method: "POST",
      url: "/api/staff/sign-in/email",
      headers: fromVisitor("198.51.100.3"),
      payload: { email: "hal@summit.example" },
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail).toEqual([]);
    const members = (await as(admin, "GET", "/api/staff/members")).json().members as {
      email: string;
      disabled_at: string | null;
    }[];
    expect(members.find((m) => m.email === "hal@summit.example")?.disabled_at).toBeTruthy();
    expect(await auditRows("staff.disable")).toEqual([
      expect.objectContaining({
        staff_email: "owner@summit.example",
        subject: "staff:hal@summit.example",
        after: expect.objectContaining({ sessions_ended: 1, passkeys_removed: 1 }),
      }),
    ]);

    const removed = await as(admin, "POST", `/api/staff/members/${leaving.member.id}/remove`);
    expect(removed.json()).toEqual({ removed: true });
    expect((await auditRows("staff.remove")).map((row) => row.subject)).toEqual(["staff:hal@summit.example"]);
  });

  it("keeps the last admin: they cannot be demoted, disabled or removed", async () => {
    const admin = await signIn("owner@summit.example", "admin");
    const others = await db.query<{ id: string }>(
      "select id from staff_members where role = 'admin' and email <> 'owner@summit.example'",
    );
    for (const other of others) await store.disable(other.id, { id: null, email: "test" });
    const me = (await as(admin, "GET", "/api/staff/me")).json().member as { id: string };
    const demote = await as(admin, "POST", `/api/staff/members/${me.id}/role`, { role: "marketing" });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toMatch(/at least one admin/);
    expect((await as(admin, "POST", `/api/staff/members/${me.id}/disable`)).statusCode).toBe(409);
    expect((await as(admin, "POST", `/api/staff/members/${me.id}/remove`)).statusCode).toBe(409);
    // with a second admin, the first may step down
    const second = await invite("ivy@summit.example", "admin");
    expect((await followLink(tokenOf(second.link))).statusCode).toBe(200);
    expect((await as(admin, "POST", `/api/staff/members/${me.id}/role`, { role: "marketing" })).statusCode).toBe(200);
    await store.changeRole(me.id, "admin", { id: null, email: "test" });
  });

  it("never hands an admin a link to an existing member's account: inviting them sends their own link to them", async () => {
    const admin = await signIn("owner@summit.example", "admin");
    await invite("jo@summit.example", "sales_manager");
    mail.length = 0;
    const again = await as(admin, "POST", "/api/staff/members", { email: "jo@summit.example", role: "admin" });
    expect(again.json()).toMatchObject({ outcome: "already-a-member", link: null, member: { role: "sales_manager" } });
    expect(mail.map((m) => m.to)).toEqual(["jo@summit.example"]);
    const [member] = await db.query<{ role: string }>(
      "select role from staff_members where email = 'jo@summit.example'",
    );
    expect(member?.role).toBe("sales_manager");
    expect((await auditRows("staff.invite.existing")).at(-1)).toMatchObject({ staff_email: "owner@summit.example" });
  });

  it("audits every write made with the admin token under its name, through the same paths as the desk", async () => {
    const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const details = (await app.inject({ url: "/api/business-details" })).json();
    const put = await app.inject({
      method: "PUT",
      url: "/api/business-details",
      headers: bearer,
      payload: { ...details, phone_sales: "403-555-0111" },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await auditRows("business.update")).at(-1)).toMatchObject({
      staff_email: "the admin token",
      after: expect.objectContaining({ phone_sales: "403-555-0111" }),
    });

    await db.query(
      "insert into vehicles (stock_number, vin, year, make, model, condition, listed_at, full_price, low_price) values ('T200', '1GTP9EEL0KZ000002', 2026, 'GMC', 'Sierra 2500HD', 'new', '2026-11-01', 90000, 85000)",
    );
    const patch = await app.inject({
      method: "PATCH",
      url: "/api/admin/units/T200",
      headers: bearer,
      payload: { sale_price: 79_000 },
    });
    expect(patch.json()).toMatchObject({ sale_price: 79_000 });
    expect((await auditRows("unit.override")).at(-1)).toMatchObject({
      staff_email: "the admin token",
      subject: "unit:T200",
    });
    // kept through the next import, as a change made on the desk is
    const [unit] = await db.query<{ staff_override: { sale_price: number; by: string } }>(
      "select staff_override from vehicles where stock_number = 'T200'",
    );
    expect(unit?.staff_override).toMatchObject({ sale_price: 79_000, by: "the admin token" });

    const feed = await app.inject({
      method: "POST",
      url: "/api/admin/feeds/inventory?source=nightly.csv",
      headers: { ...bearer, "content-type": "text/csv" },
      payload: "Type,Stock,VIN,Year,Make,Model,SellingPrice,MSRP\n",
    });
    expect(feed.statusCode, feed.body).toBe(202);
    await app.feeds.idle();
    expect((await auditRows("feed.upload")).at(-1)).toMatchObject({ staff_email: "the admin token" });

    const resend = await app.inject({ method: "POST", url: "/api/deliveries/resend", headers: bearer, payload: {} });
    expect(resend.statusCode).toBe(200);
    expect((await auditRows("deliveries.resend")).at(-1)).toMatchObject({ staff_email: "the admin token" });
  });
});

describe("the staff listener's own count of failed sign-ins", () => {
  let db: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    app = await staffApi(db, async () => undefined);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });
  const attempt = (headers: Record<string, string>) =>
    app.inject({ method: "POST", url: "/api/staff/sign-in/link", headers, payload: { token: "w".repeat(43) } });

  it("believes the visitor the desk names only beside the desk's key, and X-Forwarded-For from nobody", async () => {
    const forged = { "x-desk-key": "not-the-desk-key-at-all-0123456789abcdefghijk", "x-desk-client": "192.0.2.9" };
    for (let i = 0; i < FAILED_AUTH_LIMIT.points / 2; i++) expect((await attempt(forged)).statusCode).toBe(401);
    for (let i = 0; i < FAILED_AUTH_LIMIT.points / 2; i++) {
      expect((await attempt({ "x-forwarded-for": `203.0.113.${i}` })).statusCode).toBe(401);
    }
    // every one counted against the address they came from, not one they named
    expect((await attempt({ "x-forwarded-for": "198.51.100.200" })).statusCode).toBe(429);
    expect((await attempt({ "x-desk-key": DESK_KEY, "x-desk-client": "192.0.2.9" })).statusCode).toBe(401);
  });
});
