import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deskAndApi } from "./desk-and-api.js";

// The desk's Emails page, in front of the real API: every email the site sends, previewed with made-up data.

type Site = Awaited<ReturnType<typeof deskAndApi>>;

describe("the desk's Emails page", () => {
  let site: Site;
  let marketing: { cookie: string };
  let sales: { cookie: string };

  beforeAll(async () => {
    site = await deskAndApi();
    marketing = await site.member("marketing@summit.example", "marketing");
    sales = await site.member("sales@summit.example", "sales_manager");
  });
  afterAll(async () => {
    await site.close();
  });

  const get = (url: string, cookie: string) => site.desk.inject({ url, headers: { cookie } });

  it("lists every email the site sends, and is in the menu of the roles it is for", async () => {
    const page = await get("/emails", marketing.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="/emails">Emails</a>');
    expect(page.body).toContain('href="/emails/lead-notification"');
    expect(page.body).toContain('href="/emails/saved-search-alert"');
    expect(page.body).toContain('href="/emails/staff-sign-in"');
    expect(page.body).not.toContain("<iframe");
  });

  it("shows the one chosen: its subject, its HTML in a frame that runs nothing, its text as it is sent", async () => {
    const page = await get("/emails/lead-notification", marketing.cookie);
    expect(page.statusCode).toBe(200);
    const body = page.body.replaceAll("<!-- -->", "");
    expect(body).toContain('aria-current="page"');
    expect(body).toContain("New Vehicle page contact lead: 2025 Isuzu NPR-HD Gas (stock SAMPLE01) from Sam Sample");
    // the email's document is loaded into a sandboxed frame from its own address, never written into the desk's page
    const frame = /<iframe [^>]*>/.exec(body)?.[0] ?? "";
    expect(frame).toContain('sandbox=""');
    expect(frame).toContain('src="/emails/lead-notification/preview"');
    expect(frame).not.toContain("srcDoc");
    expect(body).not.toContain("font-family:Arial");
    expect(body).not.toContain("&lt;body");
    // the desk's own policy lets its pages frame that address, and nothing else
    expect(page.headers["content-security-policy"]).toContain("frame-src 'self'");
    expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    expect(body).toMatch(
      /<pre>A sales enquiry from the website\. Reply to this email to answer Sam Sample\.\n\nName: +Sam Sample/,
    );
  });

  it("answers the email's HTML at its own address, under a policy of its own: styles and images, no script", async () => {
    const preview = await get("/emails/lead-notification/preview", marketing.cookie);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(preview.body).toMatch(/^<!doctype html><html lang="en-CA">/i);
    expect(preview.body).toContain("sam.sample@example.com");
    expect(preview.body).toContain('style="font-family:Arial,sans-serif;color:#222"');
    const policy = String(preview.headers["content-security-policy"]);
    expect(policy.split(/;\s*/).sort()).toEqual(
      [
        "default-src 'none'",
        "style-src 'unsafe-inline'",
        "img-src https: data:",
        "sandbox",
        "frame-ancestors 'self'",
      ].sort(),
    );
    expect(policy).not.toContain("script-src");
    expect(preview.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(preview.headers["cache-control"]).toBe("no-store");
    // the desk's own policy is the default of every other answer still
    const page = await get("/emails/lead-notification", marketing.cookie);
    expect(page.headers["content-security-policy"]).not.toContain("'unsafe-inline'");
  });

  it("has no preview address for an email without HTML, or one the site does not send", async () => {
    const crm = await get("/emails/crm-lead/preview", marketing.cookie);
    expect(crm.statusCode).toBe(404);
    expect(crm.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(crm.headers["content-security-policy"]).not.toContain("'unsafe-inline'");
    const unknown = await get("/emails/no-such-email/preview", marketing.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers["content-security-policy"]).not.toContain("'unsafe-inline'");
  });

  it("says the CRM's email has no HTML, only its ADF text", async () => {
    const page = await get("/emails/crm-lead", marketing.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("<iframe");
    expect(page.body).toContain("None: mail programs read the text alone.");
    expect(page.body).toContain("&lt;adf&gt;");
  });

  it("answers 404 for an email the site does not send", async () => {
    expect((await get("/emails/no-such-email", marketing.cookie)).statusCode).toBe(404);
  });

  it("is not in the menu of a role without it, and says so (403) when opened", async () => {
    const leads = await get("/leads", sales.cookie);
    expect(leads.body).not.toContain('href="/emails"');
    const page = await get("/emails/lead-notification", sales.cookie);
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain("not in your role");
    const preview = await get("/emails/lead-notification/preview", sales.cookie);
    expect(preview.statusCode).toBe(403);
    expect(preview.body).not.toContain("sam.sample@example.com");
    expect(preview.headers["content-security-policy"]).not.toContain("'unsafe-inline'");
  });
});
