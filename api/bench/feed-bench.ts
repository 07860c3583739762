import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { stringify } from "csv-stringify/sync";
import { openPglite } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { FeedService } from "../src/feeds/feed-service.js";
import { FEED_COLUMNS } from "../src/feeds/inventory-feed-format.js";
import { PhotoStore } from "../src/feeds/photos.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { feedRow, samplePhoto } from "../src/seed/sample-feed.js";

/**
 * npm run bench:feed -w api [-- --units 10000 --photos 24]
 * Imports a feed of `units` units into a fresh embedded database (first as new stock, then the same file again,
 * then with a tenth of the units sold), with the time and the process's peak memory; then stores `photos` distinct
 * 1600 x 1200 photographs (as an import does: read, check, store) and makes each size and format of a few, for
 * photos per second on this machine. Not a test: the numbers go in the issue notes.
 */
const { values } = parseArgs({
  options: { units: { type: "string", default: "10000" }, photos: { type: "string", default: "24" } },
});
const unitCount = Number(values.units);
const photoCount = Number(values.photos);
const work = mkdtempSync(join(tmpdir(), "feed-bench-"));
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const peak = () => mb(process.resourceUsage().maxRSS * 1024);

const units = generateInventory(unitCount);
const csv = stringify(
  units.map((unit) => feedRow(unit, [])),
  { header: true, columns: [...FEED_COLUMNS] },
);
const db = await openPglite();
await migrate(db);
const feeds = new FeedService(db, { maxRemovalPercent: 30 });
console.log(
  `feed: ${unitCount.toLocaleString("en-CA")} units, ${mb(csv.length)} of CSV; peak memory before: ${peak()}`,
);
const timed = async (label: string, body: string) => {
  const started = performance.now();
  const { report } = await feeds.importInventory(body, { source: "bench" });
  if (report.refused) console.log(`refused: ${report.refused}`);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(26)} ${seconds.toFixed(1).padStart(6)} s  added ${report.added}, updated ${report.updated}, unchanged ${report.unchanged}, sold ${report.marked_sold}, rejected ${report.rejected.length}; peak memory ${peak()}`,
  );
};
await timed("first import (all new)", csv);
await timed("the same file again", csv);
const tenthSold = stringify(
  units.filter((_, i) => i % 10 !== 0).map((unit) => feedRow(unit, [])),
  { header: true, columns: [...FEED_COLUMNS] },
);
await timed("a tenth of the stock sold", tenthSold);

const photoDir = join(work, "photos");
const sourceDir = join(work, "sources");
const store = new PhotoStore(db, photoDir, {
  origins: [],
  timeoutMs: 10_000,
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 40_000_000,
  fileDirs: [sourceDir],
});
const urls: string[] = [];
const { mkdirSync } = await import("node:fs");
mkdirSync(sourceDir, { recursive: true });
const shapes = ["pickup", "hd-pickup", "van", "box-truck", "medium-truck", "suv", "ev-truck"] as const;
for (let i = 0; i < photoCount; i++) {
  const file = join(sourceDir, `photo-${i}.jpg`);
  writeFileSync(file, await samplePhoto(shapes[i % shapes.length] ?? "pickup", (i % 3) + 1, 1000 + i));
  urls.push(pathToFileURL(file).href);
}
let started = performance.now();
const { photos, problems } = await store.addAll(urls);
let seconds = (performance.now() - started) / 1000;
console.log(
  `photos stored (read, checked, kept)  ${(photos.length / seconds).toFixed(1)} per second (${photos.length} in ${seconds.toFixed(1)} s, ${problems.length} refused)`,
);
for (const [format, width] of [
  ["avif", 640],
  ["avif", 1280],
  ["webp", 1280],
  ["jpeg", 1280],
  ["avif", 160],
] as const) {
  started = performance.now();
  let bytes = 0;
  const sample = photos.slice(0, 6);
  for (const photo of sample) bytes += (await store.variant(photo.id, width, format))?.length ?? 0;
  seconds = (performance.now() - started) / 1000;
  console.log(
    `variant ${format} ${String(width).padStart(4)} px made on first request   ${((seconds * 1000) / sample.length).toFixed(0).padStart(5)} ms each, ${Math.round(bytes / sample.length / 1024)} KB each`,
  );
}
await db.close();
rmSync(work, { recursive: true, force: true });
