import type { z } from "zod/mini";
import { VEHICLE_CONDITIONS } from "./enumerations.js";
import { allInPriceCents } from "./pricing.js";
import type { vehicleSchema } from "./vehicle.schema.js";
import {
  BODY_TYPE_LABELS,
  BODY_TYPES,
  CAB_TYPE_LABELS,
  CAB_TYPES,
  FUEL_LABELS,
  FUELS,
  fuelOf,
  GVWR_CLASSES,
  gvwrClass,
  gvwrClassLabel,
} from "./work-truck.js";

/**
 * The inventory filter, one entry per field: everything else is derived from this file (the filter's schema and
 * its empty value, the page's URL and the API's query parameters, the index's filter and counting pass, the facets'
 * answer and the toolbar's panels). Adding a facet is an entry here and its value function.
 */

/** The other reading of the filter (SPEC §3): no inventory_type and no price bounds (InventoryFilterShort). */
export const SHORT_FILTER_KEYS = ["condition", "year", "make", "model", "body_style", "dealership"] as const;

/**
 * The columns of a stored unit the filter reads (the index selects exactly these, straight from the row): the short
 * reading's fields are the unit's columns of the same names.
 */
export const FACET_UNIT_COLUMNS = [
  ...SHORT_FILTER_KEYS,
  "inventory_type",
  "fuel_type",
  "gvwr_lb",
  "body_type",
  "cab_type",
  "drive_train",
  "full_price",
  "low_price",
  "charges",
] as const satisfies readonly (keyof z.infer<typeof vehicleSchema>)[];

/** A unit as the filter sees it. A unit stored a moment before its work-truck facts are filled in has nulls there. */
export type FacetUnit = Pick<z.infer<typeof vehicleSchema>, (typeof FACET_UNIT_COLUMNS)[number]>;

export const DRIVETRAINS = ["4wd", "awd", "rwd", "fwd"] as const;
export type Drivetrain = (typeof DRIVETRAINS)[number];
const DRIVETRAIN_LABELS: Record<Drivetrain, string> = {
  "4wd": "Four-wheel drive (4x4)",
  awd: "All-wheel drive",
  rwd: "Rear-wheel drive",
  fwd: "Front-wheel drive",
};

/** The drivetrain of a unit's drive train as the dealership writes it ("4WD", "4x4", "AWD", "RWD", "4x2"); "" if unknown. */
export function drivetrainOf(driveTrain: string): Drivetrain | "" {
  const text = driveTrain.toLowerCase().replace(/[\s-]/g, "");
  if (/^(4wd|4x4|fourwheel)/.test(text)) return "4wd";
  if (/^(awd|allwheel)/.test(text)) return "awd";
  if (/^(rwd|2wd|4x2|rearwheel)/.test(text)) return "rwd";
  if (/^(fwd|frontwheel)/.test(text)) return "fwd";
  return "";
}

/** Values the dealership fixes (in the order pages list them), each with how it reads. */
const known = <const V extends string | number>(values: readonly V[], valueLabel: (value: V) => string) => ({
  values,
  valueLabel,
});

/**
 * A filter list: the units whose value is one of the chosen ones (none chosen: any unit).
 * - role "facet" is counted in every answer and offered in the toolbar's `tab`; "scope" narrows the inventory
 *   (the dealership) and a unit outside it counts nowhere.
 * - values: fixed ones (`known`), or whatever the inventory has ("text" sorted alphabetically, "number" descending).
 * - group: facets of one group are alternatives ("GMC, or any Isuzu NRR"); a unit outside the group counts toward
 *   the group's values only, as choosing one of them would add it.
 * - parent: a value belongs to one of the parent facet's values (a model to its make); the toolbar nests them.
 * - choose "one": a single choice (radio buttons), as SPEC §4 makes condition.
 */
interface ListFacetSpec {
  role: "facet" | "scope";
  label: string;
  tab?: string;
  group?: string;
  parent?: string;
  choose?: "one" | "any";
  values?: readonly (string | number)[];
  valueLabel?: (value: never) => string;
  open?: "text" | "number";
  /** the most values a filter may name */
  maxChosen: number;
  /** the unit's value; "" or 0 when it has none (it then matches only when nothing is chosen) */
  of: (unit: FacetUnit) => string | number;
}

export const LIST_FACETS = {
  condition: {
    role: "facet",
    label: "Condition",
    tab: "Search Term",
    choose: "one",
    ...known(VEHICLE_CONDITIONS, (condition) => (condition === "new" ? "New" : "Used")),
    maxChosen: VEHICLE_CONDITIONS.length,
    of: (u) => u.condition,
  },
  year: { role: "facet", label: "Year", tab: "Year", open: "number", maxChosen: 50, of: (u) => u.year },
  make: {
    role: "facet",
    label: "Make",
    tab: "Make and Model",
    group: "make-model",
    open: "text",
    maxChosen: 50,
    of: (u) => u.make,
  },
  model: {
    role: "facet",
    label: "Model",
    tab: "Make and Model",
    group: "make-model",
    parent: "make",
    open: "text",
    maxChosen: 50,
    of: (u) => u.model,
  },
  body_style: {
    role: "facet",
    label: "Body Style",
    tab: "Body Style",
    open: "text",
    maxChosen: 50,
    of: (u) => u.body_style,
  },
  dealership: { role: "scope", label: "Dealership", open: "text", maxChosen: 50, of: (u) => u.dealership },
  /** SPEC §5 sends it empty, always */
  inventory_type: { role: "scope", label: "Inventory type", open: "text", maxChosen: 50, of: (u) => u.inventory_type },
  gvwr_class: {
    role: "facet",
    label: "GVWR class",
    tab: "Work Truck",
    ...known(GVWR_CLASSES, gvwrClassLabel),
    maxChosen: GVWR_CLASSES.length,
    of: (u) => (u.gvwr_lb ? gvwrClass(u.gvwr_lb) : 0),
  },
  body_type: {
    role: "facet",
    label: "Body or upfit",
    tab: "Work Truck",
    ...known(BODY_TYPES, (type) => BODY_TYPE_LABELS[type]),
    maxChosen: BODY_TYPES.length,
    of: (u) => u.body_type ?? "",
  },
  fuel: {
    role: "facet",
    label: "Fuel",
    tab: "Work Truck",
    ...known(FUELS, (fuel) => FUEL_LABELS[fuel]),
    maxChosen: FUELS.length,
    of: (u) => fuelOf(u.fuel_type),
  },
  cab_type: {
    role: "facet",
    label: "Cab",
    tab: "Work Truck",
    ...known(CAB_TYPES, (cab) => CAB_TYPE_LABELS[cab]),
    maxChosen: CAB_TYPES.length,
    of: (u) => u.cab_type ?? "",
  },
  drivetrain: {
    role: "facet",
    label: "Drivetrain",
    tab: "Work Truck",
    ...known(DRIVETRAINS, (drivetrain) => DRIVETRAIN_LABELS[drivetrain]),
    maxChosen: DRIVETRAINS.length,
    of: (u) => drivetrainOf(u.drive_train),
  },
} as const satisfies Record<string, ListFacetSpec>;

/**
 * A range: the units whose value lies within the bounds (0: no bound). A unit with no value (0) fails any bound:
 * an unpriced unit is in no price range. `group` puts it with a list (the year range with the chosen years: both
 * must hold). `reported`: the answer gives the range the matches run over, the range itself left out.
 */
interface RangeFacetSpec {
  lower: string;
  upper: string;
  label: string;
  tab: string;
  group?: string;
  /** whole numbers up to this (years); otherwise any amount */
  maxWhole?: number;
  reported: boolean;
  of: (unit: FacetUnit) => number;
}

export const RANGE_FACETS = {
  year: {
    lower: "year_min",
    upper: "year_max",
    label: "Year range",
    tab: "Year",
    group: "year",
    maxWhole: 2100,
    reported: false,
    of: (u) => u.year,
  },
  /** the advertised (all-in) price in dollars the visitor sees, so the range agrees with the page */
  price: {
    lower: "price_lower",
    upper: "price_upper",
    label: "Price",
    tab: "Search Term",
    reported: true,
    of: (u) => allInPriceCents(u) / 100,
  },
} as const satisfies Record<string, RangeFacetSpec>;

export type ListFacetKey = keyof typeof LIST_FACETS;
export type RangeFacetKey = keyof typeof RANGE_FACETS;
export type ListFacet = ListFacetSpec & { key: ListFacetKey };
export type RangeFacet = Omit<RangeFacetSpec, "lower" | "upper"> & {
  key: RangeFacetKey;
  lower: RangeBoundKey;
  upper: RangeBoundKey;
};
type ValueOf<F> = F extends { values: readonly (infer V)[] } ? V : F extends { open: "number" } ? number : string;
export type ListFacetValue<K extends ListFacetKey> = ValueOf<(typeof LIST_FACETS)[K]>;
export type RangeBoundKey = (typeof RANGE_FACETS)[RangeFacetKey]["lower" | "upper"];
/** The facets counted in every answer (not the scopes). */
export type CountedFacetKey = {
  [K in ListFacetKey]: (typeof LIST_FACETS)[K]["role"] extends "facet" ? K : never;
}[ListFacetKey];
type ReportedRangeKey = {
  [K in RangeFacetKey]: (typeof RANGE_FACETS)[K]["reported"] extends true ? K : never;
}[RangeFacetKey];

/** The whole filter (SPEC §3): a list per list facet, and both bounds of each range. */
export type InventoryFilter = { [K in ListFacetKey]: ListFacetValue<K>[] } & { [K in RangeBoundKey]: number };

type ParentOf<K extends ListFacetKey> = (typeof LIST_FACETS)[K] extends { parent: infer P extends string }
  ? { [X in P]: string }
  : unknown;
/** One facet's counts: every value the available inventory has, with how many units choosing it gives. */
export type FacetCount<K extends ListFacetKey> = { value: ListFacetValue<K>; count: number } & ParentOf<K>;
export type InventoryFacets = { [K in CountedFacetKey]: FacetCount<K>[] } & {
  [K in ReportedRangeKey]: { lower: number; upper: number };
};

/** Every list facet and range, in the table's order, each with its key. */
export const listFacets = (Object.entries(LIST_FACETS) as [ListFacetKey, ListFacetSpec][]).map(
  ([key, spec]): ListFacet => ({ ...spec, key }),
);
export const rangeFacets = (Object.entries(RANGE_FACETS) as [RangeFacetKey, RangeFacetSpec][]).map(
  ([key, spec]) => ({ ...spec, key }) as RangeFacet,
);
export const countedFacets = listFacets.filter((facet) => facet.role === "facet");
export const rangeBoundKeys = rangeFacets.flatMap((range) => [range.lower, range.upper]);

/** The group a facet is checked in: its own unless it names one. */
export const groupOf = (facet: { key: string; group?: string }) => facet.group ?? facet.key;

/** The filter that selects everything. */
export function emptyInventoryFilter(): InventoryFilter {
  return Object.fromEntries([
    ...listFacets.map((facet) => [facet.key, []]),
    ...rangeBoundKeys.map((bound) => [bound, 0]),
  ]) as InventoryFilter;
}

/** A stable key for a filter: two filters with the same key select the same vehicles. */
export function inventoryFilterKey(filter: InventoryFilter): string {
  return JSON.stringify([
    ...listFacets.map((facet) => [...(filter[facet.key] as readonly (string | number)[])].map(String).sort()),
    ...rangeBoundKeys.map((bound) => filter[bound]),
  ]);
}

/** How a value of a facet reads on the page. */
export function facetValueLabel(facet: ListFacet, value: string | number): string {
  return facet.valueLabel ? facet.valueLabel(value as never) : String(value);
}

/** The toolbar's tabs, in the table's order, each with the lists and ranges it offers. */
export function facetTabs(): { label: string; lists: ListFacet[]; ranges: RangeFacet[] }[] {
  const labels = [...new Set([...listFacets, ...rangeFacets].flatMap((facet) => (facet.tab ? [facet.tab] : [])))];
  return labels.map((label) => ({
    label,
    lists: listFacets.filter((facet) => facet.tab === label),
    ranges: rangeFacets.filter((range) => range.tab === label),
  }));
}
