import { createHash } from "node:crypto";
import { ALLOWED_DEALERSHIP, type Vehicle } from "shared-types";
import { escapeHtml } from "../content/escape-html.js";
import type { Database, Queryable } from "../db/database.js";
import { vehicleSearchText } from "../inventory/search-text.js";
import type { FeedUnit, ParsedFeed, RejectedRow } from "./inventory-feed-format.js";
import type { PhotoProblem, StoredPhoto } from "./photos.js";

/** What one run did, kept with the run and answered to whoever sent the file. */
export interface InventoryImportReport {
  added: number;
  updated: number;
  unchanged: number;
  marked_sold: number;
  rejected: RejectedRow[];
  /** photos that could not be used, by row: the unit keeps the ones that could */
  photo_problems: (PhotoProblem & { line: number; stock_number: string })[];
  /** why the whole file was refused, when it was (nothing was changed) */
  refused?: string;
  /** why the run could not finish (the database or the disk failed; nothing was changed) */
  failed?: string;
}

export interface InventoryImportOptions {
  /** A file that would take more than this share of the units on offer off the site is refused unless forced. */
  maxRemovalPercent: number;
  force?: boolean;
  /**
   * Fetches, checks and stores a unit's photos (photos.ts, its concurrency bounded there); none: units keep the
   * photos they have. Past `signal`, the photos not yet begun are left for the next run.
   */
  photos?: (
    urls: readonly string[],
    signal?: AbortSignal,
  ) => Promise<{ photos: StoredPhoto[]; problems: PhotoProblem[] }>;
  /** The longest the run spends on photos (FEED_PHOTO_DEADLINE_S); none: 10 minutes. */
  photoDeadlineMs?: number;
}

/** The columns a feed row writes; the rest (charges, work-truck facts) are filled in where the feed is silent. */
interface StoredUnit {
  stock_number: string;
  status: Vehicle["status"];
  feed_hash: string | null;
}

const hashOf = (unit: FeedUnit) => createHash("sha256").update(JSON.stringify(unit)).digest("base64url");

/** The dealer's plain description as the formatting the page shows: a paragraph per blank-line-separated block. */
const descriptionHtml = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");

async function upsertUnit(db: Queryable, unit: FeedUnit, hash: string, photos: StoredPhoto[] | null): Promise<void> {
  const discount = unit.full_price > 0 && unit.low_price > 0 && unit.full_price > unit.low_price;
  await db.query(
    `insert into vehicles (stock_number, vin, year, make, model, trim, condition, status, body_style, engine,
       transmission, exterior, interior, odometer, fuel_type, drive_train, full_price, low_price, discount, options,
       comments, dealership, listed_at, charges, gvwr_lb, body_type, body_length_ft, cab_type, wheelbase_in,
       payload_lb, search_text, feed_hash, photos, primary_image, images)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
       $24, $25, $26, $27, $28, $29, $30, $31, $32, coalesce($33::jsonb, '[]'::jsonb), '', '[]')
     on conflict (stock_number) do update set
       vin = excluded.vin, year = excluded.year, make = excluded.make, model = excluded.model, trim = excluded.trim,
       condition = excluded.condition,
       status = case when vehicles.staff_override ? 'status' then vehicles.status else excluded.status end,
       body_style = excluded.body_style,
       engine = excluded.engine, transmission = excluded.transmission, exterior = excluded.exterior,
       interior = excluded.interior, odometer = excluded.odometer, fuel_type = excluded.fuel_type,
       drive_train = excluded.drive_train, full_price = excluded.full_price,
       low_price = case when vehicles.staff_override ? 'sale_price' then vehicles.low_price else excluded.low_price end,
       discount = case when vehicles.staff_override ? 'sale_price'
         then greatest(excluded.full_price - vehicles.low_price, 0) else excluded.discount end,
       options = excluded.options, comments = excluded.comments,
       listed_at = excluded.listed_at,
       charges = case when $24::jsonb = '[]'::jsonb then vehicles.charges else excluded.charges end,
       gvwr_lb = coalesce(excluded.gvwr_lb, vehicles.gvwr_lb), body_type = coalesce(excluded.body_type, vehicles.body_type),
       body_length_ft = coalesce(excluded.body_length_ft, vehicles.body_length_ft),
       cab_type = coalesce(excluded.cab_type, vehicles.cab_type),
       wheelbase_in = coalesce(excluded.wheelbase_in, vehicles.wheelbase_in),
       payload_lb = coalesce(excluded.payload_lb, vehicles.payload_lb),
       search_text = excluded.search_text, feed_hash = excluded.feed_hash,
       photos = coalesce($33::jsonb, vehicles.photos)`,
    [
      unit.stock_number,
      unit.vin,
      unit.year,
      unit.make,
      unit.model,
      unit.trim,
      unit.condition,
      unit.status,
      unit.body_style,
      unit.engine,
      unit.transmission,
      unit.exterior,
      unit.interior,
      unit.odometer,
      unit.fuel_type,
      unit.drive_train,
      unit.full_price,
      unit.low_price,
      discount ? unit.full_price - unit.low_price : 0,
      JSON.stringify(unit.options),
      descriptionHtml(unit.description),
      ALLOWED_DEALERSHIP,
      unit.listed_at,
      JSON.stringify(unit.charges ?? []),
      unit.gvwr_lb,
      unit.body_type,
      unit.body_length_ft,
      unit.cab_type,
      unit.wheelbase_in,
      unit.payload_lb,
      vehicleSearchText(unit),
      hash,
      photos === null ? null : JSON.stringify(photos),
    ],
  );
}

/**
 * Applies a feed as a snapshot of the stock: each valid row adds or updates its unit (the same row as before
 * changes nothing), and a unit on offer that the file does not name has been sold. A file that would take more than
 * `maxRemovalPercent` of the units on offer off the site is refused, unless forced, so a truncated or partial file
 * never empties it; a rejected row's unit is left as it was, not sold. All of it in one transaction: a page never
 * sees half a feed. Photos are fetched before, outside it (they take time, and a unit keeps those that came).
 */
export async function importInventoryFeed(
  db: Database,
  parsed: ParsedFeed,
  options: InventoryImportOptions,
): Promise<InventoryImportReport> {
  const report: InventoryImportReport = {
    added: 0,
    updated: 0,
    unchanged: 0,
    marked_sold: 0,
    rejected: parsed.ok ? parsed.rejected : [],
    photo_problems: [],
  };
  if (!parsed.ok) return { ...report, refused: parsed.reason };
  const stored = new Map(
    (await db.query<StoredUnit>("select stock_number, status, feed_hash from vehicles")).map((u) => [
      u.stock_number,
      u,
    ]),
  );
  const named = new Set([
    ...parsed.units.map(({ unit }) => unit.stock_number),
    ...parsed.rejected.map((row) => row.stock_number),
  ]);
  const onOffer = [...stored.values()].filter((u) => u.status !== "sold");
  const sold = onOffer.filter((u) => !named.has(u.stock_number)).map((u) => u.stock_number);
  const share = onOffer.length === 0 ? 0 : (sold.length / onOffer.length) * 100;
  if (share > options.maxRemovalPercent && !options.force) {
    return {
      ...report,
      refused:
        `the file would take ${sold.length} of the ${onOffer.length} units on offer off the site (${Math.round(share)}%), ` +
        `more than FEED_MAX_REMOVAL_PERCENT (${options.maxRemovalPercent}%): a truncated or partial file? Nothing was changed; ` +
        'if the stock really went, send it again forced (force=true; on the staff desk\'s Feeds page, tick "Apply it even if it takes many units off the site")',
    };
  }

  const changed = parsed.units.filter(({ unit }) => {
    const before = stored.get(unit.stock_number);
    const same = before && before.feed_hash === hashOf(unit) && before.status !== "sold";
    if (same) report.unchanged++;
    return !same;
  });
  // every changed unit's photos at once: the store bounds how many are fetched together, overall and per host
  const deadline = AbortSignal.timeout(options.photoDeadlineMs ?? 10 * 60 * 1000);
  const changes = await Promise.all(
    changed.map(async ({ unit, line }) => {
      const hash = hashOf(unit);
      let photos: StoredPhoto[] | null = null;
      let complete = true;
      if (options.photos && unit.image_urls.length > 0) {
        const fetched = await options.photos(unit.image_urls, deadline);
        // none came (the photo host down, say): the unit keeps the photos it had rather than losing them all
        photos = fetched.photos.length > 0 ? fetched.photos : null;
        complete = fetched.problems.length === 0;
        for (const problem of fetched.problems) {
          report.photo_problems.push({ ...problem, line, stock_number: unit.stock_number });
        }
      }
      // a row whose photos did not all come is not recorded as imported as it is: the next run tries them again
      const isNew = !stored.get(unit.stock_number);
      return { unit, hash: complete ? hash : `${hash}~photos-incomplete`, line, isNew, photos };
    }),
  );
  report.photo_problems.sort((a, b) => a.line - b.line);
  await db.transaction(async (tx) => {
    for (const change of changes) {
      await upsertUnit(tx, change.unit, change.hash, change.photos);
      if (change.isNew) report.added++;
      else report.updated++;
    }
    if (sold.length > 0) {
      await tx.query("update vehicles set status = 'sold' where stock_number = any($1) and status <> 'sold'", [sold]);
      report.marked_sold = sold.length;
    }
  });
  return report;
}
