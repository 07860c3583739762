import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import pLimit, { type LimitFunction } from "p-limit";
import { fetchOutbound, type OutboundPolicy, OutboundRefused } from "server-kit";
import { PHOTO_FORMATS, PHOTO_WIDTHS, type PhotoFormat } from "shared-types";
import sharp, { type Sharp } from "sharp";
import type { Queryable } from "../db/database.js";
import { PHOTO_CONCURRENCY } from "./photo-limits.js";

/** A photo as a unit carries it: its content address and its size as stored (the page's width and height). */
export interface StoredPhoto {
  id: string;
  width: number;
  height: number;
}

export interface PhotoProblem {
  url: string;
  reason: string;
}

export interface PhotoPolicy extends OutboundPolicy {
  /** Photos fetched and stored at once, overall (FEED_PHOTO_CONCURRENCY; none: PHOTO_CONCURRENCY's). */
  concurrency?: number;
  /** And from any one host (FEED_PHOTO_HOST_CONCURRENCY; none: PHOTO_CONCURRENCY's): a host is not flooded. */
  perHostConcurrency?: number;
  /** Folders a feed may name photos in with file: URLs (a DMS's drop folder; the sample feed's photos). */
  fileDirs: readonly string[];
  /** sharp's limit on width × height: a decompression bomb is refused before it is decoded. */
  maxPixels: number;
}

/** Written whole or not at all: a reader never sees half a file, and two writers never share a temporary one. */
async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
}

/** The longest side a stored photo keeps: the largest variant a page asks for, with room to spare. */
const STORED_LONG_SIDE = 2400;

/** What the bytes are (their magic numbers), whatever the URL or the Content-Type says. */
function sniffImage(bytes: Buffer): "jpeg" | "png" | "webp" | "avif" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP") {
    return "webp";
  }
  if (
    bytes
      .subarray(4, 12)
      .toString("latin1")
      .match(/^ftyp(avif|avis|mif1)/)
  )
    return "avif";
  return null;
}

/** APPn segments kept when a JPEG is stored as sent: the colour profile (APP2) and Adobe's colour transform (APP14). */
const KEPT_APP_SEGMENTS: readonly [number, string][] = [
  [0xe2, "ICC_PROFILE\0"],
  [0xee, "Adobe"],
];

/**
 * A JPEG without what a camera or an editor wrote about it (EXIF with its GPS position and serial numbers, XMP,
 * IPTC, comments), its image data untouched: no decode, no re-encode, no loss. Null when the file's structure is
 * not a JPEG's as expected (the caller re-encodes it instead).
 */
export function jpegWithoutMetadata(jpeg: Buffer): Buffer | null {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  const parts: Buffer[] = [jpeg.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) return null;
    const marker = jpeg[at + 1] ?? 0;
    if (marker === 0xff) {
      at++;
      continue;
    }
    // the first scan: the image data, and whatever follows it, is kept as it is
    if (marker === 0xda) return Buffer.concat([...parts, jpeg.subarray(at)]);
    const length = jpeg.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > jpeg.length) return null;
    const segment = jpeg.subarray(at, at + 2 + length);
    const isApp = marker >= 0xe1 && marker <= 0xef;
    const kept =
      !isApp ||
      KEPT_APP_SEGMENTS.some(
        ([app, name]) => app === marker && segment.subarray(4, 4 + name.length).toString("latin1") === name,
      );
    if (kept && marker !== 0xfe) parts.push(segment);
    at += 2 + length;
  }
  return null;
}

/** A connection the other side closed under the request (no answer came, so asking again changes nothing). */
const isConnectionReset = (error: unknown): boolean => {
  const { code, message, cause } = (error ?? {}) as { code?: string; message?: string; cause?: { code?: string } };
  return /ECONNRESET|EPIPE|UND_ERR_SOCKET|other side closed/.test(`${code} ${cause?.code} ${message}`);
};

/**
 * The feed's photos, fetched with limits and stored content-addressed: the same picture under two URLs (or in two
 * units) is one file. A photo is kept as its original (turned upright, metadata dropped, at most 2400 px, JPEG);
 * the sizes and formats a page asks for (AVIF, WebP, JPEG at PHOTO_WIDTHS) are made on first request and kept on
 * disk: importing a feed of thousands of photos must not wait for the dozens of encodings each would need, and a
 * photo that is never viewed is never encoded.
 */
export class PhotoStore {
  private readonly overall: LimitFunction;
  private readonly hosts = new Map<string, LimitFunction>();

  constructor(
    private readonly db: Queryable,
    private readonly dir: string,
    private readonly policy: PhotoPolicy,
  ) {
    this.overall = pLimit(policy.concurrency ?? PHOTO_CONCURRENCY.overall);
  }

  /** Runs `work` when both the overall and the host's limits allow (a file: URL counts as its own host). */
  private limited<T>(url: string, work: () => Promise<T>): Promise<T> {
    let host = "file:";
    try {
      host = new URL(url).host || "file:";
    } catch {}
    let limit = this.hosts.get(host);
    if (!limit) {
      limit = pLimit(this.policy.perHostConcurrency ?? PHOTO_CONCURRENCY.perHost);
      this.hosts.set(host, limit);
    }
    return (limit as LimitFunction)(() => this.overall(work));
  }

  private async download(url: string): Promise<Buffer> {
    const parsed = new URL(url);
    if (parsed.protocol === "file:") {
      const path = resolve(fileURLToPath(parsed));
      const allowed = this.policy.fileDirs.some((folder) => path.startsWith(resolve(folder) + sep));
      if (!allowed) throw new OutboundRefused(`${url} is not in a folder photos may be read from`);
      const size = (await stat(path)).size;
      if (size > this.policy.maxBytes) throw new OutboundRefused(`${url} is over ${this.policy.maxBytes} bytes`);
      return readFile(path);
    }
    // a photo host may close a kept-alive connection just as it is used again: that one is asked once more, anew
    const answer = await fetchOutbound(url, this.policy).catch((error: unknown) => {
      if (!isConnectionReset(error)) throw error;
      return fetchOutbound(url, this.policy);
    });
    if (answer.status !== 200) throw new OutboundRefused(`the photo's server answered ${answer.status}`);
    return answer.body;
  }

  /**
   * Fetches, checks and stores one photo, within the concurrency limits; the reason it cannot be used otherwise.
   * One whose turn comes after `signal` (the run's deadline) is not begun: the next run tries it.
   */
  add(url: string, signal?: AbortSignal): Promise<StoredPhoto | PhotoProblem> {
    return this.limited(url, async () => {
      if (signal?.aborted) {
        return { url, reason: "not fetched: the run's time for photos ran out (the next run tries it again)" };
      }
      return this.fetchAndKeep(url);
    });
  }

  private async fetchAndKeep(url: string): Promise<StoredPhoto | PhotoProblem> {
    let bytes: Buffer;
    try {
      bytes = await this.download(url);
    } catch (error) {
      return { url, reason: error instanceof Error ? error.message : String(error) };
    }
    return this.keep(bytes, url);
  }

  /**
   * Checks and stores a photo given as bytes (a file staff uploaded on the desk), as a feed's photo is: `source`
   * names it in the reasons and in the store.
   */
  async addBytes(bytes: Buffer, source: string): Promise<StoredPhoto | PhotoProblem> {
    if (bytes.length > this.policy.maxBytes) return { url: source, reason: `it is over ${this.policy.maxBytes} bytes` };
    return this.keep(bytes, source);
  }

  private async keep(bytes: Buffer, url: string): Promise<StoredPhoto | PhotoProblem> {
    const kind = sniffImage(bytes);
    if (!kind) return { url, reason: "it is not a JPEG, PNG, WebP or AVIF image (judged by its bytes)" };
    const id = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
    const [known] = await this.db.query<StoredPhoto>("select id, width, height from photos where id = $1", [id]);
    if (known) return { id: known.id, width: Number(known.width), height: Number(known.height) };
    try {
      const image = sharp(bytes, { limitInputPixels: this.policy.maxPixels, failOn: "error" });
      const meta = await image.metadata();
      if (!meta.width || !meta.height) return { url, reason: "the image has no size" };
      const { data, info } = await this.upright(bytes, kind, meta, image);
      const path = this.originalPath(id);
      await mkdir(dirname(path), { recursive: true });
      await writeAtomically(path, data);
      await this.db.query(
        `insert into photos (id, width, height, bytes, source_url) values ($1, $2, $3, $4, $5)
         on conflict (id) do nothing`,
        [id, info.width, info.height, data.length, url.slice(0, 2000)],
      );
      return { id, width: info.width, height: info.height };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return {
        url,
        reason: /pixel limit/i.test(message)
          ? `the image is larger than ${this.policy.maxPixels.toLocaleString("en-CA")} pixels`
          : `the image cannot be read (${message})`,
      };
    }
  }

  /** A unit's photos in the feed's order, each once; the ones that could not be used, with why. All at once. */
  async addAll(
    urls: readonly string[],
    signal?: AbortSignal,
  ): Promise<{ photos: StoredPhoto[]; problems: PhotoProblem[] }> {
    const results = await Promise.all(urls.map((url) => this.add(url, signal)));
    const photos: StoredPhoto[] = [];
    const problems: PhotoProblem[] = [];
    for (const result of results) {
      if ("reason" in result) problems.push(result);
      else if (!photos.some((p) => p.id === result.id)) photos.push(result);
    }
    return { photos, problems };
  }

  /**
   * The photo as it is kept: a JPEG already upright and no larger than kept photos are, as sent without its
   * metadata (checked by decoding it, at an eighth of its size: a broken file is refused; no re-encoding, which is
   * most of a photo's cost); anything else turned upright, bounded and encoded as JPEG.
   */
  private async upright(
    bytes: Buffer,
    kind: "jpeg" | "png" | "webp" | "avif",
    meta: { width?: number; height?: number; orientation?: number },
    image: Sharp,
  ): Promise<{ data: Buffer; info: { width: number; height: number } }> {
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    const asSent =
      kind === "jpeg" && (meta.orientation ?? 1) === 1 && Math.max(width, height) <= STORED_LONG_SIDE
        ? jpegWithoutMetadata(bytes)
        : null;
    if (asSent) {
      await sharp(asSent, { limitInputPixels: this.policy.maxPixels, failOn: "error" })
        .resize({ width: Math.max(1, Math.round(width / 8)) })
        .raw()
        .toBuffer();
      return { data: asSent, info: { width, height } };
    }
    const { data, info } = await image
      .rotate()
      .resize({ width: STORED_LONG_SIDE, height: STORED_LONG_SIDE, fit: "inside", withoutEnlargement: true })
      .jpeg({ quality: 88, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, info };
  }

  private originalPath(id: string): string {
    return join(this.dir, id.slice(0, 2), `${id}.jpg`);
  }

  /**
   * One size and format of a stored photo, made the first time it is asked for and kept beside the original;
   * null for a photo the store does not have.
   */
  variant(id: string, width: number, format: PhotoFormat): Promise<Buffer | null> {
    // the first visitors of a new unit ask for the same variants at once: each is encoded once
    const key = `${id}-${width}.${format}`;
    let pending = this.encoding.get(key);
    if (!pending) {
      pending = this.makeVariant(id, width, format).finally(() => this.encoding.delete(key));
      this.encoding.set(key, pending);
    }
    return pending;
  }

  private readonly encoding = new Map<string, Promise<Buffer | null>>();

  private async makeVariant(id: string, width: number, format: PhotoFormat): Promise<Buffer | null> {
    if (!/^[0-9a-f]{32}$/.test(id) || !PHOTO_WIDTHS.includes(width as never) || !PHOTO_FORMATS.includes(format)) {
      return null;
    }
    const path = join(this.dir, id.slice(0, 2), `${id}-${width}.${format}`);
    const cached = await readFile(path).catch(() => null);
    if (cached) return cached;
    const original = await readFile(this.originalPath(id)).catch(() => null);
    if (!original) return null;
    const resized = sharp(original).resize({ width, withoutEnlargement: true });
    const encoded =
      format === "avif"
        ? resized.avif({ quality: 50, effort: 2 })
        : format === "webp"
          ? resized.webp({ quality: 72 })
          : resized.jpeg({ quality: 78, mozjpeg: true, progressive: true });
    const bytes = await encoded.toBuffer();
    await writeAtomically(path, bytes);
    return bytes;
  }
}
