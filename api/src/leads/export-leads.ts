import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { BusinessDetailsStore } from "../business/business-store.js";
import { readConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { migrate } from "../db/migrations.js";
import { loadLeads, toAdf, toCsv } from "./lead-export.js";

/**
 * npm run leads:export -w api [-- --out-dir exports --since 2026-11-01T00:00:00Z]
 * Writes every stored lead (or those received since a moment) as ADF/XML 1.0 for the dealership's CRM and as CSV.
 * Reads the database the API uses (DATABASE_URL, else the embedded one in DATA_DIR: stop the API first, the
 * embedded database takes one process at a time).
 */
const { values } = parseArgs({
  options: { "out-dir": { type: "string", default: "exports" }, since: { type: "string" } },
});
const since = values.since ? new Date(values.since) : undefined;
if (since && Number.isNaN(since.getTime())) {
  console.error(`--since must be a date, e.g. 2026-11-01T00:00:00Z (got "${values.since}")`);
  process.exit(2);
}

const config = readConfig();
const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(db);
  const leads = await loadLeads(db, since);
  if (leads.length === 0) {
    // ADF needs at least one prospect: an empty export would not be a valid document
    console.log(`No leads${since ? ` since ${since.toISOString()}` : ""} in the ${db.kind} database; nothing written.`);
    process.exit(0);
  }
  const outDir = resolve(values["out-dir"] ?? "exports");
  mkdirSync(outDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
  const adfFile = join(outDir, `leads-${stamp}.adf.xml`);
  const csvFile = join(outDir, `leads-${stamp}.csv`);
  const business = new BusinessDetailsStore(db);
  await business.seedIfMissing();
  writeFileSync(adfFile, toAdf(leads, await business.get()));
  writeFileSync(csvFile, toCsv(leads));
  console.log(`${leads.length} lead(s) from the ${db.kind} database\n${adfFile}\n${csvFile}`);
} finally {
  await db.close();
}
