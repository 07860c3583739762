import { createHash, randomBytes, randomUUID } from "node:crypto";
import { FLEET_QUOTE, type FleetQuoteLine, type FleetQuoteList, type FleetQuoteTradeIn } from "shared-types";
import type { FleetQuoteLineUpdate, FleetQuoteTradeInInput } from "shared-types/schemas";
import type { Queryable } from "../db/database.js";
import { HttpError, notFound } from "../http-errors.js";
import type { LineToAdd } from "./lineup.js";

/**
 * A fleet buyer's list, kept by the hash of its key: the key itself lives only in the visitor's cookie, so the
 * database alone cannot be used to read or change anyone's list.
 */
export const newListToken = () => randomBytes(32).toString("base64url");
const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

const refused = (field: string, message: string) =>
  new HttpError(400, { error: "Bad Request", message, fields: { [field]: [message] } });

interface LineRow {
  id: string;
  kind: "unit" | "model";
  stock_number: string;
  model_id: string;
  make: string;
  model: string;
  quantity: number;
  notes: string;
  from_lineup: boolean;
  v_year: number | null;
  v_make: string | null;
  v_model: string | null;
  v_trim: string | null;
  v_vin: string | null;
  v_available: boolean | null;
}

function lineOf(row: LineRow): FleetQuoteLine {
  const unit = row.kind === "unit";
  const make = unit ? (row.v_make ?? row.make) : row.make;
  const model = unit ? [row.v_model ?? row.model, row.v_trim].filter(Boolean).join(" ") : row.model;
  const year = unit && row.v_year != null ? Number(row.v_year) : null;
  const fromLineup = !unit && row.from_lineup === true;
  return {
    id: row.id,
    kind: row.kind,
    stock_number: row.stock_number,
    model_id: row.model_id,
    label: unit
      ? `${[year, make, model].filter(Boolean).join(" ")} (stock ${row.stock_number})`
      : `${make} ${model} (line-up model, to order${fromLineup ? "" : ", name not checked against the line-up"})`,
    year,
    make,
    model,
    vin: unit ? (row.v_vin ?? "") : "",
    quantity: Number(row.quantity),
    notes: row.notes,
    available: unit ? row.v_available === true : true,
    from_lineup: fromLineup,
  };
}

/** The list as it is now (empty for a key the API does not know: a list forgotten after 30 days). */
export async function readList(db: Queryable, token: string): Promise<FleetQuoteList> {
  const hash = hashOf(token);
  const lines = (
    await db.query<LineRow>(
      `select l.id, l.kind, l.stock_number, l.model_id, l.make, l.model, l.quantity, l.notes, l.from_lineup,
              v.year as v_year, v.make as v_make, v.model as v_model, v.trim as v_trim, v.vin as v_vin,
              (v.status = 'available' and not v.hidden) as v_available
         from fleet_quote_lines l
         left join vehicles v on l.kind = 'unit' and v.stock_number = l.stock_number
        where l.token_hash = $1
        order by l.added_at, l.id`,
      [hash],
    )
  ).map(lineOf);
  const tradeIns = await db.query<FleetQuoteTradeIn>(
    `select id, year, make, model, vin, odometer_km, notes from fleet_quote_trade_ins
      where token_hash = $1 order by added_at, id`,
    [hash],
  );
  return {
    lines,
    trade_ins: tradeIns.map((t) => ({ ...t, year: Number(t.year), odometer_km: Number(t.odometer_km) })),
    unit_count: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** Marks the list as used now (its 30 days start again), creating it for a key it has not seen. */
async function touch(db: Queryable, token: string): Promise<string> {
  const hash = hashOf(token);
  await db.query(
    `insert into fleet_quote_lists (token_hash) values ($1)
     on conflict (token_hash) do update set updated_at = now()`,
    [hash],
  );
  return hash;
}

/**
 * Adds a unit or a model (checkedAgainstLineup); the same one again adds to its quantity, and a model the line-up
 * could not name before takes its name now.
 */
export async function addLine(db: Queryable, token: string, add: LineToAdd): Promise<void> {
  if (add.kind === "unit") {
    const [unit] = await db.query<{ stock_number: string }>(
      "select stock_number from vehicles where stock_number = $1 and status = 'available' and not hidden",
      [add.stock_number],
    );
    if (!unit) throw notFound(`Unit ${add.stock_number} is no longer in our inventory`);
  }
  const hash = await touch(db, token);
  const key = add.kind === "unit" ? add.stock_number : add.model_id;
  const [same] = await db.query<{ id: string; quantity: number }>(
    `select id, quantity from fleet_quote_lines where token_hash = $1 and kind = $2
        and (case when kind = 'unit' then stock_number else model_id end) = $3`,
    [hash, add.kind, key],
  );
  if (same) {
    await db.query("update fleet_quote_lines set quantity = $2 where id = $1", [
      same.id,
      Math.min(FLEET_QUOTE.maxQuantity, Number(same.quantity) + add.quantity),
    ]);
    if (add.kind === "model" && add.from_lineup) {
      await db.query("update fleet_quote_lines set make = $2, model = $3, from_lineup = true where id = $1", [
        same.id,
        add.make,
        add.model,
      ]);
    }
    return;
  }
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
    "select count(*)::int as n from fleet_quote_lines where token_hash = $1",
    [hash],
  );
  if (Number(n) >= FLEET_QUOTE.maxLines) {
    throw refused("quantity", `A fleet quote holds at most ${FLEET_QUOTE.maxLines} lines: send this one first`);
  }
  await db.query(
    `insert into fleet_quote_lines (id, token_hash, kind, stock_number, model_id, make, model, quantity, from_lineup)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      randomUUID(),
      hash,
      add.kind,
      add.kind === "unit" ? add.stock_number : "",
      add.kind === "model" ? add.model_id : "",
      add.kind === "model" ? add.make : "",
      add.kind === "model" ? add.model : "",
      add.quantity,
      add.kind === "model" && add.from_lineup,
    ],
  );
}

function changed(rows: unknown[], what: string): void {
  if (rows.length === 0) throw notFound(`That ${what} is no longer in your fleet quote`);
}

export async function updateLine(db: Queryable, token: string, id: string, update: FleetQuoteLineUpdate) {
  const hash = await touch(db, token);
  changed(
    await db.query(
      "update fleet_quote_lines set quantity = $3, notes = $4 where id = $1 and token_hash = $2 returning id",
      [id, hash, update.quantity, update.notes],
    ),
    "line",
  );
}

export async function removeLine(db: Queryable, token: string, id: string) {
  const hash = await touch(db, token);
  changed(
    await db.query("delete from fleet_quote_lines where id = $1 and token_hash = $2 returning id", [id, hash]),
    "line",
  );
}

export async function addTradeIn(db: Queryable, token: string, tradeIn: FleetQuoteTradeInInput) {
  const hash = await touch(db, token);
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>(
    "select count(*)::int as n from fleet_quote_trade_ins where token_hash = $1",
    [hash],
  );
  if (Number(n) >= FLEET_QUOTE.maxTradeIns) {
    throw refused(
      "vin",
      `A fleet quote takes at most ${FLEET_QUOTE.maxTradeIns} trade-ins: tell us about more in your message`,
    );
  }
  await db.query(
    `insert into fleet_quote_trade_ins (id, token_hash, year, make, model, vin, odometer_km, notes)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [randomUUID(), hash, tradeIn.year, tradeIn.make, tradeIn.model, tradeIn.vin, tradeIn.odometer_km, tradeIn.notes],
  );
}

export async function removeTradeIn(db: Queryable, token: string, id: string) {
  const hash = await touch(db, token);
  changed(
    await db.query("delete from fleet_quote_trade_ins where id = $1 and token_hash = $2 returning id", [id, hash]),
    "trade-in",
  );
}

/** What a sent request asked for, kept with its lead; the list is emptied (in the lead's own transaction). */
export async function takeList(tx: Queryable, token: string): Promise<FleetQuoteList> {
  const list = await readList(tx, token);
  const hash = hashOf(token);
  await tx.query("delete from fleet_quote_lines where token_hash = $1", [hash]);
  await tx.query("delete from fleet_quote_trade_ins where token_hash = $1", [hash]);
  return list;
}
