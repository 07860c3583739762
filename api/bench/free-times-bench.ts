import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { openPglite } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { heldBays } from "../src/service-booking/bay-claims.js";
import { type Capacity, freeTimes } from "../src/service-booking/free-times.js";

/**
 * npm run bench:free-times -w api [-- --bookings 500 --runs 200]
 * The free times of the department's next 6 weeks for a visit of three units, read as the API reads them (the held
 * bay steps from the database, then the grid), with `bookings` appointments held over those weeks. Embedded PGlite.
 * Goal: under 20 ms (p95).
 */
const { values } = parseArgs({
  options: { bookings: { type: "string", default: "500" }, runs: { type: "string", default: "200" } },
});
const KINDS = ["oil", "brakes", "inspection", "bus-inspection", "estimate"];
const weekday = [{ open: "07:30", close: "16:30" }];
const CAPACITY: Capacity = {
  bays: Array.from({ length: 8 }, (_, index) => ({
    id: `bay-${index + 1}`,
    name: `Bay ${index + 1}`,
    kinds: index < 2 ? KINDS : KINDS.filter((kind) => kind !== "estimate"),
  })),
  kinds: KINDS.map((id, index) => ({ id, name: id, minutes: [60, 120, 180, 240, 60][index] as number })),
  week: {
    Monday: weekday,
    Tuesday: weekday,
    Wednesday: weekday,
    Thursday: weekday,
    Friday: weekday,
    Saturday: [{ open: "08:00", close: "12:00" }],
  },
  leadTimeHours: 4,
  stepMinutes: 30,
  closures: [{ from: "2026-12-24", to: "2026-12-28" }],
};
const DAYS = 42;
const now = new Date("2026-11-30T14:00:00Z").getTime();

const db = await openPglite();
await migrate(db);
// bookings spread over the weeks, each a bay held for one to four hours
for (let index = 0; index < Number(values.bookings); index++) {
  const startsAt = now + Math.floor((index / Number(values.bookings)) * DAYS) * 86_400_000 + (index % 9) * 3_600_000;
  await db.query(
    `insert into service_bay_steps (bay_id, starts_at, booking_id)
     select $1, $2::timestamptz + make_interval(mins => step * 30), $3 from generate_series(0, $4 - 1) as step
     on conflict do nothing`,
    [`bay-${(index % 8) + 1}`, new Date(startsAt).toISOString(), `b-${index}`, 2 + (index % 7)],
  );
}
const timings: number[] = [];
let offered = 0;
for (let run = 0; run < Number(values.runs); run++) {
  const started = performance.now();
  const held = await heldBays(db, now, now + (DAYS + 1) * 86_400_000, CAPACITY.stepMinutes);
  offered = freeTimes(CAPACITY, ["inspection", "brakes", "oil"], held, { now, days: DAYS }).length;
  timings.push(performance.now() - started);
}
timings.sort((a, b) => a - b);
const at = (share: number) =>
  (timings[Math.min(timings.length - 1, Math.floor(share * timings.length))] ?? 0).toFixed(2);
console.log(
  `free times, ${DAYS} days, ${values.bookings} bookings held, 3 units: ${offered} offered; p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (goal < 20 ms)`,
);
await db.close();
