import { type Vehicle, type WorkTruckSpec, workTruckFacts } from "shared-types";
import { vehicleSchema } from "shared-types/schemas";
import { sanitizeDealerHtml } from "../content/sanitize-html.js";
import type { Queryable } from "../db/database.js";

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

/** The units on the site (sold ones too, hidden ones not) of these stock numbers, by stock number. */
export async function readVehicles(db: Queryable, stockNumbers: readonly string[]): Promise<Map<string, Vehicle>> {
  const rows = await db.query<Record<string, unknown>>(
    `${SELECT_VEHICLE} where stock_number = any($1) and not hidden`,
    [stockNumbers],
  );
  return new Map(rows.map((row) => [row.stock_number as string, toVehicle(row)]));
}
