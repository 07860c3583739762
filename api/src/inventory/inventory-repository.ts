import {
  type InventoryListing,
  type InventoryQuery,
  type InventoryResult,
  toVehicleListing,
  type Vehicle,
} from "shared-types";
import type { Queryable } from "../db/database.js";
import type { InventoryIndex } from "./index/inventory-index.js";
import { readVehicles } from "./vehicle-rows.js";

/**
 * Reads whole vehicles for the given stock numbers, in that order (those gone since are skipped): from the index's
 * memory those it holds (the caller made it `fresh()` first, or it follows the change signal), the rest from the
 * database, kept there for the next request.
 */
export async function vehiclesInOrder(
  db: Queryable,
  stockNumbers: readonly string[],
  index?: InventoryIndex,
): Promise<Vehicle[]> {
  const unread = index ? stockNumbers.filter((stock) => !index.units.has(stock)) : stockNumbers;
  const read = unread.length === 0 ? new Map() : index ? await index.read(unread) : await readVehicles(db, unread);
  return stockNumbers.flatMap((stock) => index?.units.get(stock) ?? read.get(stock) ?? []);
}

/**
 * One page of the inventory and the total: the index picks the stock numbers, memory or the database supplies the
 * units, whole or as a list shows them (`fields=listing`: a third of the bytes, for a list page or a phone's filter).
 */
export async function findVehicles(
  db: Queryable,
  index: InventoryIndex,
  query: InventoryQuery,
  search = "",
): Promise<InventoryResult | InventoryListing> {
  const fresh = await index.fresh();
  const { stockNumbers, total, facets } = fresh.query({
    filter: query.filter,
    search,
    sort: query.sort,
    page: query.page,
    pageSize: query.page_size,
    seed: query.seed,
  });
  const vehicles = await vehiclesInOrder(db, stockNumbers, fresh);
  return {
    vehicles: query.fields === "listing" ? vehicles.map(toVehicleListing) : vehicles,
    size: total,
    page: query.page,
    page_size: query.page_size,
    facets,
  };
}

/**
 * A unit on the site (sold too), whether on offer or not; null for none. Its own page asks for it on every miss:
 * following the change signal the index's memory answers, without waiting for a rebuild the page does not need.
 */
export async function findVehicleByStockNumber(
  db: Queryable,
  index: InventoryIndex,
  stockNumber: string,
): Promise<Vehicle | null> {
  const [vehicle] = index.followsChanges
    ? await vehiclesInOrder(db, [stockNumber], index)
    : await vehiclesInOrder(db, [stockNumber]);
  return vehicle ?? null;
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
  return vehiclesInOrder(db, fresh.similar(stockNumber, unit.make, unit.body_style, limit), fresh);
}
