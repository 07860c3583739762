import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { readConfig } from "../config.js";

/**
 * npm run feed:import -w api -- <file or URL> [--force] [--api <the staff listener>; unset: 127.0.0.1 at API_STAFF_PORT] (the staff listener)
 * Sends the dealership's inventory feed to the running API (POST /api/admin/feeds/inventory with ADMIN_TOKEN), as
 * the DMS's upload would; the import runs in the background, so this reads the run's status until it ends, then
 * prints its report: added, updated, unchanged, marked sold, each rejected row with its line and reason. Exits 1
 * when the file was refused or the run failed (nothing changed), 0 otherwise.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    force: { type: "boolean", default: false },
    api: { type: "string" },
  },
});
const config = readConfig();
/** The API's staff listener: --api, or this machine's at API_STAFF_PORT. */
const staffApi = values.api ?? `http://127.0.0.1:${config.API_STAFF_PORT}`;
const source = positionals[0];
if (!source) {
  console.error("Usage: npm run feed:import -w api -- <file or URL> [--force]");
  process.exit(2);
}
if (!config.ADMIN_TOKEN) {
  console.error("Set ADMIN_TOKEN (the API's) so this command can send the feed to the API.");
  process.exit(2);
}
const csv = /^https?:\/\//.test(source)
  ? await (await fetch(source, { redirect: "error", signal: AbortSignal.timeout(60_000) })).text()
  : await readFile(source, "utf8");
const url = new URL("/api/admin/feeds/inventory", staffApi);
url.searchParams.set("source", source.slice(0, 200));
if (values.force) url.searchParams.set("force", "true");
const response = await fetch(url, {
  method: "POST",
  headers: { authorization: `Bearer ${config.ADMIN_TOKEN}`, "content-type": "text/csv; charset=utf-8" },
  body: csv,
});
const started = (await response.json()) as { run_id?: string; status_url?: string; message?: string };
if (response.status !== 202 || !started.status_url) {
  console.error(`The API answered ${response.status}: ${started.message ?? JSON.stringify(started)}`);
  process.exit(1);
}
console.log(`Run ${started.run_id} started; waiting for it to end…`);

interface Run {
  outcome: "running" | "imported" | "refused" | "failed";
  report: {
    refused?: string;
    failed?: string;
    added?: number;
    updated?: number;
    unchanged?: number;
    marked_sold?: number;
    rejected?: { line: number; stock_number: string; reason: string }[];
    photo_problems?: { line: number; stock_number: string; url: string; reason: string }[];
  };
}
// the import runs in the background (photos may take minutes): its status is read until it ends
let run: Run;
for (;;) {
  const status = await fetch(new URL(started.status_url, staffApi), {
    headers: { authorization: `Bearer ${config.ADMIN_TOKEN}` },
  });
  if (!status.ok) {
    console.error(`Reading the run's status, the API answered ${status.status}`);
    process.exit(1);
  }
  run = (await status.json()) as Run;
  if (run.outcome !== "running") break;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
}
const report = run.report;
if (run.outcome === "failed") {
  console.error(`The run failed, nothing changed: ${report.failed ?? "see the API's log"}`);
} else if (report.refused) {
  console.error(`Refused, nothing changed: ${report.refused}`);
} else {
  console.log(
    `Imported: ${report.added} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.marked_sold} marked sold.`,
  );
}
for (const row of report.rejected ?? [])
  console.log(`  line ${row.line} (${row.stock_number || "no stock"}): ${row.reason}`);
for (const photo of report.photo_problems ?? []) {
  console.log(`  line ${photo.line} (${photo.stock_number}) photo ${photo.url}: ${photo.reason}`);
}
process.exit(run.outcome === "imported" ? 0 : 1);
