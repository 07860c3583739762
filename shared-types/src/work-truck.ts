/**
 * What a fleet buyer shops by: weight class, body, fuel and cab. GVWR (gross vehicle weight rating) is the unit's
 * rated maximum loaded weight; its class follows the standard U.S. FHWA bands that North American makers, dealers
 * and fleets use (Canada has no bands of its own), in pounds as the makers rate them.
 */

import { formatNumber } from "./format.js";

/** The upper bound in lb of classes 1 to 7; above the last is class 8. */
export const GVWR_CLASS_UPPER_LB = [6_000, 10_000, 14_000, 16_000, 19_500, 26_000, 33_000] as const;

export const GVWR_CLASSES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type GvwrClass = (typeof GVWR_CLASSES)[number];

/** The class of a GVWR in lb: 6,000 is class 1, 6,001 class 2 ... 33,001 and up class 8. */
export function gvwrClass(gvwrLb: number): GvwrClass {
  const index = GVWR_CLASS_UPPER_LB.findIndex((upper) => gvwrLb <= upper);
  return (index === -1 ? 8 : index + 1) as GvwrClass;
}

const KG_PER_LB = 0.45359237; // exact, by the international pound's definition

export const lbToKg = (lb: number) => Math.round(lb * KG_PER_LB);

const kgText = (lb: number) => formatNumber(lbToKg(lb));

/** The facet's label of a class, in kilograms (Canada's unit): "Class 4 (over 6,350 to 7,257 kg)". */
export function gvwrClassLabel(gvwrClassNumber: GvwrClass): string {
  const upper = GVWR_CLASS_UPPER_LB[gvwrClassNumber - 1];
  const lower = GVWR_CLASS_UPPER_LB[gvwrClassNumber - 2];
  if (lower === undefined) return `Class ${gvwrClassNumber} (up to ${kgText(upper ?? 0)} kg)`;
  if (upper === undefined) return `Class ${gvwrClassNumber} (over ${kgText(lower)} kg)`;
  return `Class ${gvwrClassNumber} (over ${kgText(lower)} to ${kgText(upper)} kg)`;
}

export const BODY_TYPES = [
  "dry-freight-box",
  "refrigerated-box",
  "dump",
  "flatbed-stake",
  "service-utility",
  "landscape",
  "cutaway",
  "cab-chassis",
  "cargo-van",
  "pickup",
  "suv",
] as const;
export type BodyType = (typeof BODY_TYPES)[number];

export const BODY_TYPE_LABELS: Record<BodyType, string> = {
  "dry-freight-box": "Dry freight box",
  "refrigerated-box": "Refrigerated box",
  dump: "Dump body",
  "flatbed-stake": "Flatbed / stake",
  "service-utility": "Service / utility body",
  landscape: "Landscape body",
  cutaway: "Cutaway",
  "cab-chassis": "Cab chassis (ready to upfit)",
  "cargo-van": "Cargo van",
  pickup: "Pickup",
  suv: "SUV",
};

export const CAB_TYPES = ["regular", "extended", "crew"] as const;
export type CabType = (typeof CAB_TYPES)[number];

export const CAB_TYPE_LABELS: Record<CabType, string> = {
  regular: "Regular cab",
  extended: "Extended / double cab",
  crew: "Crew cab",
};

export const FUELS = ["gas", "diesel", "electric"] as const;
export type Fuel = (typeof FUELS)[number];

export const FUEL_LABELS: Record<Fuel, string> = { gas: "Gas", diesel: "Diesel", electric: "Electric" };

/** The fuel facet's value of a unit's fuel type as the dealership writes it ("Gasoline", "Diesel", "Electric"). */
export function fuelOf(fuelType: string): Fuel {
  const text = fuelType.toLowerCase();
  if (text.includes("diesel")) return "diesel";
  if (text.includes("electric")) return "electric";
  return "gas";
}

/** What the dealership records of a unit's work-truck facts (the rest is derived). */
export interface WorkTruckSpec {
  gvwr_lb: number;
  body_type: BodyType;
  /** The body's length in feet (a pickup's box, a van's cargo floor); null for a bare cab chassis or an SUV */
  body_length_ft: number | null;
  /** null where a cab type means nothing (vans, SUVs) */
  cab_type: CabType | null;
  wheelbase_in: number;
  payload_lb: number;
}

/** The facts a unit carries in the API's answers: the recorded ones and what follows from them. */
export interface WorkTruckFacts extends WorkTruckSpec {
  gvwr_kg: number;
  gvwr_class: GvwrClass;
  fuel: Fuel;
  payload_kg: number;
}

export function workTruckFacts(spec: WorkTruckSpec, fuelType: string): WorkTruckFacts {
  return {
    ...spec,
    gvwr_kg: lbToKg(spec.gvwr_lb),
    gvwr_class: gvwrClass(spec.gvwr_lb),
    fuel: fuelOf(fuelType),
    payload_kg: lbToKg(spec.payload_lb),
  };
}

/** "8,845 kg (19,500 lb)": kilograms first, Canada's unit, with the makers' pounds beside them. */
export const formatWeight = (kg: number, lb: number) => `${formatNumber(kg, 1)} kg (${formatNumber(lb, 1)} lb)`;

/** "16 ft" / "12.5 ft" */
export const formatFeet = (ft: number) => `${formatNumber(ft, 1)} ft`;
