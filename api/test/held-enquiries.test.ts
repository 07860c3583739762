import type { FastifyInstance } from "fastify";
import { MARKETING_CONSENT } from "shared-types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import type { Database } from "../src/db/database.js";
import { FeedService } from "../src/feeds/feed-service.js";
import { apiJobs } from "../src/jobs/api-jobs.js";
import { type PeriodicJobs, startPeriodicJobs } from "../src/jobs/job-runner.js";
import { sendQuarantineDigest } from "../src/leads/held-enquiries.js";
import { heldReleaseToken, signFormStart } from "../src/security/signing.js";
import { backends } from "./database-fixtures.js";
import { captureLead } from "./lead-client.js";
import { eventually } from "./smtp-catcher.js";
import { testConfig } from "./test-config.js";

const SECRET = "signing-secret-for-tests-0123456789abcdef";
const ADMIN = "admin-token-for-tests-0123456789-abcdefghij";
const DAY = 24 * 60 * 60 * 1000;

/** A returning visitor's browser fills the form in at once and sends it: 1 s after the page was served. */
const autofilled = {
  form: "vehicle-contact",
  destination: "VDPContactForm",
  first_name: "Dana",
  email: "dana@prairie.example",
  message: "Is unit A1 still available?",
  stock_number: "A1",
  marketing_opt_in: true,
  consent_version: MARKETING_CONSENT.version,
  website: "",
};

describe.each(backends())("held submissions on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  const sent: { subject: string; text: string; html: string }[] = [];
  const digest = (options: { fail?: boolean } = {}) =>
    sendQuarantineDigest({
      db,
      send: async (message) => {
        if (options.fail) throw new Error("SMTP down");
        sent.push(message);
      },
      business: async () => ({ name: "Summit Heavy Fleet", domain: "summitheavyfleet.ca" }) as never,
      staffUrl: "https://summitheavyfleet.ca",
      secret: Buffer.from(SECRET),
    });
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const runners: PeriodicJobs[] = [];
  /** An API process's periodic jobs (jobs/api-jobs.ts) as main.ts starts them: here the held digest, once a day. */
  const startDigestJob = (send: () => Promise<{ sent: number }> = digest) => {
    const jobs = apiJobs(db, quiet, {
      retention: { leadRetentionDays: 365, quarantineRetentionDays: 30 },
      heldDigest: { everyMs: DAY, send },
      escalation: { runOnce: async () => [] },
      savedSearchAlerts: { runIfDue: async () => null },
      bookingReminders: { queue: async () => 0 },
      servicePlans: { bookDue: async () => 0 },
      feeds: new FeedService(db, { maxRemovalPercent: 30 }),
    }).filter((job) => job.name === "held-digest");
    const runner = startPeriodicJobs(db, jobs, quiet);
    runners.push(runner);
    return runner;
  };
  const digestLease = async () =>
    (
      await db.query<{ failures: number; due_in_s: number }>(
        "select failures, extract(epoch from next_run_at - now())::float8 as due_in_s from job_leases where name = 'held-digest'",
      )
    )[0];
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    db = await backend.open();
    app = await buildApp(testConfig({ ADMIN_TOKEN: ADMIN, LEAD_SIGNING_SECRET: SECRET }), {
      db,
      sendHeldDigest: () => digest(),
    });
  });
  afterAll(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    await app.close();
    await db.close();
  });
  beforeEach(() => {
    sent.length = 0;
  });

  /** Sent 1 s after the page was served: quarantined, answered like a person's. */
  async function holdOne(overrides: Record<string, unknown> = {}): Promise<string> {
    const started = signFormStart(Buffer.from(SECRET), Date.now() - 1000);
    const res = await captureLead(
      app,
      { ...autofilled, ...overrides, form_started: started },
      { "idempotency-key": `held-${Math.random().toString(36).slice(2, 12)}` },
    );
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  it("reaches the sales desk once a day as one digest, each held submission with a signed link to release it", async () => {
    const id = await holdOne();
    expect(await digest()).toEqual({ sent: expect.any(Number) });
    const message = sent.at(-1);
    expect(message?.subject).toMatch(/^Possible spam, please check: \d+ held enquir/);
    expect(message?.text).toContain("Dana");
    expect(message?.text).toContain("Is unit A1 still available?");
    expect(message?.text).toContain("sent 1");
    expect(message?.text).toContain(
      `https://summitheavyfleet.ca/api/leads/held/${id}?token=${heldReleaseToken(Buffer.from(SECRET), id)}`,
    );
    // the same day: nothing more; a day later: only what was held since
    const runner = startDigestJob();
    await eventually(async () => ((await digestLease())?.due_in_s ?? 0) > DAY / 1000 - 60, "the day's run recorded");
    const later = await holdOne({ first_name: "Eli" });
    runner.nudge("held-digest");
    await sleep(1_000);
    expect(sent).toHaveLength(1);
    expect((await digestLease())?.due_in_s).toBeGreaterThan(DAY / 1000 - 60);
    await db.query("update job_leases set next_run_at = now() where name = 'held-digest'");
    runner.nudge("held-digest");
    await eventually(() => sent.length === 2, "the next day's digest");
    expect(sent.at(-1)?.text).toContain("Eli");
    expect(sent.at(-1)?.text).not.toContain("Dana");
    expect(later).toBeTruthy();
    await runner.stop();
  });

  it("gives the day back when the digest could not be sent, and reports nothing it did not send", async () => {
    await db.query("delete from job_leases");
    await holdOne({ first_name: "Fay" });
    await expect(digest({ fail: true })).rejects.toThrow("SMTP down");
    let tries = 0;
    const runner = startDigestJob(() => digest({ fail: ++tries === 1 }));
    // tried again on the job's backoff (minutes at most), not a day later
    await eventually(async () => (await digestLease())?.failures === 1, "the failed send counted");
    expect((await digestLease())?.due_in_s).toBeLessThan(10 * 60);
    expect(sent).toHaveLength(0);
    await db.query("update job_leases set next_run_at = now() where name = 'held-digest'");
    runner.nudge("held-digest");
    await eventually(() => sent.length === 1, "the digest sent once the mail server is back");
    expect(sent.at(-1)?.text).toContain("Fay");
    await runner.stop();
  });

  it("lets one of two instances claim the day's digest", async () => {
    await db.query("delete from job_leases");
    await holdOne({ first_name: "Gil" });
    const runners = [startDigestJob(), startDigestJob()];
    await eventually(() => sent.length === 1, "the day's digest");
    for (const runner of runners) runner.nudge("held-digest");
    await sleep(1_000);
    expect(sent).toHaveLength(1);
    await Promise.all(runners.map((runner) => runner.stop()));
  });

  it("shows the desk the held submission behind its link, and releases it into normal delivery, once", async () => {
    const id = await holdOne({ first_name: "Gus" });
    const token = heldReleaseToken(Buffer.from(SECRET), id);
    const page = await app.inject({ url: `/api/leads/held/${id}?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["content-security-policy"]).toContain("form-action 'self'");
    expect(page.body).toContain("Gus");
    expect(page.body).toContain('<form method="post">');
    // opening the link releases nothing (mail scanners open links)
    expect(await db.query("select id from leads where id = $1", [id])).toHaveLength(0);

    const release = () =>
      app.inject({
        method: "POST",
        url: `/api/leads/held/${id}`,
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
        payload: `token=${token}`,
      });
    const released = await release();
    expect(released.statusCode).toBe(200);
    expect(released.body).toContain("Released");
    const [lead] = await db.query<{ form: string; marketing_opt_in: boolean; consent_version: string }>(
      "select form, marketing_opt_in, consent_version from leads where id = $1",
      [id],
    );
    expect(lead).toEqual({
      form: "vehicle-contact",
      marketing_opt_in: true,
      consent_version: MARKETING_CONSENT.version,
    });
    const deliveries = await db.query<{ channel: string }>(
      "select channel from lead_deliveries where lead_id = $1 order by channel",
      [id],
    );
    expect(deliveries.map((d) => d.channel)).toEqual(["crm-email", "department-email"]);
    // twice: delivered once
    expect((await release()).body).toContain("Already released");
    expect(await db.query("select id from lead_deliveries where lead_id = $1", [id])).toHaveLength(2);
  });

  it("refuses a forged or missing token, another site's post, and answers a bad request with its reason", async () => {
    const id = await holdOne({ first_name: "Hal" });
    const forged = `${Math.floor(Date.now() / 1000) + 3600}.${"A".repeat(43)}`;
    expect((await app.inject({ url: `/api/leads/held/${id}?token=${forged}` })).statusCode).toBe(404);
    const fromElsewhere = await app.inject({
      method: "POST",
      url: `/api/leads/held/${id}`,
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      payload: `token=${heldReleaseToken(Buffer.from(SECRET), id)}`,
    });
    expect(fromElsewhere.statusCode).toBe(404);
    expect(await db.query("select id from leads where id = $1", [id])).toHaveLength(0);
    const malformed = await app.inject({ url: `/api/leads/held/not-an-id?token=${forged}` });
    expect(malformed.statusCode).toBe(400);
    expect((await app.inject({ url: `/api/leads/held/${id}` })).statusCode).toBe(400);
  });

  it("lets a release link expire after 14 days; its expiry is signed, so it cannot be stretched", async () => {
    const id = await holdOne({ first_name: "Ivo" });
    const secret = Buffer.from(SECRET);
    const old = heldReleaseToken(secret, id, Date.now() - 15 * 24 * 60 * 60 * 1000);
    const page = await app.inject({ url: `/api/leads/held/${id}?token=${old}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain("This link has expired");
    const release = await app.inject({
      method: "POST",
      url: `/api/leads/held/${id}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${old}`,
    });
    expect(release.statusCode).toBe(410);
    expect(await db.query("select id from leads where id = $1", [id])).toHaveLength(0);
    // the same signature with a later expiry written in: not valid
    const [, mac] = old.split(".");
    const stretched = `${Math.floor(Date.now() / 1000) + 3600}.${mac}`;
    expect((await app.inject({ url: `/api/leads/held/${id}?token=${stretched}` })).statusCode).toBe(404);
    // a fresh link (13 days old) still works
    const recent = heldReleaseToken(secret, id, Date.now() - 13 * 24 * 60 * 60 * 1000);
    expect((await app.inject({ url: `/api/leads/held/${id}?token=${recent}` })).statusCode).toBe(200);
  });

  it("sends the digest on demand to staff holding the admin token, and to no one else", async () => {
    await holdOne({ first_name: "Ida" });
    expect((await app.inject({ method: "POST", url: "/api/leads/held/digest" })).statusCode).toBe(401);
    const asked = await app.inject({
      method: "POST",
      url: "/api/leads/held/digest",
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().sent).toBeGreaterThan(0);
    expect(sent.at(-1)?.text).toContain("Ida");
  });
});
