import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/database.js";
import { findRun, startRun, takeFeedLease } from "../src/feeds/feed-runs.js";
import { FeedBusy, FeedService } from "../src/feeds/feed-service.js";
import { PhotoStore } from "../src/feeds/photos.js";
import { withVinCheckDigit } from "../src/seed/inventory-generator.js";
import { backends } from "./database-fixtures.js";

const HEADER = "Type,Stock,VIN,Year,Make,Model,SellingPrice,MSRP,ImageList";

describe.each(backends())("background feed runs and photo intake on $name", (backend) => {
  let db: Database;
  let server: Server;
  let origin = "";
  let jpeg: Buffer;
  let inFlight = 0;
  let mostInFlight = 0;
  const photoDir = mkdtempSync(join(tmpdir(), "feed-runs-photos-"));

  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    server = createServer((request, response) => {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      // each photo a different picture (its own content address), answered after a while
      const bytes = Buffer.concat([jpeg, Buffer.from(request.url ?? "")]);
      setTimeout(() => {
        inFlight--;
        response.writeHead(200, { "content-type": "image/jpeg" }).end(bytes);
      }, 60);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    db = await backend.open();
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await db.close();
    rmSync(photoDir, { recursive: true, force: true });
  });

  const store = (options: { concurrency?: number; perHostConcurrency?: number } = {}) =>
    new PhotoStore(db, photoDir, {
      origins: [origin],
      timeoutMs: 5_000,
      maxBytes: 5_000_000,
      maxPixels: 40_000_000,
      fileDirs: [],
      ...options,
    });

  it("fetches photos in parallel, never more at once from one host than its limit, in the feed's order", async () => {
    inFlight = 0;
    mostInFlight = 0;
    const urls = Array.from({ length: 12 }, (_, i) => `${origin}/parallel-${i}.jpg`);
    const started = Date.now();
    const { photos, problems } = await store({ concurrency: 8, perHostConcurrency: 3 }).addAll(urls);
    expect(problems).toEqual([]);
    expect(photos).toHaveLength(12);
    expect(mostInFlight).toBe(3);
    // 12 photos, 3 at a time, 60 ms each: about 240 ms, not the 720 ms of one after another
    expect(Date.now() - started).toBeLessThan(700);
  });

  it("leaves the photos whose turn comes after the run's deadline for the next run, with the reason", async () => {
    const deadline = AbortSignal.timeout(100);
    const urls = Array.from({ length: 10 }, (_, i) => `${origin}/deadline-${i}.jpg`);
    const { photos, problems } = await store({ concurrency: 1, perHostConcurrency: 1 }).addAll(urls, deadline);
    expect(photos.length).toBeGreaterThan(0);
    expect(photos.length).toBeLessThan(10);
    expect(problems[0]?.reason).toMatch(/the run's time for photos ran out/);
  });

  it("holds one run per feed across services on one database; a lease whose holder stopped is taken over", async () => {
    const first = new FeedService(db, { maxRemovalPercent: 100, photos: store({ perHostConcurrency: 1 }) });
    const second = new FeedService(db, { maxRemovalPercent: 100 });
    const rows = Array.from(
      { length: 4 },
      (_, i) =>
        `New,L${i},${withVinCheckDigit(`JALC4W16${"0"}7S00010${i}`)},2026,Isuzu,NRR,89990,94500,${origin}/lease-${i}.jpg`,
    );
    const run = await first.startInventoryImport([HEADER, ...rows].join("\n"), { source: "first" });
    expect(run.outcome).toBe("running");
    await expect(second.startInventoryImport(`${HEADER}\n`, { source: "second" })).rejects.toBeInstanceOf(FeedBusy);
    const ended = await first.settled(run.id);
    expect(ended).toMatchObject({ outcome: "imported", report: { added: 4, photo_problems: [] } });
    // free again once it ends
    const next = await second.importInventory(`${HEADER}\n`, { source: "second" });
    expect(next.run.outcome).toBe("refused");

    // a process that stopped mid-run: its lease runs out, the next run takes over and the stale run is marked failed
    const stale = randomUUID();
    await startRun(db, stale, "inventory", "a process that stopped");
    await db.query(
      "insert into job_leases (name, holder, locked_until) values ('feed-run:inventory', $1, now() - interval '1 minute') on conflict (name) do update set holder = excluded.holder, locked_until = excluded.locked_until",
      [stale],
    );
    expect(await takeFeedLease(db, "inventory", randomUUID())).toEqual({ taken: true });
    expect((await findRun(db, stale))?.outcome).toBe("failed");
  });

  it("asks a photo host once more when it closes the connection under the request, and keeps the photo", async () => {
    let asked = 0;
    const closing = createServer((request, response) => {
      asked++;
      // the first answer never comes: the host drops the connection, as one closing an idle kept-alive socket does
      if (asked === 1) return request.socket.destroy();
      response.writeHead(200, { "content-type": "image/jpeg" }).end(Buffer.concat([jpeg, Buffer.from("reset")]));
    });
    await new Promise<void>((resolve) => closing.listen(0, "127.0.0.1", resolve));
    const at = `http://127.0.0.1:${(closing.address() as AddressInfo).port}`;
    const photos = new PhotoStore(db, photoDir, {
      origins: [at],
      timeoutMs: 5_000,
      maxBytes: 5_000_000,
      maxPixels: 40_000_000,
      fileDirs: [],
    });
    try {
      expect(await photos.add(`${at}/reset.jpg`)).toMatchObject({ width: 320, height: 240 });
      expect(asked).toBe(2);
    } finally {
      closing.closeAllConnections();
      closing.close();
    }
  });

  it("keeps a JPEG as sent without its metadata (no GPS position), and turns a sideways one upright", async () => {
    const withGps = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#884422" } })
      .jpeg({ quality: 80 })
      .withExif({ IFD0: { Copyright: "Prairie Haulage" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 2/1 0/1" } })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const sideways = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#224488" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const files = new Map([
      ["/gps.jpg", withGps],
      ["/sideways.jpg", sideways],
    ]);
    const local = createServer((request, response) => {
      const bytes = files.get(request.url ?? "");
      if (!bytes) return response.writeHead(404).end();
      response.writeHead(200, { "content-type": "image/jpeg" }).end(bytes);
    });
    await new Promise<void>((resolve) => local.listen(0, "127.0.0.1", resolve));
    const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    const photos = new PhotoStore(db, photoDir, {
      origins: [at],
      timeoutMs: 5_000,
      maxBytes: 5_000_000,
      maxPixels: 40_000_000,
      fileDirs: [],
    });
    const kept = async (url: string) => {
      const stored = await photos.add(url);
      if ("reason" in stored) throw new Error(stored.reason);
      return { stored, bytes: readFileSync(join(photoDir, stored.id.slice(0, 2), `${stored.id}.jpg`)) };
    };
    const gps = await kept(`${at}/gps.jpg`);
    expect((await sharp(gps.bytes).metadata()).exif).toBeUndefined();
    expect(gps.bytes.includes(Buffer.from("Prairie Haulage"))).toBe(false);
    // the image data itself untouched: the same pixels, not a second generation of JPEG loss
    expect(await sharp(gps.bytes).raw().toBuffer()).toEqual(await sharp(withGps).raw().toBuffer());
    const upright = await kept(`${at}/sideways.jpg`);
    expect(upright.stored).toMatchObject({ width: 480, height: 640 });
    expect((await sharp(upright.bytes).metadata()).orientation ?? 1).toBe(1);
    local.close();
  });
});
