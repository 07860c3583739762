import { createHash } from "node:crypto";
import { ALLOWED_DEALERSHIP, type Vehicle } from "shared-types";
import { descriptionHtml } from "../content/description-html.js";
import type { Database, Queryable } from "../db/database.js";
import { vehicleSearchText } from "../inventory/search-text.js";
import { type FeedUnit, type ParsedFeed, type RejectedRow, yieldToEventLoop } from "./inventory-feed-format.js";
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

/** Units per upsert statement: a feed of thousands is a few statements, each one's parameter a few MB at most. */
const UPSERT_BATCH = 1_000;

/** The columns a feed row writes; the rest (charges, work-truck facts) are filled in where the feed is silent. */
interface StoredUnit {
  stock_number: string;
  status: Vehicle["status"];
  feed_hash: string | null;
}

const hashOf = (unit: FeedUnit) => createHash("sha256").update(JSON.stringify(unit)).digest("base64url");

/** A changed unit as the set-based upsert reads it (jsonb_to_recordset's columns, below). */
function unitRecord(unit: FeedUnit, hash: string, photos: StoredPhoto[] | null) {
  const discount = unit.full_price > 0 && unit.low_price > 0 && unit.full_price > unit.low_price;
  return {
    stock_number: unit.stock_number,
    vin: unit.vin,
    year: unit.year,
    make: unit.make,
    model: unit.model,
    trim: unit.trim,
    condition: unit.condition,
    status: unit.status,
    body_style: unit.body_style,
    engine: unit.engine,
    transmission: unit.transmission,
    exterior: unit.exterior,
    interior: unit.interior,
    odometer: unit.odometer,
    fuel_type: unit.fuel_type,
    drive_train: unit.drive_train,
    full_price: unit.full_price,
    low_price: unit.low_price,
    discount: discount ? unit.full_price - unit.low_price : 0,
    options: unit.options,
    comments: descriptionHtml(unit.description),
    dealership: ALLOWED_DEALERSHIP,
    listed_at: unit.listed_at,
    charges: unit.charges ?? [],
    gvwr_lb: unit.gvwr_lb,
    body_type: unit.body_type,
    body_length_ft: unit.body_length_ft,
    cab_type: unit.cab_type,
    wheelbase_in: unit.wheelbase_in,
    payload_lb: unit.payload_lb,
    search_text: vehicleSearchText(unit),
    feed_hash: hash,
    photos: photos ?? [],
  };
}

const UNIT_COLUMNS = `stock_number text, vin text, year integer, make text, model text, trim text, condition text,
  status text, body_style text, engine text, transmission text, exterior text, interior text, odometer integer,
  fuel_type text, drive_train text, full_price integer, low_price integer, discount integer, options jsonb,
  comments text, dealership text, listed_at text, charges jsonb, gvwr_lb integer, body_type text,
  body_length_ft numeric, cab_type text, wheelbase_in numeric, payload_lb integer, search_text text, feed_hash text,
  photos jsonb`;
const UNIT_NAMES = UNIT_COLUMNS.split(",")
  .map((column) => column.trim().split(/\s+/)[0])
  .join(", ");

/**
 * Adds or updates many units in one statement (one round trip, not one per unit: on the embedded database a
 * statement per unit held every other request for seconds). What staff overrode (status, sale price) stays; what
 * the feed is silent on (charges, work-truck facts) keeps what the unit had; `keepPhotos`: the units' photos stay.
 */
async function upsertUnits(db: Queryable, records: ReturnType<typeof unitRecord>[], keepPhotos: boolean) {
  if (records.length === 0) return;
  await db.query(
    `insert into vehicles (${UNIT_NAMES}, primary_image, images)
     select ${UNIT_NAMES}, '', '[]'::jsonb from jsonb_to_recordset($1::jsonb) as unit(${UNIT_COLUMNS})
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
       charges = case when excluded.charges = '[]'::jsonb then vehicles.charges else excluded.charges end,
       gvwr_lb = coalesce(excluded.gvwr_lb, vehicles.gvwr_lb), body_type = coalesce(excluded.body_type, vehicles.body_type),
       body_length_ft = coalesce(excluded.body_length_ft, vehicles.body_length_ft),
       cab_type = coalesce(excluded.cab_type, vehicles.cab_type),
       wheelbase_in = coalesce(excluded.wheelbase_in, vehicles.wheelbase_in),
       payload_lb = coalesce(excluded.payload_lb, vehicles.payload_lb),
       search_text = excluded.search_text, feed_hash = excluded.feed_hash,
       photos = ${keepPhotos ? "vehicles.photos" : "excluded.photos"}`,
    [JSON.stringify(records)],
  );
}

/** fn over items, a chunk at a time with a yield between: a loop over thousands never holds the event loop. */
async function mapYielding<T, R>(items: readonly T[], fn: (item: T) => R, chunk = 200): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i > 0 && i % chunk === 0) await yieldToEventLoop();
    results.push(fn(items[i] as T));
  }
  return results;
}

/**
 * Units per transaction on the embedded database: its one session is held by a transaction, and every request
 * waits for it; a hundred units is tens of ms. A PostgreSQL server serves other sessions meanwhile, so there the
 * whole file is one transaction.
 */
const EMBEDDED_UNITS_PER_TRANSACTION = 100;

/** Writes the changed units and marks the sold ones: one transaction, or on the embedded database small ones. */
async function applyUnits(
  db: Database,
  records: { record: ReturnType<typeof unitRecord>; c: { photos: StoredPhoto[] | null } }[],
  sold: string[],
): Promise<void> {
  const perTransaction = db.kind === "pglite" ? EMBEDDED_UNITS_PER_TRANSACTION : Number.POSITIVE_INFINITY;
  const parts: (typeof records)[] = [];
  for (let i = 0; i < records.length; i += Math.min(perTransaction, UPSERT_BATCH))
    parts.push(records.slice(i, i + Math.min(perTransaction, UPSERT_BATCH)));
  const write = async (tx: Queryable, part: typeof records) => {
    await upsertUnits(
      tx,
      part.filter((r) => r.c.photos !== null).map((r) => r.record),
      false,
    );
    await upsertUnits(
      tx,
      part.filter((r) => r.c.photos === null).map((r) => r.record),
      true,
    );
  };
  const markSold = async (tx: Queryable) => {
    if (sold.length > 0)
      await tx.query("update vehicles set status = 'sold' where stock_number = any($1) and status <> 'sold'", [sold]);
  };
  if (perTransaction === Number.POSITIVE_INFINITY) {
    await db.transaction(async (tx) => {
      for (const part of parts) await write(tx, part);
      await markSold(tx);
    });
    return;
  }
  // what is sold goes with the last units, once every unit the file names is on the site
  for (const [i, part] of parts.entries()) {
    await db.transaction(async (tx) => {
      await write(tx, part);
      if (i === parts.length - 1) await markSold(tx);
    });
    await yieldToEventLoop();
  }
  if (parts.length === 0) await db.transaction(markSold);
}

/**
 * Applies a feed as a snapshot of the stock: each valid row adds or updates its unit (the same row as before
 * changes nothing), and a unit on offer that the file does not name has been sold. A file that would take more than
 * `maxRemovalPercent` of the units on offer off the site is refused, unless forced, so a truncated or partial file
 * never empties it; a rejected row's unit is left as it was, not sold. On PostgreSQL all of it in one transaction: a
 * page never sees half a feed. On the embedded database, whose one session every request shares, in transactions of
 * a hundred units with other requests served between (the sold ones with the last): for the second or two it takes
 * a page may show some units already changed, and a run that fails mid-way has applied the units before (the next
 * run applies the rest, as it finds them changed). Photos are fetched before, outside it (they take time, and a
 * unit keeps those that came).
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

  // the work of thousands of units (hashes, rows) done a part at a time: other requests are served between
  const hashes = await mapYielding(parsed.units, ({ unit }) => hashOf(unit));
  const changed = parsed.units.flatMap(({ unit, line }, i) => {
    const hash = hashes[i] as string;
    const before = stored.get(unit.stock_number);
    const same = before && before.feed_hash === hash && before.status !== "sold";
    if (same) report.unchanged++;
    return same ? [] : [{ unit, line, hash }];
  });
  // every changed unit's photos at once: the store bounds how many are fetched together, overall and per host
  const deadline = AbortSignal.timeout(options.photoDeadlineMs ?? 10 * 60 * 1000);
  const changes = await Promise.all(
    changed.map(async ({ unit, line, hash }) => {
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
  const records = await mapYielding(changes, (c) => ({ record: unitRecord(c.unit, c.hash, c.photos), c }));
  await applyUnits(db, records, sold);
  for (const { c } of records) {
    if (c.isNew) report.added++;
    else report.updated++;
  }
  report.marked_sold = sold.length;
  return report;
}
