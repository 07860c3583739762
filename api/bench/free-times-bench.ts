import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { buildApp } from "../src/app.js";
import { openPglite } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { testConfig } from "../test/test-config.js";

/**
 * npm run bench:free-times -w api [-- --bookings 500 --runs 200]
 * The free times of the department's next 6 weeks for a visit of three units, asked of the API
 * (GET /api/service/free-times, through its routing, validation and JSON), with `bookings` appointments held over
 * those weeks, on the department's capacity as first stored (7 bays). Embedded PGlite. Goal: under 20 ms (p95).
 */
const { values } = parseArgs({
  options: { bookings: { type: "string", default: "500" }, runs: { type: "string", default: "200" } },
});
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
    [`bay-${(index % 6) + 1}`, new Date(startsAt).toISOString(), `b-${index}`, 2 + (index % 7)],
  );
}
const app = await buildApp(testConfig({ READ_RATE_LIMIT_MAX: 1_000_000 }), { db, now: () => now });
const url =
  "/api/service/free-times?kind=commercial-vehicle-inspection&kind=complete-brake-service-and-repair&kind=oil-air-fuel-filter-changes";
const timings: number[] = [];
let offered = 0;
for (let run = 0; run < Number(values.runs); run++) {
  const started = performance.now();
  const response = await app.inject({ method: "GET", url });
  offered = (response.json() as { times: unknown[] }).times.length;
  timings.push(performance.now() - started);
}
timings.sort((a, b) => a - b);
const at = (share: number) =>
  (timings[Math.min(timings.length - 1, Math.floor(share * timings.length))] ?? 0).toFixed(2);
console.log(
  `GET free times, ${DAYS} days, ${values.bookings} bookings held, 3 units: ${offered} offered; p50 ${at(0.5)} ms, p95 ${at(0.95)} ms (goal < 20 ms)`,
);
await app.close();
await db.close();
