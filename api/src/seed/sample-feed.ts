import { existsSync } from "node:fs";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { stringify } from "csv-stringify/sync";
import sharp from "sharp";
import { FEED_COLUMNS, type FeedColumn } from "../feeds/inventory-feed-format.js";
import { vehicleIllustrationSvg } from "../media/vehicle-illustration.js";
import { type GeneratedVehicle, generateInventory } from "./inventory-generator.js";
import { mulberry32 } from "./prng.js";

/** Photos of each kind of body: a handful per kind, shared by its units (and stored once, by content). */
const VIEWS_PER_SHAPE = 3;
const PHOTO_SIZE = { width: 1600, height: 1200 };

/**
 * A photograph-like JPEG of a body from one side: a lit yard with a horizon, the drawn body large in it, and the
 * grain of a camera's sensor, so the file is the size a dealer's photo is (1600 × 1200, a few hundred KB).
 */
export async function samplePhoto(shape: GeneratedVehicle["shape"], view: number, seed: number): Promise<Buffer> {
  const { width, height } = PHOTO_SIZE;
  const random = mulberry32(seed);
  const sky = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8fb3d9"/><stop offset="0.55" stop-color="#dfe8ef"/>
      <stop offset="0.56" stop-color="#8a8f86"/><stop offset="1" stop-color="#5f625c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#s)"/></svg>`;
  const body = Buffer.from(vehicleIllustrationSvg(shape, "d7d9dc", view, 1400));
  const grain = Buffer.alloc(width * height);
  for (let i = 0; i < grain.length; i++) grain[i] = 64 + Math.floor(random() * 128);
  const noise = await sharp(grain, { raw: { width, height, channels: 1 } })
    .blur(0.6)
    .toColourspace("srgb")
    .png()
    .toBuffer();
  return sharp(Buffer.from(sky))
    .composite([
      { input: await sharp(body).png().toBuffer(), top: 180, left: 100 },
      { input: noise, blend: "soft-light" },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const money = (dollars: number) => (dollars > 0 ? `$${dollars.toLocaleString("en-US")}.00` : "");
const chargesText = (v: GeneratedVehicle) =>
  v.charges.map((c) => `${c.kind}|${c.label}|${(c.amount_cents / 100).toFixed(2)}`).join("; ");
const plainText = (html: string) =>
  html
    .replace(/<\/p>\s*<p>/g, "\n\n")
    .replace(/<\/(li|ul|p)>\s*/g, "\n")
    .replace(/<br\s*\/?>/g, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .trim();

/** A generated unit as a row of the dealership's feed (the columns a HomeNet export has, and this site's further ones). */
export function feedRow(v: GeneratedVehicle, photoUrls: string[]): Record<FeedColumn, string> {
  return {
    Type: v.condition === "new" ? "New" : "Used",
    Stock: v.stock_number,
    VIN: v.vin,
    Year: String(v.year),
    Make: v.make,
    Model: v.model,
    Trim: v.trim,
    Body: v.body_style,
    ExteriorColor: v.exterior,
    InteriorColor: v.interior,
    Engine: v.engine,
    Transmission: v.transmission,
    Drivetrain: v.drive_train,
    Fuel_Type: v.fuel_type,
    Miles: String(v.odometer),
    SellingPrice: money(v.low_price),
    MSRP: money(v.full_price),
    Description: plainText(v.comments),
    Options: v.options.join("|"),
    ImageList: photoUrls.join(","),
    DateInStock: v.listed_at,
    GVWR: String(v.gvwr_lb),
    BodyType: v.body_type,
    BodyLength: v.body_length_ft === null ? "" : String(v.body_length_ft),
    Cab: v.cab_type ?? "",
    Wheelbase: String(v.wheelbase_in),
    Payload: String(v.payload_lb),
    Charges: chargesText(v),
    Status: "Available",
  };
}

/**
 * The sample feed `npm start` imports into an empty database, the way a dealer's feed comes in: the generator's
 * units as a HomeNet-style CSV, with photographs of realistic size beside it (file: URLs in its ImageList, which
 * the importer may read from this folder). The photos are made once per folder and kept; the CSV each time.
 */
export async function writeSampleFeed(dir: string, count: number): Promise<{ csv: string; photoDir: string }> {
  const photoDir = join(dir, "photos");
  await mkdir(photoDir, { recursive: true });
  const units = generateInventory(count);
  const photoOf = async (shape: GeneratedVehicle["shape"], view: number) => {
    const file = join(photoDir, `${shape}-${view}.jpg`);
    if (!existsSync(file)) {
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, await samplePhoto(shape, view, view * 7919 + shape.length));
      await rename(temporary, file);
    }
    return pathToFileURL(file).href;
  };
  const rows: Record<FeedColumn, string>[] = [];
  for (const unit of units) {
    const views = Array.from({ length: Math.min(VIEWS_PER_SHAPE, unit.images.length) }, (_, i) => i + 1);
    const urls: string[] = [];
    for (const view of views) urls.push(await photoOf(unit.shape, view));
    rows.push(feedRow(unit, urls));
  }
  const csv = stringify(rows, { header: true, columns: [...FEED_COLUMNS], record_delimiter: "\r\n" });
  await writeFile(join(dir, "inventory.csv"), csv);
  return { csv, photoDir };
}
