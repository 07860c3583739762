import { ALLOWED_DEALERSHIP, type Vehicle } from "shared-types";
import type { Database, Queryable } from "../db/database.js";
import { vehicleSearchText } from "../inventory/search-text.js";
import { generateInventory } from "./inventory-generator.js";
import { SEED_PROMOTIONS } from "./promotions.js";
import { standardCharges } from "./unit-charges.js";
import { conditionalOffersFor, workTruckSpecFor } from "./work-truck-specs.js";

const VEHICLE_COLUMNS = [
  "stock_number",
  "vin",
  "year",
  "make",
  "model",
  "trim",
  "condition",
  "status",
  "body_style",
  "engine",
  "transmission",
  "exterior",
  "interior",
  "odometer",
  "fuel_type",
  "drive_train",
  "fuel_efficiency_city",
  "fuel_efficiency_highway",
  "full_price",
  "low_price",
  "discount",
  "primary_image",
  "images",
  "options",
  "comments",
  "dealership",
  "inventory_type",
  "listed_at",
  "charges",
  "conditional_offers",
  "gvwr_lb",
  "body_type",
  "body_length_ft",
  "cab_type",
  "wheelbase_in",
  "payload_lb",
  "search_text",
] as const;

export async function insertVehicles(db: Queryable, vehicles: readonly Vehicle[]): Promise<void> {
  const batchSize = 500;
  for (let start = 0; start < vehicles.length; start += batchSize) {
    const batch = vehicles.slice(start, start + batchSize);
    const params: unknown[] = [];
    const rows = batch.map((v) => {
      const values: unknown[] = VEHICLE_COLUMNS.map((column) => {
        if (column === "search_text") return vehicleSearchText(v);
        if (column === "images" || column === "options" || column === "charges" || column === "conditional_offers")
          return JSON.stringify(v[column]);
        return v[column];
      });
      const placeholders = values.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(",")})`;
    });
    await db.query(`insert into vehicles (${VEHICLE_COLUMNS.join(",")}) values ${rows.join(",")}`, params);
  }
}

/**
 * Units stored before they carried their charges get the dealership's standard ones (unit-charges.ts), so every
 * advertised price is all-in from the first start after the upgrade. Returns how many were filled in.
 */
export async function backfillUnitCharges(db: Queryable): Promise<number> {
  const bare = await db.query<Pick<Vehicle, "make" | "condition" | "body_style" | "stock_number">>(
    "select stock_number, make, condition, body_style from vehicles where charges = '[]'::jsonb",
  );
  for (const unit of bare) {
    await db.query("update vehicles set charges = $2 where stock_number = $1", [
      unit.stock_number,
      JSON.stringify(standardCharges(unit)),
    ]);
  }
  return bare.length;
}

/**
 * Units stored without some of their work-truck facts (before the facts existed, or from a feed that gives only
 * some) get their model's for what is missing (work-truck-specs.ts), and the fleet incentives that apply to them,
 * so the facets count every unit. Returns how many were filled in.
 */
export async function backfillWorkTruckFacts(db: Queryable): Promise<number> {
  const bare = await db.query<
    Pick<Vehicle, "make" | "model" | "trim" | "engine" | "condition" | "body_style" | "stock_number"> & {
      incentives_missing: boolean;
    }
  >(
    `select stock_number, make, model, trim, engine, condition, body_style, gvwr_lb is null as incentives_missing
       from vehicles
      where gvwr_lb is null or body_type is null or wheelbase_in is null or payload_lb is null`,
  );
  for (const unit of bare) {
    const spec = workTruckSpecFor(unit);
    await db.query(
      `update vehicles set gvwr_lb = coalesce(gvwr_lb, $2), body_type = coalesce(body_type, $3),
              body_length_ft = case when body_type is null then $4 else body_length_ft end,
              cab_type = case when body_type is null and cab_type is null then $5 else cab_type end,
              wheelbase_in = coalesce(wheelbase_in, $6), payload_lb = coalesce(payload_lb, $7),
              conditional_offers = case when $9 then $8::jsonb else conditional_offers end
        where stock_number = $1`,
      [
        unit.stock_number,
        spec.gvwr_lb,
        spec.body_type,
        spec.body_length_ft,
        spec.cab_type,
        spec.wheelbase_in,
        spec.payload_lb,
        JSON.stringify(conditionalOffersFor(unit)),
        unit.incentives_missing,
      ],
    );
  }
  return bare.length;
}

/** Seeds an empty database; a database that already has inventory is left as it is. */
export async function seedIfEmpty(
  db: Database,
  vehicleCount: number,
): Promise<{ vehicles: number; promotions: number }> {
  const [{ count } = { count: 0 }] = await db.query<{ count: number }>("select count(*)::int as count from vehicles");
  let vehicles = 0;
  if (count === 0 && vehicleCount > 0) {
    const generated = generateInventory(vehicleCount).map(({ shape: _shape, ...v }) => v);
    await db.transaction((tx) => insertVehicles(tx, generated));
    vehicles = generated.length;
  }
  const [{ count: promoCount } = { count: 0 }] = await db.query<{ count: number }>(
    "select count(*)::int as count from promotions",
  );
  let promotions = 0;
  if (promoCount === 0) {
    for (const p of SEED_PROMOTIONS) {
      await db.query(
        "insert into promotions (id, branch, department, rank, html, image, url) values ($1,$2,$3,$4,$5,$6,$7)",
        [p.id, ALLOWED_DEALERSHIP, p.department, p.rank, p.html, p.image, p.url],
      );
    }
    promotions = SEED_PROMOTIONS.length;
  }
  return { vehicles, promotions };
}
