import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deskAndApi } from "./desk-and-api.js";

// Team desk: the Site speed page, in front of the real API, from beacons sent as a visitor's browser sends them.

type Site = Awaited<ReturnType<typeof deskAndApi>>;

describe("the desk's Site speed page", () => {
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
  /** One page view's measurements, through the API's public route, as sendBeacon sends them. */
  const beacon = (route: string, values: Record<string, number>, device = "phone") =>
    site.api.inject({
      method: "POST",
      url: "/api/vitals",
      headers: { "content-type": "text/plain;charset=UTF-8", "x-forwarded-for": "203.0.113.20" },
      payload: JSON.stringify(Object.entries(values).map(([metric, value]) => ({ route, metric, value, device }))),
    });

  it("says when no visitor has been measured, and is in the menu of the roles it is for", async () => {
    const page = await get("/speed", marketing.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('href="/speed"');
    expect(page.body).toContain("No visitor has been measured in the last 28 days.");
  });

  it("shows each route's 75th percentile beside Google's goals, in Google's words, with the visits measured", async () => {
    for (const lcp of [1200, 1800, 2100, 2400]) {
      expect((await beacon("/inventory/vehicle/:id", { LCP: lcp, INP: 320, CLS: 0.3 })).statusCode).toBe(204);
    }
    expect((await beacon("/", { LCP: 5200 }, "desktop")).statusCode).toBe(204);
    const page = await get("/speed", marketing.cookie);
    const body = page.body.replaceAll("<!-- -->", "");
    expect(body).toContain("<code>/inventory/vehicle/:id</code>");
    // LCP: p75 of 1200, 1800, 2100, 2400 is 2175 ms: good (≤ 2.5 s); INP 320 ms needs improvement; CLS 0.30 poor
    expect(body).toMatch(
      /Largest Contentful Paint \(LCP\)<\/th><td>2\.2 s<\/td><td>good ≤ 2\.5 s<\/td><td>Good<\/td><td>2\.2 s \(4\)<\/td><td>–<\/td><td>4<\/td>/,
    );
    expect(body).toMatch(
      /Interaction to Next Paint \(INP\)<\/th><td>320 ms<\/td><td>good ≤ 200 ms<\/td><td>Needs improvement<\/td>/,
    );
    expect(body).toMatch(/Cumulative Layout Shift \(CLS\)<\/th><td>0\.30<\/td><td>good ≤ 0\.10<\/td><td>Poor<\/td>/);
    // the home page, measured on a desktop only: its own table, LCP alone
    expect(body).toMatch(
      /<code>\/<\/code>[\s\S]*LCP\)<\/th><td>5\.2 s<\/td><td>good ≤ 2\.5 s<\/td><td>Poor<\/td><td>–<\/td><td>5\.2 s \(1\)<\/td><td>1<\/td>/,
    );
    expect(body).not.toContain("No visitor has been measured");
  });

  it("is not in the menu of a role without it, and says so (403) when opened", async () => {
    const leads = await get("/leads", sales.cookie);
    expect(leads.body).not.toContain('href="/speed"');
    const page = await get("/speed", sales.cookie);
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain("not in your role");
  });
});
