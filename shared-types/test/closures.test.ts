import { describe, expect, it } from "vitest";
import { closuresAhead, dealershipToday, formatClosure, msToDealershipMidnight, noticeOn } from "../src/business.js";
import { siteNoticeSchema } from "../src/business.schema.js";

const christmas = {
  from: "2026-12-25",
  to: "2026-12-26",
  note: "Christmas",
  departments: ["sales" as const, "service" as const, "parts" as const],
};

describe("closures, counted in Calgary's days", () => {
  it("says the days, the departments and why", () => {
    expect(formatClosure(christmas)).toBe(
      "Closed Friday, December 25 to Saturday, December 26 (Sales, Service and Parts): Christmas",
    );
    expect(formatClosure({ ...christmas, to: "2026-12-25", departments: ["service"] })).toBe(
      "Closed Friday, December 25 (Service): Christmas",
    );
  });

  it("keeps a closure until its last day is over, soonest first", () => {
    const count = { from: "2026-12-01", to: "2026-12-01", note: "Inventory count", departments: ["parts" as const] };
    expect(closuresAhead([christmas, count], "2026-11-25").map((c) => c.note)).toEqual([
      "Inventory count",
      "Christmas",
    ]);
    expect(closuresAhead([christmas, count], "2026-12-26").map((c) => c.note)).toEqual(["Christmas"]);
    expect(closuresAhead([christmas, count], "2026-12-27")).toEqual([]);
  });

  it("knows the day in Calgary, and how long until the next one begins", () => {
    // 06:30 UTC on the 26th is 23:30 on the 25th in Calgary (MST, UTC-7): half an hour to go
    const late = new Date("2026-11-26T06:30:00Z");
    expect(dealershipToday(late)).toBe("2026-11-25");
    expect(msToDealershipMidnight(late)).toBe(30 * 60 * 1000);
    // in summer (MDT, UTC-6): 05:59:59.500 UTC is 23:59:59.500
    expect(msToDealershipMidnight(new Date("2026-07-01T05:59:59.500Z"))).toBe(500);
  });
});

describe("the site's notice", () => {
  const notice = { text: "Open house", link: "/inventory", from: "2026-12-05", to: "2026-12-06" };
  it("is shown from its first day to its last, in Calgary's days, and always when it has none", () => {
    expect(noticeOn(notice, "2026-12-04")).toBeNull();
    expect(noticeOn(notice, "2026-12-05")).toEqual(notice);
    expect(noticeOn(notice, "2026-12-06")).toEqual(notice);
    expect(noticeOn(notice, "2026-12-07")).toBeNull();
    expect(noticeOn({ ...notice, from: null, to: null }, "2030-01-01")?.text).toBe("Open house");
    expect(noticeOn(null, "2026-12-05")).toBeNull();
  });

  it("takes a link to this site or an https address, never a script", () => {
    const check = (link: string) => siteNoticeSchema.safeParse({ ...notice, link }).success;
    expect(check("/inventory")).toBe(true);
    expect(check("https://gm.ca/fleet")).toBe(true);
    expect(check("")).toBe(true);
    expect(check("javascript:alert(1)")).toBe(false);
    expect(check("//evil.example")).toBe(false);
    expect(check("http://plain.example")).toBe(false);
  });
});
