import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { readConfig } from "../config.js";

/**
 * npm run feed:import -w api -- <file or URL> [--force] [--api http://127.0.0.1:4182] (the staff listener)
 * Sends the dealership's inventory feed to the running API (POST /api/admin/feeds/inventory with ADMIN_TOKEN), as
 * the DMS's upload would, and prints the run's report: added, updated, unchanged, marked sold, each rejected row
 * with its line and reason. Exits 1 when the file was refused (nothing changed), 0 otherwise.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    force: { type: "boolean", default: false },
    api: { type: "string", default: "http://127.0.0.1:4182" },
  },
});
const config = readConfig();
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
const url = new URL("/api/admin/feeds/inventory", values.api);
url.searchParams.set("source", source.slice(0, 200));
if (values.force) url.searchParams.set("force", "true");
const response = await fetch(url, {
  method: "POST",
  headers: { authorization: `Bearer ${config.ADMIN_TOKEN}`, "content-type": "text/csv; charset=utf-8" },
  body: csv,
});
const report = (await response.json()) as {
  outcome?: string;
  refused?: string;
  added?: number;
  updated?: number;
  unchanged?: number;
  marked_sold?: number;
  rejected?: { line: number; stock_number: string; reason: string }[];
  photo_problems?: { line: number; stock_number: string; url: string; reason: string }[];
  message?: string;
};
if (!response.ok && !report.refused) {
  console.error(`The API answered ${response.status}: ${report.message ?? JSON.stringify(report)}`);
  process.exit(1);
}
if (report.refused) {
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
process.exit(report.refused ? 1 : 0);
