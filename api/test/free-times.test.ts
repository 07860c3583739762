import { describe, expect, it } from "vitest";
import { type Capacity, freeTimes, type HeldBay } from "../src/service-booking/free-times.js";

const weekday = [{ open: "07:30", close: "16:30" }];
const CAPACITY: Capacity = {
  bays: [
    { id: "bay-1", name: "Bay 1", kinds: ["oil", "inspection"] },
    { id: "bay-2", name: "Bay 2", kinds: ["oil"] },
  ],
  kinds: [
    { id: "oil", name: "Oil, air and fuel filter changes", minutes: 60 },
    { id: "inspection", name: "Commercial vehicle inspection", minutes: 180 },
  ],
  week: {
    Monday: weekday,
    Tuesday: weekday,
    Wednesday: weekday,
    Thursday: weekday,
    Friday: weekday,
    Saturday: [{ open: "08:00", close: "12:00" }],
  },
  leadTimeHours: 0,
  stepMinutes: 30,
  closures: [],
};

const at = (iso: string) => new Date(iso).getTime();

describe("free times", () => {
  it("keeps a bay with its own part of the day to it: an evening bay takes only evening visits", () => {
    const evenings: Capacity = {
      ...CAPACITY,
      week: { Monday: [{ open: "07:30", close: "21:00" }] },
      bays: [
        { id: "day-bay", name: "Day bay", kinds: ["oil"], hours: { open: "07:30", close: "16:30" } },
        { id: "evening-bay", name: "Evening bay", kinds: ["oil"], hours: { open: "16:30", close: "21:00" } },
      ],
    };
    const times = freeTimes(evenings, ["oil"], [], { now: at("2026-11-30T13:00:00Z"), days: 1 });
    const bayAt = (clock: string) => times.find((time) => time.clock === clock)?.bays;
    expect(bayAt("15:30")).toEqual(["day-bay"]);
    // an hour from 16:00 fits neither bay's part of the day
    expect(bayAt("16:00")).toBeUndefined();
    expect(bayAt("16:30")).toEqual(["evening-bay"]);
    expect(times.at(-1)?.clock).toBe("20:00");
    // two vehicles at once need both bays: never, as their parts of the day do not meet
    expect(freeTimes(evenings, ["oil", "oil"], [], { now: at("2026-11-30T13:00:00Z"), days: 1 })).toEqual([]);
  });

  it("offers the grid of each open day in Calgary's time, each visit ending by the close", () => {
    // Monday 2026-11-30, 06:00 in Calgary (UTC-7)
    const times = freeTimes(CAPACITY, ["inspection"], [], { now: at("2026-11-30T13:00:00Z"), days: 1 });
    expect(times.map((time) => time.clock)).toEqual(
      ["07:30", "08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "11:30", "12:00", "12:30"].concat([
        "13:00",
        "13:30",
      ]),
    );
    expect(times[0]).toEqual({
      startsAt: "2026-11-30T14:30:00.000Z",
      date: "2026-11-30",
      clock: "07:30",
      bays: ["bay-1"],
    });
  });

  it("keeps Calgary's clock across a change of clocks: 07:30 is 14:30 UTC before and 13:30 UTC after", () => {
    // Friday 2027-03-12 to Monday 2027-03-15; the clocks go forward on Sunday 2027-03-14
    const times = freeTimes(CAPACITY, ["oil"], [], { now: at("2027-03-12T12:00:00Z"), days: 4 });
    const first = (date: string) => times.find((time) => time.date === date);
    expect(first("2027-03-12")?.startsAt).toBe("2027-03-12T14:30:00.000Z");
    expect(first("2027-03-13")?.startsAt).toBe("2027-03-13T15:00:00.000Z");
    expect(first("2027-03-14")).toBeUndefined();
    expect(first("2027-03-15")?.startsAt).toBe("2027-03-15T13:30:00.000Z");
    // and back in November: Monday 2026-11-02 is the first weekday on standard time
    const autumn = freeTimes(CAPACITY, ["oil"], [], { now: at("2026-10-30T12:00:00Z"), days: 4 });
    expect(autumn.find((time) => time.date === "2026-10-30")?.startsAt).toBe("2026-10-30T13:30:00.000Z");
    expect(autumn.find((time) => time.date === "2026-11-02")?.startsAt).toBe("2026-11-02T14:30:00.000Z");
  });

  it("offers nothing on a closed day, and nothing sooner than the lead time", () => {
    const closed = { ...CAPACITY, closures: [{ from: "2026-12-24", to: "2026-12-28" }] };
    const times = freeTimes(closed, ["oil"], [], { now: at("2026-12-23T13:00:00Z"), days: 7 });
    expect(new Set(times.map((time) => time.date))).toEqual(new Set(["2026-12-23", "2026-12-29"]));
    const later = freeTimes({ ...CAPACITY, leadTimeHours: 24 }, ["oil"], [], {
      now: at("2026-11-30T17:00:00Z"),
      days: 2,
    });
    expect(later[0]?.startsAt).toBe("2026-12-01T17:00:00.000Z");
  });

  it("gives each unit of a visit its own bay that can do its kind, and skips a time a bay is held", () => {
    const now = at("2026-11-30T13:00:00Z");
    const two = freeTimes(CAPACITY, ["inspection", "oil"], [], { now, days: 1 });
    expect(two[0]?.bays).toEqual(["bay-1", "bay-2"]);
    expect(freeTimes(CAPACITY, ["inspection", "inspection"], [], { now, days: 1 })).toEqual([]);
    const held: HeldBay[] = [
      { bayId: "bay-1", startsAt: at("2026-11-30T14:30:00Z"), endsAt: at("2026-11-30T17:30:00Z") },
    ];
    const around = freeTimes(CAPACITY, ["inspection"], held, { now, days: 1 });
    expect(around[0]?.clock).toBe("10:30");
    // the oil change goes to the other bay meanwhile
    expect(freeTimes(CAPACITY, ["oil"], held, { now, days: 1 })[0]).toMatchObject({ clock: "07:30", bays: ["bay-2"] });
  });

  it("offers nothing for a kind no bay does, or a kind it does not know", () => {
    const now = at("2026-11-30T13:00:00Z");
    expect(freeTimes({ ...CAPACITY, bays: [CAPACITY.bays[1]!] }, ["inspection"], [], { now, days: 7 })).toEqual([]);
    expect(freeTimes(CAPACITY, ["paint"], [], { now, days: 7 })).toEqual([]);
  });
});
