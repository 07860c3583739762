import { WEEKDAYS } from "shared-types";
import { describe, expect, it } from "vitest";
import { calgaryInstant, openDeadline } from "../src/staff/escalation.js";

const week = WEEKDAYS.map((day, i) =>
  i < 5 ? { day, segments: [{ open: "08:00", close: "17:00" }] } : { day, segments: [], text: "Closed" },
);

describe("a lead's time to be claimed, counted in its department's open hours", () => {
  it("reads Calgary's clock on both sides of a change of clocks", () => {
    expect(new Date(calgaryInstant("2026-03-07", "08:00")).toISOString()).toBe("2026-03-07T15:00:00.000Z");
    expect(new Date(calgaryInstant("2026-03-09", "08:00")).toISOString()).toBe("2026-03-09T14:00:00.000Z");
    expect(new Date(calgaryInstant("2026-11-02", "08:00")).toISOString()).toBe("2026-11-02T15:00:00.000Z");
  });

  it("is due an hour later during open hours", () => {
    const from = calgaryInstant("2026-11-23", "09:30");
    expect(openDeadline(week, [], "sales", from, 60)).toBe(calgaryInstant("2026-11-23", "10:30"));
  });

  it("counts Friday's last half hour, skips the weekend, and finishes on Monday morning", () => {
    const from = calgaryInstant("2026-11-27", "16:30");
    expect(openDeadline(week, [], "sales", from, 60)).toBe(calgaryInstant("2026-11-30", "08:30"));
  });

  it("starts at opening for a lead sent at night, and skips the department's closures (not another's)", () => {
    const from = calgaryInstant("2026-12-23", "22:10");
    const christmas = [
      { from: "2026-12-24", to: "2026-12-28", note: "Christmas", departments: ["sales" as const] },
      { from: "2026-12-29", to: "2026-12-29", note: "Inventory count", departments: ["parts" as const] },
    ];
    expect(openDeadline(week, christmas, "sales", from, 60)).toBe(calgaryInstant("2026-12-29", "09:00"));
    expect(openDeadline(week, christmas, "parts", from, 60)).toBe(calgaryInstant("2026-12-24", "09:00"));
  });

  it("counts a day of words (By Appointment Only) as closed, and a week with no hours as never due", () => {
    const words = WEEKDAYS.map((day) => ({ day, segments: [], text: "By Appointment Only" }));
    expect(openDeadline(words, [], "service", calgaryInstant("2026-11-23", "09:00"), 60)).toBeNull();
  });
});
