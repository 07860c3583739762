import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app.js";
import { apiConfigSchema } from "../src/config.js";
import { type Database, openPglite, openPostgres } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { insertVehicles } from "../src/seed/seed.js";

/**
 * npm run bench -w api [-- --sizes 10000,100000 --runs 200]
 * Seeds an inventory of each size into a fresh database (embedded PGlite, or PostgreSQL with BENCH_DATABASE_URL)
 * (a throwaway database on that server) and times the queries the inventory page makes, through the HTTP layer
 * (validation and serialisation included). Every search answers its page with every facet's counts.
 * Goal on a 2-core machine: p95 at most 20 ms at 10,000 vehicles, 100 ms at 100,000.
 */
const { values } = parseArgs({
  options: { sizes: { type: "string", default: "10000,100000" }, runs: { type: "string", default: "200" } },
});
const sizes = (values.sizes ?? "")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const runs = Number(values.runs);
const GOALS: Record<number, number> = { 10000: 20, 100000: 100 };

const MAKES = ["Isuzu", "GMC", "Chevrolet", "Buick", "Cadillac"];
const BODY_STYLES = ["Pickup", "Cab Chassis", "Cargo Van", "SUV"];
const BODY_TYPES_FACET = ["dry-freight-box", "refrigerated-box,dump", "cab-chassis", "pickup"];
const SORTS = ["age_desc", "age_asc", "price_asc", "price_desc", "discount", "random"];
const TERMS = ["backup camera", "red", "2019", "isuzu nrr", "lifted", "diesel", "heated seats", "white cargo"];

/** The query mix of the inventory page, deterministic so every run measures the same work. */
function filterQuery(i: number): string {
  const params = new URLSearchParams({ sort: SORTS[i % SORTS.length] ?? "age_desc", page: String((i % 5) + 1) });
  if (i % 2 === 0) params.set("make", MAKES[i % MAKES.length] ?? "GMC");
  if (i % 3 === 0) params.set("condition", i % 6 === 0 ? "new" : "used");
  if (i % 4 === 0) params.set("body_style", BODY_STYLES[i % BODY_STYLES.length] ?? "Pickup");
  if (i % 5 === 0) params.set("price_lower", "40000");
  if (i % 7 === 0) params.set("year", "2025,2026");
  // the work-truck facets; every answer carries the counts of every facet as well
  if (i % 3 === 1) params.set("gvwr_class", i % 2 ? "4,5" : "3");
  if (i % 4 === 1) params.set("body_type", BODY_TYPES_FACET[i % BODY_TYPES_FACET.length] ?? "dump");
  if (i % 5 === 1) params.set("fuel", "diesel");
  if (i % 6 === 1) params.set("cab_type", "crew");
  if (i % 8 === 3) params.set("year_min", "2022");
  return `/api/inventory/all/?${params}`;
}
const searchQuery = (i: number) =>
  `/api/inventory/search/${encodeURIComponent(TERMS[i % TERMS.length] ?? "red")}?sort=${SORTS[i % SORTS.length]}`;

const QUERIES: Record<string, (i: number) => string> = {
  "filters + facets + page": filterQuery,
  "text search": searchQuery,
  properties: () => "/api/inventory/properties",
  "model counts": () => "/api/inventory/model-counts",
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** A fresh database per size: embedded, or a throwaway one created on the BENCH_DATABASE_URL server. */
async function openBenchDatabase(): Promise<Database> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return openPglite();
  const name = `fleet_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openPostgres(target.toString());
  return {
    ...db,
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name}`);
      await cleanup.end();
    },
  };
}

async function time(app: FastifyInstance, url: string): Promise<number> {
  const started = performance.now();
  const res = await app.inject({ method: "GET", url });
  const elapsed = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  return elapsed;
}

let missed = false;
for (const size of sizes) {
  const db = await openBenchDatabase();
  await migrate(db);
  const seedStarted = performance.now();
  await insertVehicles(db, generateInventory(size));
  await db.query("analyze vehicles");
  const app = await buildApp(apiConfigSchema.parse({ LOG_LEVEL: "silent" }), { db });
  console.log(
    `\n${size.toLocaleString("en-CA")} vehicles on ${db.kind} (seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s), ${runs} runs each`,
  );
  console.log("query                    p50 ms   p95 ms   max ms");
  for (const [name, url] of Object.entries(QUERIES)) {
    for (let i = 0; i < 20; i++) await time(app, url(i)); // warm-up: plans and caches
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push(await time(app, url(i)));
    samples.sort((a, b) => a - b);
    const p95 = percentile(samples, 95);
    const goal = GOALS[size];
    const verdict = goal === undefined ? "" : p95 <= goal ? `  ok (goal ${goal})` : `  OVER (goal ${goal})`;
    if (goal !== undefined && p95 > goal) missed = true;
    console.log(
      `${name.padEnd(22)} ${percentile(samples, 50).toFixed(1).padStart(7)}  ${p95.toFixed(1).padStart(7)}  ${(samples.at(-1) ?? 0).toFixed(1).padStart(7)}${verdict}`,
    );
  }
  await app.close();
  await db.close();
}
process.exitCode = missed ? 1 : 0;
