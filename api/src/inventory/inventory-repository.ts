import {
  type InventoryQuery,
  type InventoryResult,
  type Vehicle,
  type WorkTruckSpec,
  workTruckFacts,
} from "shared-types";
import { vehicleSchema } from "shared-types/schemas";
import { sanitizeDealerHtml } from "../content/sanitize-html.js";
import type { Queryable } from "../db/database.js";
import type { InventoryIndex } from "./index/inventory-index.js";

const SELECT_VEHICLE = `select stock_number, vin, year, make, model, trim, condition, status, body_style, engine,
  transmission, exterior, interior, odometer, fuel_type, drive_train, fuel_efficiency_city, fuel_efficiency_highway,
  full_price, low_price, discount, primary_image, images, photos, options, comments, dealership, inventory_type, listed_at,
  charges, conditional_offers, gvwr_lb, body_type, body_length_ft, cab_type, wheelbase_in, payload_lb from vehicles`;

/** A stored unit as the API answers it: validated, its comments reduced to the HTML pages may render. */
function toVehicle(row: Record<string, unknown>): Vehicle {
  const spec: WorkTruckSpec = {
    gvwr_lb: Number(row.gvwr_lb),
    body_type: row.body_type as WorkTruckSpec["body_type"],
    body_length_ft: row.body_length_ft === null ? null : Number(row.body_length_ft),
    cab_type: row.cab_type as WorkTruckSpec["cab_type"],
    wheelbase_in: Number(row.wheelbase_in),
    payload_lb: Number(row.payload_lb),
  };
  // the schema checks what was stored (a body type the site does not know fails here, not in a page)
  const vehicle = vehicleSchema.parse({ ...row, ...workTruckFacts(spec, String(row.fuel_type)) });
  return { ...vehicle, comments: sanitizeDealerHtml(vehicle.comments) };
}

/**
 * Reads whole vehicles for the given stock numbers, in that order (those gone since are skipped): those read since
 * the inventory last changed from `remembered` (the index's), the rest from the database.
 */
export async function vehiclesInOrder(
  db: Queryable,
  stockNumbers: readonly string[],
  remembered: Map<string, Vehicle> = new Map(),
): Promise<Vehicle[]> {
  const unread = stockNumbers.filter((stock) => !remembered.has(stock));
  if (unread.length > 0) {
    const rows = await db.query<Record<string, unknown>>(
      `${SELECT_VEHICLE} where stock_number = any($1) and not hidden`,
      [unread],
    );
    for (const row of rows) remembered.set(row.stock_number as string, toVehicle(row));
  }
  return stockNumbers.flatMap((stock) => remembered.get(stock) ?? []);
}

/** One page of the inventory and the total: the index picks the stock numbers, the database supplies the units. */
export async function findVehicles(
  db: Queryable,
  index: InventoryIndex,
  query: InventoryQuery,
  search = "",
): Promise<InventoryResult> {
  const fresh = await index.fresh();
  const { stockNumbers, total, facets } = fresh.query({
    filter: query.filter,
    search,
    sort: query.sort,
    page: query.page,
    pageSize: query.page_size,
    seed: query.seed,
  });
  return {
    vehicles: await vehiclesInOrder(db, stockNumbers, fresh.rememberedUnits),
    size: total,
    page: query.page,
    page_size: query.page_size,
    facets,
  };
}

export async function findVehicleByStockNumber(db: Queryable, stockNumber: string): Promise<Vehicle | null> {
  const [row] = await db.query(`${SELECT_VEHICLE} where stock_number = $1 and not hidden`, [stockNumber]);
  return row ? toVehicle(row) : null;
}

/**
 * Up to `limit` other available units, the same make and body style first (SPEC §7 "Similar vehicles"); null for a
 * stock number no unit has. The unit itself is described from the index's memory when it is on offer: the vehicle
 * page has already read and checked its row once, and asks for these beside it.
 */
export async function findSimilarVehicles(
  db: Queryable,
  index: InventoryIndex,
  stockNumber: string,
  limit: number,
): Promise<Vehicle[] | null> {
  const fresh = await index.fresh();
  const onOffer = fresh.describe(stockNumber);
  const [unit] = onOffer
    ? [onOffer]
    : await db.query<{ make: string; body_style: string }>(
        "select make, body_style from vehicles where stock_number = $1 and not hidden",
        [stockNumber],
      );
  if (!unit) return null;
  return vehiclesInOrder(db, fresh.similar(stockNumber, unit.make, unit.body_style, limit), fresh.rememberedUnits);
}
