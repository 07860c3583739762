import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { stringify } from "csv-stringify/sync";
import pLimit from "p-limit";
import sharp from "sharp";
import { openPglite } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { FeedService } from "../src/feeds/feed-service.js";
import { FEED_COLUMNS } from "../src/feeds/inventory-feed-format.js";
import { PhotoStore } from "../src/feeds/photos.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { feedRow, samplePhoto } from "../src/seed/sample-feed.js";

/**
 * npm run bench:feed -w api [-- --units 10000 --photos 96 --concurrency 8]
 * Imports a feed of `units` units into a fresh embedded database (first as new stock, then the same file again,
 * then with a tenth of the units sold), with the time and the process's peak memory; then takes in `photos`
 * distinct 1600 x 1200 photographs from a loopback server as an import does (fetched, checked, stored, `concurrency`
 * at a time), beside sharp's own rate for the same work on the same files (the limit), and makes each size and
 * format of a few. Not a test: the numbers go in the issue notes.
 */
const { values } = parseArgs({
  options: {
    units: { type: "string", default: "10000" },
    photos: { type: "string", default: "96" },
    concurrency: { type: "string", default: "8" },
  },
});
const unitCount = Number(values.units);
const photoCount = Number(values.photos);
const work = mkdtempSync(join(tmpdir(), "feed-bench-"));
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const peak = () => mb(process.resourceUsage().maxRSS * 1024);

const photoDir = join(work, "photos");
const sourceDir = join(work, "sources");
mkdirSync(sourceDir, { recursive: true });
const shapes = ["pickup", "hd-pickup", "van", "box-truck", "medium-truck", "suv", "ev-truck"] as const;
const sources: Buffer[] = [];
for (let i = 0; i < Math.min(photoCount, 8); i++) {
  sources.push(await samplePhoto(shapes[i % shapes.length] ?? "pickup", (i % 3) + 1, 1000 + i));
}
// each photo its own picture (a distinct content address: nothing is skipped as already stored), served from a
// loopback server as a dealer's photo host would serve them
const photoBytes = (i: number) => Buffer.concat([sources[i % sources.length] as Buffer, Buffer.from(`#${i}`)]);
const { createServer } = await import("node:http");
const server = createServer((request, response) => {
  const [, unit, n] = /\/(unit-)?photo-(\d+)\.jpg$/.exec(request.url ?? "") ?? [];
  const i = Number(n ?? -1);
  if (i < 0 || (!unit && i >= photoCount)) return response.writeHead(404).end();
  // the units' pictures are others than the intake's: none of those is stored before it is measured
  response.writeHead(200, { "content-type": "image/jpeg" }).end(photoBytes(unit ? 100_000 + i : i));
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
const concurrency = Number(values.concurrency);
// a dealer's feed names each unit's photos: here three each, from a pool of distinct pictures a group shares
const poolSize = 60;
const unitPhotos = (i: number) => [0, 1, 2].map((k) => `${origin}/unit-photo-${(i * 3 + k) % poolSize}.jpg`);
const units = generateInventory(unitCount);
const csv = stringify(
  units.map((unit, i) => feedRow(unit, unitPhotos(i))),
  { header: true, columns: [...FEED_COLUMNS] },
);
const db = await openPglite();
await migrate(db);
const unitStore = new PhotoStore(db, join(work, "unit-photos"), {
  origins: [origin],
  timeoutMs: 10_000,
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 40_000_000,
  fileDirs: [],
  concurrency,
  perHostConcurrency: concurrency,
});
const feeds = new FeedService(db, { maxRemovalPercent: 30, photos: unitStore });
console.log(
  `feed: ${unitCount.toLocaleString("en-CA")} units, ${mb(csv.length)} of CSV; peak memory before: ${peak()}`,
);
const timed = async (label: string, body: string) => {
  const started = performance.now();
  const { report } = await feeds.importInventory(body, { source: "bench" });
  if (report.refused) console.log(`refused: ${report.refused}`);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(36)} ${seconds.toFixed(1).padStart(6)} s  added ${report.added}, updated ${report.updated}, unchanged ${report.unchanged}, sold ${report.marked_sold}, rejected ${report.rejected.length}; peak memory ${peak()}`,
  );
};
await timed(`first import (all new, ${unitCount * 3} photos)`, csv);
await timed("the same file again", csv);
const tenthSold = stringify(
  units.map((unit, i) => (i % 10 !== 0 ? feedRow(unit, unitPhotos(i)) : null)).filter((row) => row !== null),
  { header: true, columns: [...FEED_COLUMNS] },
);
await timed("a tenth of the stock sold", tenthSold);

const store = new PhotoStore(db, photoDir, {
  origins: [origin],
  timeoutMs: 10_000,
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 40_000_000,
  fileDirs: [sourceDir],
  concurrency,
  perHostConcurrency: concurrency,
});
const urls = Array.from({ length: photoCount }, (_, i) => `${origin}/photo-${i}.jpg`);
const meta = await sharp(sources[0] as Buffer).metadata();
console.log(
  `photos: ${photoCount} distinct ${meta.width} x ${meta.height} JPEGs (${Math.round((sources[0]?.length ?? 0) / 1024)} KB) from a loopback server, ${concurrency} at a time`,
);
// the limit: sharp alone doing what the store does to each photo (decode, turn upright, bound, encode), as many at once
let started = performance.now();
const limit = pLimit(concurrency);
await Promise.all(
  urls.map((_, i) =>
    limit(() =>
      sharp(photoBytes(i), { limitInputPixels: 40_000_000, failOn: "error" })
        .rotate()
        .resize({ width: 2400, height: 2400, fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 88, mozjpeg: true })
        .toBuffer(),
    ),
  ),
);
let seconds = (performance.now() - started) / 1000;
console.log(`sharp alone (decode and encode, the limit)      ${(photoCount / seconds).toFixed(1)} per second`);
started = performance.now();
const { photos, problems } = await store.addAll(urls);
seconds = (performance.now() - started) / 1000;
console.log(
  `photos taken in (fetched, checked, stored)      ${(photos.length / seconds).toFixed(1)} per second (${photos.length} in ${seconds.toFixed(1)} s, ${problems.length} refused)`,
);
server.close();
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
