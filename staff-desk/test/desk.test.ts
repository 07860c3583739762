import { request as httpRequest } from "node:http";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesk, SESSION_COOKIE } from "../src/app.js";
import { readDeskEnvironment } from "../src/environment.js";
import { deskAndApi, sameOrigin } from "./desk-and-api.js";

type Site = Awaited<ReturnType<typeof deskAndApi>>;

describe("the staff desk, in front of the API", () => {
  let site: Site;
  let sales: { id: string; cookie: string };
  let admin: { id: string; cookie: string };

  beforeAll(async () => {
    site = await deskAndApi();
    sales = await site.member("sales@summit.example", "sales_manager");
    admin = await site.member("owner@summit.example", "admin");
    await site.db.query(
      "insert into leads (id, destination, form, fields, received_at) values ($1, 'ContactUs', 'contact', $2, '2026-11-26T05:30:00Z')",
      [
        "lead-1",
        JSON.stringify({
          first_name: "Dana",
          last_name: "Fleet",
          email: "pat@example.com?cc=attacker@evil.example",
          day_phone: "403-555-0100",
        }),
      ],
    );
    await site.db.query(
      "insert into vehicles (stock_number, vin, year, make, model, condition, listed_at, full_price, low_price) values ('N0PRICE', '1GTP9EEL0KZ000009', 2026, 'Isuzu', 'NPR-HD', 'new', '2026-11-01', 0, 0)",
    );
  });
  afterAll(async () => {
    await site.close();
  });

  const get = (url: string, cookie?: string) => site.desk.inject({ url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie: string, payload: Record<string, string> = {}) =>
    site.desk.inject({ method: "POST", url, headers: { cookie, ...sameOrigin }, payload });

  it("sends a visitor without a session to sign in, and works without a script on every page", async () => {
    const home = await get("/leads");
    expect(home.statusCode).toBe(303);
    expect(home.headers.location).toBe("/sign-in");
    const signIn = await get("/sign-in");
    expect(signIn.body).toMatch(/<form [^>]*action="\/sign-in" method="post"/);
    // the passkey button is the script's to show: without it, the page is the email form alone
    expect(signIn.body).toMatch(/<button type="button" id="desk-passkey-sign-in" hidden="">/);
    expect(signIn.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(signIn.headers["cache-control"]).toBe("no-store");
  });

  it("has an icon of its own, so no page asks for one in vain", async () => {
    expect((await get("/sign-in")).body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    const icon = await get("/favicon.svg");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/svg+xml");
    expect((await get("/favicon.ico")).statusCode).toBe(301);
  });

  it("keeps what was typed and says why when the address is not one", async () => {
    const answer = await site.desk.inject({
      method: "POST",
      url: "/sign-in",
      headers: sameOrigin,
      payload: { email: "dana at fleet" },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('value="dana at fleet"');
    expect(answer.body).toContain("Enter your work email address");
  });

  it("opens a link as a button (a mail scanner's visit signs nobody in), and signs in on the member's click", async () => {
    const issued = await site.store.signInLink("sales@summit.example");
    const token = issued?.token ?? "";
    const opened = await get(`/sign-in/link?token=${token}`);
    expect(opened.body).toContain(`name="token" value="${token}"`);
    expect(opened.headers["set-cookie"]).toBeUndefined();
    const signed = await site.desk.inject({
      method: "POST",
      url: "/sign-in/link",
      headers: sameOrigin,
      payload: { token },
    });
    expect(signed.statusCode).toBe(303);
    const set = String(signed.headers["set-cookie"]);
    expect(set).toMatch(new RegExp(`${SESSION_COOKIE}=[\\w-]{43}`));
    expect(set).toContain("HttpOnly");
    expect(set).toContain("SameSite=Strict");
    const used = await site.desk.inject({
      method: "POST",
      url: "/sign-in/link",
      headers: sameOrigin,
      payload: { token },
    });
    expect(used.statusCode).toBe(401);
    expect(used.body).toContain("used or has expired");
  });

  it("refuses a form posted from another site", async () => {
    const answer = await site.desk.inject({
      method: "POST",
      url: "/leads/lead-1/claim",
      headers: { cookie: sales.cookie, "sec-fetch-site": "cross-site" },
    });
    expect(answer.statusCode).toBe(403);
  });

  it("shows the ledger in Calgary's time, links a reply only to an address that is one, and claims a lead", async () => {
    const ledger = await get("/leads?state=unclaimed", sales.cookie);
    expect(ledger.body).toContain("Dana Fleet");
    // 05:30 UTC on the 26th is the evening of the 25th in Calgary
    expect(ledger.body).toContain("Nov 25, 2026, 10:30");
    expect(ledger.body).toContain('<th scope="row">Sales</th>');
    expect(ledger.body).toContain("pat@example.com?cc=attacker@evil.example");
    expect(ledger.body).not.toContain("mailto:");
    expect(ledger.body).toContain('href="tel:4035550100"');
    const claimed = await post("/leads/lead-1/claim", sales.cookie, { return_to: "/leads?state=unclaimed" });
    expect(claimed.statusCode).toBe(303);
    expect(claimed.headers.location).toBe("/leads?state=unclaimed&done=claim");
    const again = await post("/leads/lead-1/claim", admin.cookie, { return_to: "https://evil.example/" });
    expect(again.headers.location).toBe("/leads?refused=taken");
    expect((await get("/leads?refused=taken", admin.cookie)).body).toContain("Someone else has claimed this lead.");
  });

  it("shows no text a link carries: only its own words for the codes it knows", async () => {
    const page = await get("/leads?refused=Your%20invoice%20is%20overdue:%20pay%20at%20evil.example", sales.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("invoice");
    expect(page.body).not.toContain('role="alert"');
  });

  it("says what the role does not include (403), and offers no link to it", async () => {
    const audit = await get("/audit", sales.cookie);
    expect(audit.statusCode).toBe(403);
    expect(audit.body).toContain("not in your role");
    expect(audit.body).not.toContain('href="/audit"');
  });

  it("shows the audit log in Calgary's time, never a raw UTC timestamp", async () => {
    const log = await get("/audit", admin.cookie);
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain("lead.claim");
    const when = [...log.body.matchAll(/<tr><td class="desk-when">([^<]*)<\/td>/g)].map((cell) => cell[1]);
    expect(when.length).toBeGreaterThan(0);
    for (const moment of when) expect(moment).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d/);
  });

  it("shows a unit without a price as the site does, never $0", async () => {
    const found = await get("/units?q=N0PRICE", sales.cookie);
    expect(found.body).toContain("Contact Us For Pricing");
    expect(found.body).not.toContain("$0");
    const unit = await get("/units/N0PRICE", sales.cookie);
    expect(unit.body).toContain("Contact Us For Pricing");
    expect(unit.body).not.toContain("$0");
  });

  it("checks a unit's change by shared-types' rules before sending it, keeping what was typed", async () => {
    const refused = await post("/units/N0PRICE", sales.cookie, {
      sale_price: "59,990",
      status: "available",
      reason: "no",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Say why (at least 3 characters)");
    expect(refused.body).toContain('value="59,990"');
    const saved = await post("/units/N0PRICE", sales.cookie, {
      sale_price: "59,990",
      status: "available",
      reason: "Fleet price agreed",
    });
    expect(saved.headers.location).toBe("/units/N0PRICE?done=saved");
    expect((await get("/units/N0PRICE?done=saved", sales.cookie)).body).toContain("$59,990");
  });

  it("checks a special against shared-types' rules before sending it: the reasons by field, what was typed kept", async () => {
    const answer = await post("/specials/new", sales.cookie, {
      intent: "save",
      department: "sales",
      title: "Winter tires",
      html: "<p>On every Silverado</p>",
      url: "/\t/evil.example/pay",
      starts_on: "2026-12-10",
      ends_on: "2026-12-01",
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("2 things to fix");
    expect(answer.body).toContain("Link to a page of this site (like /service) or an https:// address");
    expect(answer.body).toContain("The last day shown is before the first");
    expect(answer.body).toContain('value="Winter tires"');
    expect(answer.body).toContain("&lt;p&gt;On every Silverado&lt;/p&gt;</textarea>");
    expect(answer.body).toMatch(/id="desk-special-url"[^>]*aria-invalid="true"/);
  });

  it("off-boards a member from the staff page: their next page asks them to sign in, and the last admin stays", async () => {
    const leaving = await site.member("leaving@summit.example", "marketing");
    expect((await get("/specials", leaving.cookie)).statusCode).toBe(200);
    const disabled = await post(`/staff/${leaving.id}/disable`, admin.cookie);
    expect(disabled.headers.location).toBe("/staff?done=disabled");
    const after = await get("/specials", leaving.cookie);
    expect(after.statusCode).toBe(303);
    expect(after.headers.location).toBe("/sign-in?ended=1");
    const list = await get("/staff?done=disabled", admin.cookie);
    expect(list.body).toContain("they are signed out everywhere");
    expect(list.body).toMatch(/leaving@summit\.example: disabled/);
    const self = await post(`/staff/${admin.id}/role`, admin.cookie, { role: "marketing" });
    expect(self.headers.location).toBe("/staff?refused=last-admin");
    expect((await get("/staff?refused=last-admin", admin.cookie)).body).toContain("at least one admin");
  });

  it("never shows an admin a link to an existing member's account", async () => {
    const page = await post("/staff", admin.cookie, { email: "sales@summit.example", role: "admin" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("is already a member: a sign-in link has been emailed to them");
    expect(page.body).not.toContain("/sign-in/link?token=");
  });

  it("keeps a member signed in however many junk cookies a stranger sends, and lets a newcomer in", async () => {
    for (let i = 0; i < 20; i++) {
      const junk = await site.desk.inject({
        url: "/leads",
        remoteAddress: "203.0.113.66",
        headers: { cookie: `${SESSION_COOKIE}=${"j".repeat(43)}` },
      });
      expect(junk.statusCode).toBe(303);
    }
    const member = await site.desk.inject({
      url: "/leads",
      remoteAddress: "198.51.100.4",
      headers: { cookie: sales.cookie },
    });
    expect(member.statusCode).toBe(200);
    const invited = await site.store.invite("newcomer@summit.example", "marketing", { id: null, email: "test" });
    const welcomed = await site.desk.inject({
      method: "POST",
      url: "/sign-in/link",
      remoteAddress: "198.51.100.5",
      headers: sameOrigin,
      payload: { token: invited.token ?? "" },
    });
    expect(welcomed.statusCode).toBe(303);
  });

  it("says the desk is unavailable (503) when the API does not answer, never a bare error", async () => {
    const cut = await buildDesk(readDeskEnvironment({ API_STAFF_ORIGIN: "http://127.0.0.1:9", LOG_LEVEL: "silent" }));
    const answer = await cut.inject({ url: "/leads", headers: { cookie: sales.cookie } });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["content-type"]).toContain("text/html");
    expect(answer.body).toContain("cannot reach the dealership&#x27;s data just now");
    await cut.close();
  });

  it("shows nothing the API answers outside its contract", async () => {
    const liar = Fastify();
    liar.get("/api/staff/me", async () => ({ member: { id: "m1", email: "x@y.example", role: "owner" }, grants: {} }));
    await liar.listen({ port: 0, host: "127.0.0.1" });
    const { port } = liar.server.address() as { port: number };
    const desk = await buildDesk(
      readDeskEnvironment({ API_STAFF_ORIGIN: `http://127.0.0.1:${port}`, LOG_LEVEL: "silent" }),
    );
    const answer = await desk.inject({ url: "/leads", headers: { cookie: sales.cookie } });
    expect(answer.statusCode).toBe(503);
    await desk.close();
    await liar.close();
  });

  it("answers a file over its limit with 413, read by a client that sends it all without asking first", async () => {
    await site.desk.listen({ port: 0, host: "127.0.0.1" });
    const { port } = site.desk.server.address() as { port: number };
    const boundary = "----desk-test";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="stock.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, Buffer.alloc(65 * 1024 * 1024, "x"), tail]);
    const status = await new Promise<{ code: number; text: string }>((resolve, reject) => {
      const sent = httpRequest(
        {
          port,
          host: "127.0.0.1",
          method: "POST",
          path: "/feeds/upload",
          headers: {
            cookie: admin.cookie,
            ...sameOrigin,
            "content-type": `multipart/form-data; boundary=${boundary}`,
            "content-length": String(body.length),
          },
        },
        (response) => {
          let text = "";
          response.on("data", (chunk) => {
            text += chunk;
          });
          response.on("end", () => resolve({ code: response.statusCode ?? 0, text }));
        },
      );
      sent.on("error", reject);
      sent.end(body);
    });
    expect(status.code).toBe(413);
    expect(status.text).toContain("This file is too large for the desk");
  });
});
