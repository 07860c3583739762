import {
  applyInventoryFilterRules,
  type InventoryProperties,
  type InventoryQuery,
  type InventoryResult,
  type ModelCounts,
  type Vehicle,
  vehicleSchema,
} from "shared-types";
import type { Queryable } from "../db/database.js";

const SELECT_VEHICLE = `select stock_number, vin, year, make, model, trim, condition, status, body_style, engine,
  transmission, exterior, interior, odometer, fuel_type, drive_train, fuel_efficiency_city, fuel_efficiency_highway,
  full_price, low_price, discount, primary_image, images, options, comments, dealership, inventory_type, listed_at
  from vehicles`;

const ORDER_BY: Record<InventoryQuery["sort"], string> = {
  age_asc: "listed_at asc, stock_number asc",
  age_desc: "listed_at desc, stock_number asc",
  // units without a price go last whichever way the price sorts
  price_asc: "(effective_price = 0) asc, effective_price asc, stock_number asc",
  price_desc: "(effective_price = 0) asc, effective_price desc, stock_number asc",
  discount: "discount desc, stock_number asc",
  random: "md5(stock_number || $SEED) asc",
};

function toVehicle(row: Record<string, unknown>): Vehicle {
  return vehicleSchema.parse(row);
}

/** Builds the WHERE clause for a filter (after SPEC §5's rules) and an optional search text. */
function whereClause(query: Pick<InventoryQuery, "filter">, search: string, params: unknown[]): string {
  const filter = applyInventoryFilterRules(query.filter);
  const conditions = ["status = 'available'"];
  const anyOf = (column: string, values: readonly unknown[]) => {
    if (values.length === 0) return;
    params.push(values);
    conditions.push(`${column} = any($${params.length})`);
  };
  anyOf("condition", filter.condition);
  anyOf("year", filter.year);
  anyOf("body_style", filter.body_style);
  anyOf("dealership", filter.dealership);
  // a make and a model of another make are alternatives: "GMC, or any Isuzu NRR"
  if (filter.make.length > 0 || filter.model.length > 0) {
    const alternatives: string[] = [];
    if (filter.make.length > 0) {
      params.push(filter.make);
      alternatives.push(`make = any($${params.length})`);
    }
    if (filter.model.length > 0) {
      params.push(filter.model);
      alternatives.push(`model = any($${params.length})`);
    }
    conditions.push(`(${alternatives.join(" or ")})`);
  }
  if (filter.price_lower > 0) {
    params.push(filter.price_lower);
    conditions.push(`effective_price >= $${params.length}`);
  }
  if (filter.price_upper > 0) {
    params.push(filter.price_upper);
    conditions.push(`effective_price <= $${params.length} and effective_price > 0`);
  }
  for (const word of search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    params.push(`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    conditions.push(`search_text like $${params.length}`);
  }
  return conditions.join(" and ");
}

export async function findVehicles(db: Queryable, query: InventoryQuery, search = ""): Promise<InventoryResult> {
  const params: unknown[] = [];
  const where = whereClause(query, search, params);
  const [{ total } = { total: 0 }] = await db.query<{ total: number }>(
    `select count(*)::int as total from vehicles where ${where}`,
    params,
  );
  const pageParams = [...params, query.page_size, (query.page - 1) * query.page_size];
  let order = ORDER_BY[query.sort];
  if (query.sort === "random") {
    pageParams.push(String(query.seed));
    order = order.replace("$SEED", `$${pageParams.length}`);
  }
  const rows = await db.query(
    `${SELECT_VEHICLE} where ${where} order by ${order} limit $${params.length + 1} offset $${params.length + 2}`,
    pageParams,
  );
  return { vehicles: rows.map(toVehicle), size: total, page: query.page, page_size: query.page_size };
}

export async function findVehicleByStockNumber(db: Queryable, stockNumber: string): Promise<Vehicle | null> {
  const [row] = await db.query(`${SELECT_VEHICLE} where stock_number = $1`, [stockNumber]);
  return row ? toVehicle(row) : null;
}

/** Facet options over the available inventory (SPEC §3 "Inventory properties"). */
export async function inventoryProperties(db: Queryable): Promise<InventoryProperties> {
  const pairs = await db.query<{ make: string; model: string }>(
    "select distinct make, model from vehicles where status = 'available' order by make, model",
  );
  const years = await db.query<{ year: number }>(
    "select distinct year from vehicles where status = 'available' order by year desc",
  );
  const bodyStyles = await db.query<{ body_style: string }>(
    "select distinct body_style from vehicles where status = 'available' and body_style <> '' order by body_style",
  );
  const [range] = await db.query<{ lower: number | null; upper: number | null }>(
    "select min(effective_price)::int as lower, max(effective_price)::int as upper from vehicles where status = 'available' and effective_price > 0",
  );
  const models: Record<string, string[]> = {};
  for (const { make, model } of pairs) {
    models[make] = [...(models[make] ?? []), model];
  }
  return {
    years: years.map((r) => r.year),
    makes: Object.keys(models),
    models,
    body_styles: bodyStyles.map((r) => r.body_style),
    price_lower: range?.lower ?? 0,
    price_upper: range?.upper ?? 0,
  };
}

export async function modelCounts(db: Queryable): Promise<ModelCounts> {
  return db.query<ModelCounts[number]>(
    "select make, model, count(*)::int as count from vehicles where status = 'available' group by make, model order by make, model",
  );
}

/** Up to `limit` other available units, the same make and body style first (SPEC §7 "Similar vehicles"). */
export async function findSimilarVehicles(db: Queryable, vehicle: Vehicle, limit: number): Promise<Vehicle[]> {
  const rows = await db.query(
    `${SELECT_VEHICLE} where status = 'available' and stock_number <> $1
     order by (make = $2 and body_style = $3) desc, (make = $2) desc, (body_style = $3) desc, listed_at desc, stock_number
     limit $4`,
    [vehicle.stock_number, vehicle.make, vehicle.body_style, limit],
  );
  return rows.map(toVehicle);
}
