import {
  applyInventoryFilterRules,
  countedFacets,
  groupOf,
  type InventoryFacets,
  type InventoryFilter,
  type ListFacet,
  listFacets,
  rangeFacets,
} from "shared-types";
import type { Dictionary, UnitTable } from "./unit-table.js";

/** A list facet a filter chooses values of: the units' codes, and 1 for each code the filter allows. */
interface ListCheck {
  codes: Uint16Array;
  allowed: Uint8Array;
}

/** A range a filter bounds: the units' values and the bounds (0: none). A unit without a value (0) fails it. */
interface RangeCheck {
  values: Float64Array;
  lower: number;
  upper: number;
}

/** The facets and ranges of one group that the filter uses: the lists are alternatives, every range must hold. */
interface GroupCheck {
  id: number;
  lists: ListCheck[];
  ranges: RangeCheck[];
}

const PASSED = -1;

/** Every group of the table, numbered in the table's order: a unit failing exactly one is counted there. */
const GROUP_IDS = new Map(
  [...new Set([...countedFacets, ...rangeFacets].map(groupOf))].map((group, id) => [group, id] as const),
);

function allowedCodes(dictionary: Dictionary, values: readonly (string | number)[]): Uint8Array {
  const table = new Uint8Array(dictionary.size);
  for (const value of values) {
    const id = dictionary.get(value);
    if (id !== undefined) table[id] = 1;
  }
  return table;
}

function passes(group: GroupCheck, i: number): boolean {
  const { lists, ranges } = group;
  let listed = lists.length === 0;
  for (let l = 0; l < lists.length; l++) {
    const list = lists[l] as ListCheck;
    if (list.allowed[list.codes[i] as number]) {
      listed = true;
      break;
    }
  }
  if (!listed) return false;
  for (let r = 0; r < ranges.length; r++) {
    const range = ranges[r] as RangeCheck;
    const value = range.values[i] as number;
    if (value === 0 || (range.lower > 0 && value < range.lower) || (range.upper > 0 && value > range.upper)) {
      return false;
    }
  }
  return true;
}

const byLocale = (a: string | number, b: string | number) => String(a).localeCompare(String(b), "en");

/** A counted facet's answer: the values the inventory has, in the order pages list them, each with its count. */
function facetCounts(table: UnitTable, facet: ListFacet, byCode: Int32Array) {
  const dictionary = table.dictionaries[facet.key];
  const parentOf = table.parents[facet.key];
  const present = [...dictionary].filter(([value]) => value !== "" && value !== 0);
  const counted = (value: string | number, id: number) => ({
    value,
    count: byCode[id] ?? 0,
    ...(facet.parent ? { [facet.parent]: parentOf?.get(value) ?? "" } : {}),
  });
  if (facet.values) {
    const ids = new Map(present);
    return facet.values.flatMap((value) => {
      const id = ids.get(value);
      return id === undefined ? [] : [counted(value, id)];
    });
  }
  const ordered = present.sort(([a], [b]) => {
    const byParent = parentOf ? byLocale(parentOf.get(a) ?? "", parentOf.get(b) ?? "") : 0;
    if (byParent !== 0) return byParent;
    return facet.open === "number" ? Number(b) - Number(a) : byLocale(a, b);
  });
  return ordered.map(([value, id]) => counted(value, id));
}

/** The checks a filter asks of every unit: its scopes (the dealership), and the groups it chooses values or bounds in. */
function filterChecks(table: UnitTable, filter: InventoryFilter): { scopes: ListCheck[]; active: GroupCheck[] } {
  const scopes: ListCheck[] = [];
  const groups = new Map<string, GroupCheck>();
  const groupCheck = (name: string) => {
    let group = groups.get(name);
    if (!group) {
      group = { id: GROUP_IDS.get(name) ?? -3, lists: [], ranges: [] };
      groups.set(name, group);
    }
    return group;
  };
  for (const facet of listFacets) {
    const chosen = filter[facet.key] as readonly (string | number)[];
    if (chosen.length === 0) continue;
    const check = { codes: table.codes[facet.key], allowed: allowedCodes(table.dictionaries[facet.key], chosen) };
    if (facet.role === "scope") scopes.push(check);
    else groupCheck(groupOf(facet)).lists.push(check);
  }
  for (const range of rangeFacets) {
    const lower = filter[range.lower];
    const upper = filter[range.upper];
    if (lower > 0 || upper > 0)
      groupCheck(groupOf(range)).ranges.push({ values: table.ranges[range.key], lower, upper });
  }
  return { scopes, active: [...groups.values()] };
}

/** A counted facet's tally: the units' codes and a count for each code. */
interface FacetTally {
  facet: ListFacet;
  group: number;
  codes: Uint16Array;
  counts: Int32Array;
}

/** A reported range's extent over the units counted: the lowest and highest value (0: none yet). */
interface RangeExtent {
  range: (typeof rangeFacets)[number];
  group: number;
  values: Float64Array;
  lower: number;
  upper: number;
}

/** The tallies and extents a pass fills in, all at zero. */
function emptyTallies(table: UnitTable): { counting: FacetTally[]; reporting: RangeExtent[] } {
  const counting = countedFacets.map((facet) => ({
    facet,
    group: GROUP_IDS.get(groupOf(facet)) ?? -3,
    codes: table.codes[facet.key],
    counts: new Int32Array(table.dictionaries[facet.key].size),
  }));
  const reporting = rangeFacets
    .filter((range) => range.reported)
    .map((range) => ({
      range,
      group: GROUP_IDS.get(groupOf(range)) ?? -3,
      values: table.ranges[range.key],
      lower: 0,
      upper: 0,
    }));
  return { counting, reporting };
}

/** A unit that counts nowhere: outside the search or a scope, or failing more than one group. */
const OUTSIDE = -2;

/** PASSED when unit i passes every check, the id of the one group it fails, or OUTSIDE. */
function failedGroup(scopes: ListCheck[], active: GroupCheck[], i: number): number {
  for (let s = 0; s < scopes.length; s++) {
    const scope = scopes[s] as ListCheck;
    if (!scope.allowed[scope.codes[i] as number]) return OUTSIDE;
  }
  let failed = PASSED;
  for (let g = 0; g < active.length; g++) {
    const group = active[g] as GroupCheck;
    if (passes(group, i)) continue;
    if (failed !== PASSED) return OUTSIDE;
    failed = group.id;
  }
  return failed;
}

/** Counts unit i's codes in the tallies and widens the extents to its values. */
function tally(columns: readonly FacetTally[], reports: readonly RangeExtent[], i: number): void {
  for (let c = 0; c < columns.length; c++) {
    const column = columns[c] as FacetTally;
    const id = column.codes[i] as number;
    column.counts[id] = (column.counts[id] ?? 0) + 1;
  }
  for (let r = 0; r < reports.length; r++) {
    const report = reports[r] as RangeExtent;
    const value = report.values[i] as number;
    if (value > 0) {
      report.lower = report.lower === 0 ? value : Math.min(report.lower, value);
      report.upper = Math.max(report.upper, value);
    }
  }
}

/**
 * One pass over the units, each checked against every group the filter uses. A unit that passes them all is a
 * match and counts for every facet; one that fails a single group counts for that group's values (what choosing
 * one of them would add); a unit outside the search or a scope (the dealership) counts nowhere.
 */
export function facetPass(
  table: UnitTable,
  requested: InventoryFilter,
  searched: Uint8Array | null,
): { matched: Uint8Array; total: number; facets: InventoryFacets } {
  const { scopes, active } = filterChecks(table, applyInventoryFilterRules(requested));
  const { counting, reporting } = emptyTallies(table);
  // what a unit failing exactly one group counts toward: that group's facets and reported ranges, looked up once
  const failedCounting = new Map(active.map((group) => [group.id, counting.filter((c) => c.group === group.id)]));
  const failedReporting = new Map(active.map((group) => [group.id, reporting.filter((r) => r.group === group.id)]));

  const size = table.units.length;
  const matched = new Uint8Array(size);
  let total = 0;
  for (let i = 0; i < size; i++) {
    if (searched && !searched[i]) continue;
    const failed = failedGroup(scopes, active, i);
    if (failed === PASSED) {
      tally(counting, reporting, i);
      matched[i] = 1;
      total++;
    } else if (failed !== OUTSIDE) {
      tally(failedCounting.get(failed) ?? [], failedReporting.get(failed) ?? [], i);
    }
  }
  const facets = Object.fromEntries([
    ...counting.map(({ facet, counts }) => [facet.key, facetCounts(table, facet, counts)]),
    ...reporting.map(({ range, lower, upper }) => [range.key, { lower, upper }]),
  ]) as InventoryFacets;
  return { matched, total, facets };
}
