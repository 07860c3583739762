import { BODY_TYPE_LABELS, type BodyType, CAB_TYPE_LABELS, type CabType, gvwrClass } from "shared-types";

/** What the search reads of a unit, however it came in (the seed, the dealership's feed). */
export interface SearchableUnit {
  year: number;
  make: string;
  model: string;
  trim: string;
  exterior: string;
  interior: string;
  body_style: string;
  stock_number: string;
  fuel_type: string;
  body_type: BodyType | null;
  cab_type: CabType | null;
  gvwr_lb: number | null;
  options: readonly string[];
}

/** Lower-cased text the search matches: year, make, model, trim, colours, body, class, options, stock number. */
export function vehicleSearchText(unit: SearchableUnit): string {
  return [
    unit.year,
    unit.make,
    unit.model,
    unit.trim,
    unit.exterior,
    unit.interior,
    unit.body_style,
    unit.stock_number,
    unit.fuel_type,
    unit.body_type ? BODY_TYPE_LABELS[unit.body_type] : "",
    unit.cab_type ? CAB_TYPE_LABELS[unit.cab_type] : "",
    unit.gvwr_lb ? `class ${gvwrClass(unit.gvwr_lb)}` : "",
    ...unit.options,
  ]
    .join(" ")
    .toLowerCase();
}
