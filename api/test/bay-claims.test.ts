import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/database.js";
import { bookTime } from "../src/service-booking/bay-claims.js";
import { type Capacity, freeTimes } from "../src/service-booking/free-times.js";
import { sharedDatabases } from "./database-fixtures.js";

// one bay, one hour a day for ten weekdays: ten free times in all
const CAPACITY: Capacity = {
  bays: [{ id: "bay-1", name: "Bay 1", kinds: ["oil"] }],
  kinds: [{ id: "oil", name: "Oil, air and fuel filter changes", minutes: 60 }],
  week: Object.fromEntries(
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((day) => [day, [{ open: "08:00", close: "09:00" }]]),
  ),
  leadTimeHours: 0,
  stepMinutes: 30,
  closures: [],
};
// Sunday 2026-11-29, noon in Calgary: two weeks of weekdays follow
const NOW = new Date("2026-11-29T19:00:00Z").getTime();
const HORIZON = { now: NOW, days: 14 };

for (const databases of sharedDatabases()) {
  describe(`bay claims on ${databases.name}`, () => {
    let first: Database;
    let second: Database;
    beforeAll(async () => {
      [first, second] = await databases.open();
    }, 60_000);
    afterAll(() => databases.close());

    it("100 visitors racing for 10 free times from two API processes: exactly 10 booked, the rest told the next", async () => {
      const times = freeTimes(CAPACITY, ["oil"], [], HORIZON);
      expect(times).toHaveLength(10);
      const stored: string[] = [];
      const attempts = Array.from({ length: 100 }, (_, index) => {
        const db = index % 2 === 0 ? first : second;
        const wanted = times[index % 10]?.startsAt as string;
        return bookTime(db, CAPACITY, { ...HORIZON, bookingId: `b-${index}`, startsAt: wanted }, async (tx) => ({
          units: [{ kind: "oil" }],
          store: async () => {
            await tx.query("select 1");
            stored.push(`b-${index}`);
          },
        }));
      });
      const claims = await Promise.all(attempts);
      const taken = claims.filter((claim) => claim.taken);
      expect(taken).toHaveLength(10);
      expect(new Set(taken.map((claim) => claim.taken && claim.time.startsAt))).toEqual(
        new Set(times.map((time) => time.startsAt)),
      );
      const [steps] = await first.query<{ count: number; bookings: number }>(
        "select count(*)::int as count, count(distinct booking_id)::int as bookings from service_bay_steps",
      );
      expect(steps).toEqual({ count: 20, bookings: 10 });
      // a loser is offered a later time, or none once all ten are gone
      for (const [index, claim] of claims.entries()) {
        if (!claim.taken && claim.next)
          expect(claim.next.startsAt > (times[index % 10]?.startsAt as string)).toBe(true);
      }
      expect(stored).toHaveLength(10);
    }, 120_000);

    it("a visitor who loses a time is offered the next free one", async () => {
      await first.query("delete from service_bay_steps");
      const times = freeTimes(CAPACITY, ["oil"], [], HORIZON);
      const wanted = (times[0] as { startsAt: string }).startsAt;
      const request = { ...HORIZON, startsAt: wanted };
      const work = async () => ({ units: [{ kind: "oil" }], store: async () => undefined });
      const winner = await bookTime(first, CAPACITY, { ...request, bookingId: "w" }, work);
      const loser = await bookTime(second, CAPACITY, { ...request, bookingId: "l" }, work);
      expect(winner.taken).toBe(true);
      expect(loser).toEqual({ taken: false, next: times[1] });
    });
  });
}
