import Fastify, { type FastifyInstance } from "fastify";
import { ROLE_GRANTS } from "shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDesk, SESSION_COOKIE } from "../src/desk-server.js";

const SESSION = "s".repeat(43);
const LEAD = {
  id: "lead-1",
  form: "contact",
  department: "sales",
  received_at: "2026-11-25T15:00:00Z",
  name: "Dana Fleet",
  email: "dana@fleet.example",
  phone: "403-555-0100",
  deliveries: [
    {
      channel: "crm-email",
      status: "delivered",
      delivered_at: "2026-11-25T15:00:02Z",
      last_error: "",
      receipt: "<lead-1@summit.example> 250 2.0.0 Ok: queued as 4F2A1",
    },
  ],
  escalated_at: "2026-11-25T16:05:00Z",
  claimed_by: null,
  claimed_at: null,
  contacted_at: null,
};

describe("the staff desk's server", () => {
  let api: FastifyInstance;
  let desk: FastifyInstance;
  let apiOrigin = "";
  const claims: string[] = [];

  beforeAll(async () => {
    // stands in for the API's staff routes: a sales manager's session, and what the API refuses
    api = Fastify();
    const member = { id: "m1", email: "sales@summit.example", role: "sales_manager" };
    const signedIn = (authorization: string | undefined) => authorization === `Session ${SESSION}`;
    api.post("/api/staff/sign-in/email", async (request, reply) => {
      const { email } = request.body as { email: string };
      if (!email.includes("@")) return reply.code(400).send({ message: "Invalid request body: email" });
      return reply.code(202).send({ message: "sent" });
    });
    api.post("/api/staff/sign-in/link", async (request, reply) =>
      (request.body as { token: string }).token === "good-token"
        ? { session: SESSION, member }
        : reply.code(401).send({ message: "used or expired" }),
    );
    api.get("/api/staff/me", async (request, reply) =>
      signedIn(request.headers.authorization)
        ? { member, grants: ROLE_GRANTS.sales_manager }
        : reply.code(401).send({ message: "ended" }),
    );
    api.get("/api/staff/leads", async () => ({
      leads: [LEAD],
      speed: [{ department: "sales", leads: 4, contacted: 3, median_minutes: 42.4, p90_minutes: 190 }],
    }));
    api.post("/api/staff/leads/:id/claim", async (request) => {
      claims.push((request.params as { id: string }).id);
      return { outcome: "claimed" };
    });
    api.post("/api/staff/specials", async (_request, reply) => reply.code(500).send({ message: "not called" }));
    api.get("/api/staff/audit", async (_request, reply) =>
      reply.code(403).send({ message: "Your role does not include this" }),
    );
    await api.listen({ port: 0, host: "127.0.0.1" });
    const { port } = api.server.address() as { port: number };
    apiOrigin = `http://127.0.0.1:${port}`;
    desk = await buildDesk({ apiOrigin });
  });
  afterAll(async () => {
    await desk.close();
    await api.close();
  });

  const cookie = { cookie: `${SESSION_COOKIE}=${SESSION}` };
  const sameOrigin = { "sec-fetch-site": "same-origin" };

  it("sends a visitor without a session to sign in, and works without a script on every page", async () => {
    const home = await desk.inject({ url: "/leads" });
    expect(home.statusCode).toBe(303);
    expect(home.headers.location).toBe("/sign-in");
    const signIn = await desk.inject({ url: "/sign-in" });
    expect(signIn.body).toMatch(/<form [^>]*action="\/sign-in" method="post"/);
    // the passkey button is the script's to show: without it, the page is the email form alone
    expect(signIn.body).toMatch(/<button type="button" id="desk-passkey-sign-in" hidden="">/);
    expect(signIn.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(signIn.headers["cache-control"]).toBe("no-store");
  });

  it("keeps what was typed and says why when the address is not one", async () => {
    const answer = await desk.inject({
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
    const opened = await desk.inject({ url: "/sign-in/link?token=good-token" });
    expect(opened.body).toContain('name="token" value="good-token"');
    expect(opened.headers["set-cookie"]).toBeUndefined();
    const signed = await desk.inject({
      method: "POST",
      url: "/sign-in/link",
      headers: sameOrigin,
      payload: { token: "good-token" },
    });
    expect(signed.statusCode).toBe(303);
    const set = String(signed.headers["set-cookie"]);
    expect(set).toContain(`${SESSION_COOKIE}=${SESSION}`);
    expect(set).toContain("HttpOnly");
    expect(set).toContain("SameSite=Strict");
    const used = await desk.inject({
      method: "POST",
      url: "/sign-in/link",
      headers: sameOrigin,
      payload: { token: "used-token" },
    });
    expect(used.statusCode).toBe(401);
    expect(used.body).toContain("used or has expired");
  });

  it("refuses a form posted from another site", async () => {
    const answer = await desk.inject({
      method: "POST",
      url: "/leads/lead-1/claim",
      headers: { ...cookie, "sec-fetch-site": "cross-site" },
    });
    expect(answer.statusCode).toBe(403);
    expect(claims).toEqual([]);
  });

  it("shows the ledger, claims a lead and returns to the same filter (post, redirect, get)", async () => {
    const ledger = await desk.inject({ url: "/leads?state=unclaimed", headers: cookie });
    expect(ledger.body).toContain("Dana Fleet");
    expect(ledger.body).toContain("crm-email: delivered");
    // each channel's receipt, and the escalation of a lead nobody claimed in time
    expect(ledger.body).toContain("(receipt: &lt;lead-1@summit.example&gt; 250 2.0.0 Ok: queued as 4F2A1)");
    expect(ledger.body).toContain("nobody had claimed it in time; its manager was told");
    // speed to lead on the desk's first page: median and 90th percentile
    expect(ledger.body).toMatch(
      /<th scope="row">sales<\/th><td>4<\/td><td>3<\/td><td>42 min<\/td><td>3 h 10 min<\/td>/,
    );
    const claimed = await desk.inject({
      method: "POST",
      url: "/leads/lead-1/claim",
      headers: { ...cookie, ...sameOrigin },
      payload: { return_to: "/leads?state=unclaimed" },
    });
    expect(claimed.statusCode).toBe(303);
    expect(claimed.headers.location).toBe("/leads?state=unclaimed&done=claim");
    expect(claims).toEqual(["lead-1"]);
  });

  it("says the desk is unavailable (503) when the API does not answer, never a bare error", async () => {
    const cut = await buildDesk({ apiOrigin: "http://127.0.0.1:9" });
    const answer = await cut.inject({ url: "/leads", headers: cookie });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["content-type"]).toContain("text/html");
    expect(answer.body).toContain("cannot reach the dealership&#x27;s data just now");
    await cut.close();
  });

  it("says what the role does not include (403), with the API's reason", async () => {
    const audit = await desk.inject({ url: "/audit", headers: cookie });
    expect(audit.statusCode).toBe(403);
    expect(audit.body).toContain("Your role does not include this");
    expect(audit.body).not.toContain('href="/audit"');
  });

  it("checks a special against shared-types' rules before sending it: the reasons by field, what was typed kept", async () => {
    const answer = await desk.inject({
      method: "POST",
      url: "/specials/new",
      headers: { ...cookie, ...sameOrigin },
      payload: {
        intent: "save",
        department: "sales",
        title: "Winter tires",
        html: "<p>On every Silverado</p>",
        url: "javascript:alert(1)",
        starts_on: "2026-12-10",
        ends_on: "2026-12-01",
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain("2 things to fix");
    expect(answer.body).toContain("Link to a page of this site (like /service) or an https:// address");
    expect(answer.body).toContain("The last day shown is before the first");
    expect(answer.body).toContain('value="Winter tires"');
    expect(answer.body).toContain("&lt;p&gt;On every Silverado&lt;/p&gt;</textarea>");
    expect(answer.body).toMatch(/id="desk-special-url"[^>]*aria-invalid="true"/);
  });

  it("says a file over its limit is too large (413), not that the dealership's data is away", async () => {
    const small = await buildDesk({ apiOrigin, maxFileBytes: 1024 });
    const boundary = "----desk-test";
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="stock.csv"',
      "Content-Type: text/csv",
      "",
      "x".repeat(4096),
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const answer = await small.inject({
      method: "POST",
      url: "/feeds/upload",
      headers: { ...cookie, ...sameOrigin, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.body).toContain("This file is too large for the desk");
    await small.close();
  });
});
