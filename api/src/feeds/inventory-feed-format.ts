import { parse as parseStream } from "csv-parse";
import { parse } from "csv-parse/sync";
import {
  BODY_TYPE_LABELS,
  BODY_TYPES,
  type BodyType,
  CAB_TYPE_LABELS,
  CAB_TYPES,
  type CabType,
  isStorableText,
  UNIT_CHARGE_KINDS,
  type UnitCharge,
  VEHICLE_MAKES,
} from "shared-types";
import { vinProblem } from "./vin.js";

/** What a unit is (condition, stock number, VIN, model year, make and model): the format's first columns. */
const IDENTITY_COLUMNS = ["Type", "Stock", "VIN", "Year", "Make", "Model"] as const;

/**
 * The dealership's inventory feed as its DMS or inventory service writes it: a HomeNet-style CSV with a header row.
 * These are the columns' names in that format; a vendor whose names differ gives a column map (its name for each),
 * vAuto-style. The work-truck facts, the charges and the status are this site's further columns.
 */
export const FEED_COLUMNS = [
  ...IDENTITY_COLUMNS,
  "Trim",
  "Body",
  "ExteriorColor",
  "InteriorColor",
  "Engine",
  "Transmission",
  "Drivetrain",
  "Fuel_Type",
  "Miles",
  "SellingPrice",
  "MSRP",
  "Description",
  "Options",
  "ImageList",
  "DateInStock",
  "GVWR",
  "BodyType",
  "BodyLength",
  "Cab",
  "Wheelbase",
  "Payload",
  "Charges",
  "Status",
] as const;
export type FeedColumn = (typeof FEED_COLUMNS)[number];

/** Without these a row cannot be a unit the site may advertise: a file lacking one is refused whole. */
const REQUIRED_COLUMNS: readonly FeedColumn[] = [...IDENTITY_COLUMNS, "SellingPrice", "MSRP"];

/** A vendor's name for each column it names differently (the rest keep the HomeNet names). */
export type ColumnMap = Partial<Record<FeedColumn, string>>;

/** One unit as the feed gives it, checked. */
export interface FeedUnit {
  stock_number: string;
  vin: string;
  year: number;
  make: string;
  model: string;
  trim: string;
  condition: "new" | "used";
  status: "available" | "sale_pending";
  body_style: string;
  engine: string;
  transmission: string;
  exterior: string;
  interior: string;
  odometer: number;
  fuel_type: string;
  drive_train: string;
  /** whole dollars: the MSRP or retail price, and the price it is offered at (0: none) */
  full_price: number;
  low_price: number;
  options: string[];
  /** the dealer's description, as plain text */
  description: string;
  /** the photos' addresses, in the feed's order */
  image_urls: string[];
  listed_at: string;
  /** the work-truck facts the feed gives; what it leaves out is filled in from the model */
  gvwr_lb: number | null;
  body_type: BodyType | null;
  body_length_ft: number | null;
  cab_type: CabType | null;
  wheelbase_in: number | null;
  payload_lb: number | null;
  /** null: the dealership's standard charges apply */
  charges: UnitCharge[] | null;
}

export interface RejectedRow {
  /** the line of the file the row starts on (the header is line 1) */
  line: number;
  stock_number: string;
  reason: string;
}

export type ParsedFeed =
  | { ok: true; units: { line: number; unit: FeedUnit }[]; rejected: RejectedRow[] }
  | { ok: false; reason: string };

/** "$45,990.00", "45990", "" → whole dollars (0 when empty); null when it is not an amount. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, "").replace(/^CAD/i, "");
  if (cleaned === "") return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned));
}

/** Options as feeds write them: "|", ";" or "~" between them, or commas when none of those is used. */
export function splitOptions(text: string): string[] {
  const separator = /[|;~]/.test(text) ? /[|;~]/ : /,/;
  return [
    ...new Set(
      text
        .split(separator)
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  ].slice(0, 200);
}

/** Photo addresses: commas, "|" or white space between them. */
export const splitImageList = (text: string) =>
  text
    .split(/[\s,|]+/)
    .map((url) => url.trim())
    .filter(Boolean)
    .slice(0, 40);

const pick = <T extends string>(value: string, known: readonly T[], labels: Record<T, string>): T | undefined => {
  const wanted = value
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  return known.find((k) => k === wanted || labels[k].toLowerCase() === value.trim().toLowerCase());
};

function parseDate(text: string, today: string): string | null {
  const value = text.trim();
  if (!value) return today;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(value);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!y || !m || !d) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(d) ? null : date.toISOString().slice(0, 10);
}

/** "freight_pdi|Freight and PDI|2495.00; admin_fee|Administration fee|499" → charges in cents; null when malformed. */
function parseCharges(text: string): UnitCharge[] | null {
  const charges: UnitCharge[] = [];
  for (const part of text
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [kind, label, amount] = part.split("|").map((p) => p.trim());
    const cents = Number((amount ?? "").replace(/[$,]/g, "")) * 100;
    if (!UNIT_CHARGE_KINDS.includes(kind as UnitCharge["kind"]) || !label || !Number.isFinite(cents) || cents < 0)
      return null;
    charges.push({ kind: kind as UnitCharge["kind"], label: label.slice(0, 120), amount_cents: Math.round(cents) });
  }
  return charges;
}

const number = (text: string) => (text.trim() === "" ? null : Number(text.replace(/[,\s]/g, "")));

type FeedRow = (column: FeedColumn) => string;

/** What a unit is: its stock number, VIN, condition, model year, make and model; or why the row is not one. */
function checkIdentity(row: FeedRow, latestYear: number) {
  const stock = row("Stock").trim();
  if (!/^[A-Za-z0-9-]{1,32}$/.test(stock))
    return `stock number ${JSON.stringify(stock)} is not 1 to 32 letters, digits or dashes`;
  const vinTrouble = vinProblem(row("VIN"));
  if (vinTrouble) return vinTrouble;
  const type = row("Type").trim().toLowerCase();
  if (type !== "new" && type !== "used") return `type ${JSON.stringify(row("Type"))} is neither New nor Used`;
  const year = Number(row("Year").trim());
  if (!Number.isInteger(year) || year < 1981 || year > latestYear) {
    return `year ${JSON.stringify(row("Year"))} is not a model year from 1981 to ${latestYear}`;
  }
  const make = row("Make").trim();
  if (!make) return "the make is empty";
  const knownMake = VEHICLE_MAKES.find((m) => m.toLowerCase() === make.toLowerCase());
  if (!knownMake) return `make ${JSON.stringify(make)} is not one the dealership sells (${VEHICLE_MAKES.join(", ")})`;
  const model = row("Model").trim();
  if (!model) return "the model is empty";
  return { stock, condition: type as FeedUnit["condition"], year, make: knownMake, model };
}

/** The unit's prices, odometer and date in stock; or why one of them is not. */
function checkFigures(row: FeedRow, today: string) {
  const selling = parseAmount(row("SellingPrice"));
  const msrp = parseAmount(row("MSRP"));
  if (selling === null) return `selling price ${JSON.stringify(row("SellingPrice"))} is not an amount`;
  if (msrp === null) return `MSRP ${JSON.stringify(row("MSRP"))} is not an amount`;
  if (selling > 2_000_000 || msrp > 2_000_000) return "a price over $2,000,000 is not a truck's";
  const miles = number(row("Miles")) ?? 0;
  if (!Number.isInteger(miles) || miles < 0 || miles > 3_000_000)
    return `odometer ${JSON.stringify(row("Miles"))} is not a whole number of kilometres`;
  const listed = parseDate(row("DateInStock"), today);
  if (!listed) return `date in stock ${JSON.stringify(row("DateInStock"))} is not a date (YYYY-MM-DD or MM/DD/YYYY)`;
  return { selling, msrp, miles, listed };
}

/** The work-truck facts the row gives (body type, cab, weights and lengths); or why one of them is not one. */
function checkWorkTruckFacts(row: FeedRow) {
  const bodyText = row("BodyType").trim();
  const bodyType = bodyText ? pick(bodyText, BODY_TYPES, BODY_TYPE_LABELS) : null;
  if (bodyType === undefined) return `body type ${JSON.stringify(bodyText)} is not one of ${BODY_TYPES.join(", ")}`;
  const cabText = row("Cab")
    .trim()
    .replace(/\s*cab$/i, "");
  const cab = cabText ? pick(cabText, CAB_TYPES, CAB_TYPE_LABELS) : null;
  if (cab === undefined) return `cab ${JSON.stringify(row("Cab"))} is not regular, extended or crew`;
  const facts = {
    GVWR: number(row("GVWR")),
    BodyLength: number(row("BodyLength")),
    Wheelbase: number(row("Wheelbase")),
    Payload: number(row("Payload")),
  };
  for (const [column, value] of Object.entries(facts)) {
    if (value !== null && !(Number.isFinite(value) && value > 0 && value < 200_000))
      return `${column} ${JSON.stringify(row(column as FeedColumn))} is not a positive number`;
  }
  return { bodyType, cab, facts };
}

/** The unit's own charges (null: the standard ones) and whether it is sale pending; or why either is not read. */
function checkChargesAndStatus(row: FeedRow) {
  const charges = row("Charges").trim() ? parseCharges(row("Charges")) : null;
  if (row("Charges").trim() && charges === null) {
    return `charges ${JSON.stringify(row("Charges"))} are not "kind|label|amount" separated by ";" (kinds: ${UNIT_CHARGE_KINDS.join(", ")})`;
  }
  const status = row("Status")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
  if (status && status !== "available" && status !== "sale pending" && status !== "pending") {
    return `status ${JSON.stringify(row("Status"))} is neither Available nor Sale Pending`;
  }
  const sale: FeedUnit["status"] = status === "sale pending" || status === "pending" ? "sale_pending" : "available";
  return { charges, status: sale };
}

/** One row to a unit, or the first reason it cannot be one. */
function toUnit(row: FeedRow, today: string, latestYear: number): FeedUnit | string {
  const identity = checkIdentity(row, latestYear);
  if (typeof identity === "string") return identity;
  const figures = checkFigures(row, today);
  if (typeof figures === "string") return figures;
  const truck = checkWorkTruckFacts(row);
  if (typeof truck === "string") return truck;
  const sale = checkChargesAndStatus(row);
  if (typeof sale === "string") return sale;
  const { facts } = truck;
  return {
    stock_number: identity.stock,
    vin: row("VIN").trim().toUpperCase(),
    year: identity.year,
    make: identity.make,
    model: identity.model.slice(0, 80),
    trim: row("Trim").trim().slice(0, 120),
    condition: identity.condition,
    status: sale.status,
    body_style: row("Body").trim().slice(0, 80),
    engine: row("Engine").trim().slice(0, 200),
    transmission: row("Transmission").trim().slice(0, 200),
    exterior: row("ExteriorColor").trim().slice(0, 80),
    interior: row("InteriorColor").trim().slice(0, 80),
    odometer: figures.miles,
    fuel_type: row("Fuel_Type").trim().slice(0, 40),
    drive_train: row("Drivetrain").trim().slice(0, 40),
    full_price: figures.msrp,
    low_price: figures.selling,
    options: splitOptions(row("Options")),
    description: row("Description").trim().slice(0, 20_000),
    image_urls: splitImageList(row("ImageList")),
    listed_at: figures.listed,
    gvwr_lb: facts.GVWR === null ? null : Math.round(facts.GVWR),
    body_type: truck.bodyType,
    body_length_ft: facts.BodyLength,
    cab_type: truck.cab,
    wheelbase_in: facts.Wheelbase,
    payload_lb: facts.Payload === null ? null : Math.round(facts.Payload),
    charges: sale.charges,
  };
}

/** The line (from 1) of a byte offset, for offsets asked in increasing order: CRLF, LF or CR each end a line. */
function lineCounter(bytes: Buffer): (offset: number) => number {
  let scanned = 0;
  let line = 1;
  return (offset) => {
    for (; scanned < offset && scanned < bytes.length; scanned++) {
      const byte = bytes[scanned];
      if (byte === 0x0a || (byte === 0x0d && bytes[scanned + 1] !== 0x0a)) line++;
    }
    return line;
  };
}

/** The first character a field may not hold, as "U+0000". */
function controlCharacter(value: string): string {
  for (const character of value) {
    if (!isStorableText(character, true)) {
      return `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
    }
  }
  return "an unpaired surrogate";
}

/** A CSV record as csv-parse reads it, with where it ended (its bytes) and any problem of its own. */
type FeedRecord = {
  record: Record<string, string>;
  info: { bytes: number; empty_lines: number; error?: { code: string; record?: unknown[] } };
};

const CSV_OPTIONS = {
  bom: true,
  columns: (header: string[]) => header.map((name) => name.trim()),
  skip_empty_lines: true,
  record_delimiter: ["\r\n", "\n", "\r"],
  relax_column_count: true,
  info: true,
  trim: false,
};

/** Why a file that csv-parse could not read is refused. */
function unreadable(error: unknown): ParsedFeed {
  const line = (error as { lines?: number }).lines;
  return {
    ok: false,
    reason: `the file cannot be read as CSV${line ? ` at line ${line}` : ""} (${(error as Error).message.replace(/^CSV_\w+:?\s*/, "")}); a file broken off mid-way is refused whole`,
  };
}

/**
 * Reads a feed file: UTF-8 with or without a byte-order mark, CRLF or LF, quoted fields holding commas and line
 * breaks. A file without a header, missing a required column, or broken off inside a quoted field is refused whole
 * (a truncated file must not be read as the whole stock); a bad row is rejected with its line and reason, and the
 * rest are read. A stock number that appears twice is taken the first time and rejected the second.
 */
export function parseInventoryFeed(text: string, options: FeedParseOptions = {}): ParsedFeed {
  if (isEmptyFile(text)) return EMPTY_FILE;
  const records = readRecords(text);
  if (!Array.isArray(records)) return records;
  const steps = checkRecords(text, records, options);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

const isEmptyFile = (text: string) => text.replace(/^\uFEFF/, "").trim() === "";
const EMPTY_FILE: ParsedFeed = { ok: false, reason: "the file is empty" };

/** csv-parse's records of the file, or the file refused whole when it cannot read it. */
function readRecords(text: string): FeedRecord[] | ParsedFeed {
  try {
    return parse(text, CSV_OPTIONS);
  } catch (error) {
    return unreadable(error);
  }
}

/** Lets the event loop run what waits (other requests) before going on. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Characters of the file csv-parse reads between yields (each a few ms of work). */
const READ_CHUNK = 64 * 1024;

/** csv-parse's stream, fed a chunk at a time (cut at a line break) with a yield between. */
async function readRecordsYielding(text: string): Promise<FeedRecord[]> {
  const parser = parseStream(CSV_OPTIONS);
  const records: FeedRecord[] = [];
  let failure: unknown = null;
  parser.on("readable", () => {
    for (let record = parser.read(); record !== null; record = parser.read()) records.push(record as FeedRecord);
  });
  const ended = new Promise<void>((resolve) => {
    parser.once("end", resolve);
    parser.once("error", (error) => {
      failure = error;
      resolve();
    });
  });
  for (let at = 0; at < text.length && !failure; ) {
    const cut = text.indexOf("\n", at + READ_CHUNK);
    const next = cut === -1 ? text.length : cut + 1;
    parser.write(text.slice(at, next));
    at = next;
    await yieldToEventLoop();
  }
  if (!failure) parser.end();
  await ended;
  if (failure) throw failure;
  return records;
}

/**
 * parseInventoryFeed, the same answer, but never holding the event loop for more than a few ms: the file read and
 * checked a part at a time, other requests served between (a feed of thousands of units is a second of work).
 */
export async function parseInventoryFeedYielding(text: string, options: FeedParseOptions = {}): Promise<ParsedFeed> {
  if (isEmptyFile(text)) return EMPTY_FILE;
  const records = await readRecordsYielding(text).catch(unreadable);
  if (!Array.isArray(records)) return records;
  const steps = checkRecords(text, records, options);
  let step = steps.next();
  while (!step.done) {
    await yieldToEventLoop();
    step = steps.next();
  }
  return step.value;
}

export interface FeedParseOptions {
  columnMap?: ColumnMap;
  today?: string;
}

/** Records checked between yields. */
const CHECK_CHUNK = 200;

/** Checks each record (a unit or a rejected row), pausing every CHECK_CHUNK records; returns the parsed feed. */
function* checkRecords(
  text: string,
  records: FeedRecord[],
  { columnMap = {}, today = new Date().toISOString().slice(0, 10) }: FeedParseOptions,
): Generator<void, ParsedFeed> {
  const nameOf = (column: FeedColumn) => columnMap[column] ?? column;
  const header = new Set(records.length > 0 ? Object.keys(records[0]?.record ?? {}) : []);
  if (records.length === 0) return { ok: false, reason: "the file has a header but no units" };
  const missing = REQUIRED_COLUMNS.filter((column) => !header.has(nameOf(column)));
  if (missing.length > 0) {
    return {
      ok: false,
      reason: `the file has no ${missing.map((c) => `${nameOf(c)}`).join(", ")} column${missing.length > 1 ? "s" : ""}`,
    };
  }
  const latestYear = Number(today.slice(0, 4)) + 2;
  const units: { line: number; unit: FeedUnit }[] = [];
  const rejected: RejectedRow[] = [];
  const firstLine = new Map<string, number>();
  // a record starts on the line after the one the previous record ended on (its last byte's line), past any empty
  // lines skipped: counted from the bytes read, since a quoted field may hold line breaks of its own
  const lineOf = lineCounter(Buffer.from(text, "utf8"));
  let endLine = 1;
  let empty = 0;
  let checked = 0;
  for (const { record, info } of records) {
    if (++checked % CHECK_CHUNK === 0) yield;
    const row = (column: FeedColumn) => record[nameOf(column)] ?? "";
    const start = endLine + 1 + (info.empty_lines - empty);
    endLine = lineOf(info.bytes - 1);
    empty = info.empty_lines;
    const outcome = checkRecord(record, info, row, { header, today, latestYear });
    if (typeof outcome === "string") {
      rejected.push({ line: start, stock_number: row("Stock").trim(), reason: outcome });
      continue;
    }
    if ("unstorable" in outcome) {
      rejected.push({ line: start, ...outcome.unstorable });
      continue;
    }
    const earlier = firstLine.get(outcome.stock_number.toUpperCase());
    if (earlier !== undefined) {
      const stock = row("Stock").trim();
      rejected.push({
        line: start,
        stock_number: stock,
        reason: `stock number ${stock} appears again (first on line ${earlier})`,
      });
      continue;
    }
    firstLine.set(outcome.stock_number.toUpperCase(), start);
    units.push({ line: start, unit: outcome });
  }
  return { ok: true, units, rejected };
}

/** One record: its unit, or why it is rejected (a control character: with the stock number as it was meant). */
function checkRecord(
  record: Record<string, string>,
  info: FeedRecord["info"],
  row: (column: FeedColumn) => string,
  { header, today, latestYear }: { header: Set<string>; today: string; latestYear: number },
): FeedUnit | string | { unstorable: { stock_number: string; reason: string } } {
  if (info.error?.code === "CSV_RECORD_INCONSISTENT_COLUMNS") {
    const fields = info.error.record?.length ?? 0;
    return `the row has ${fields} fields and the header ${header.size} (cut short, or a comma outside quotes)`;
  }
  // a NUL or another control character (a DMS export gone wrong) is this row's problem, not the file's
  const unstorable = Object.entries(record).find(([, value]) => !isStorableText(value, true));
  if (unstorable) {
    return {
      unstorable: {
        // the stock number as it was meant (its control characters left out): that unit is kept, not sold
        stock_number: [...row("Stock").trim()].filter((character) => isStorableText(character, false)).join(""),
        reason: `the ${unstorable[0]} column holds a control character (${controlCharacter(unstorable[1])}), which no page can show`,
      },
    };
  }
  return toUnit(row, today, latestYear);
}
