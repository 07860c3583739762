import {
  type FacetUnit,
  type InventorySort,
  type ListFacetKey,
  listFacets,
  type RangeFacetKey,
  rangeFacets,
} from "shared-types";

/** What the index keeps of one available unit besides its facet columns: what the sorts and lists read. */
export interface IndexedUnit {
  stock: string;
  listedAt: string;
  discount: number;
  /** the advertised (all-in) price in dollars, 0 for none: the price range's own value */
  price: number;
  facts: FacetUnit;
}

export type FixedSort = Exclude<InventorySort, "random">;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Units without a price go last whichever way the price sorts (SPEC §9). */
const unpricedLast = (a: IndexedUnit, b: IndexedUnit) => Number(a.price === 0) - Number(b.price === 0);

const COMPARATORS: Record<FixedSort, (a: IndexedUnit, b: IndexedUnit) => number> = {
  age_desc: (a, b) => byText(b.listedAt, a.listedAt) || byText(a.stock, b.stock),
  age_asc: (a, b) => byText(a.listedAt, b.listedAt) || byText(a.stock, b.stock),
  price_asc: (a, b) => unpricedLast(a, b) || a.price - b.price || byText(a.stock, b.stock),
  price_desc: (a, b) => unpricedLast(a, b) || b.price - a.price || byText(a.stock, b.stock),
  discount: (a, b) => b.discount - a.discount || byText(a.stock, b.stock),
};

/** A facet's values, each given a small code in the order first seen. */
export type Dictionary = Map<string | number, number>;

/**
 * The units as the query pass reads them: each list facet's value as a small integer code in a typed array, and
 * each range's value as a number. A pass over 100,000 units then reads numbers, not object properties and strings,
 * which makes the difference between ~40 ms and a few.
 */
export interface UnitTable {
  units: IndexedUnit[];
  codes: Record<ListFacetKey, Uint16Array>;
  dictionaries: Record<ListFacetKey, Dictionary>;
  /** for a facet with a parent (a model): the parent's value of each of its values (the model's make) */
  parents: Partial<Record<ListFacetKey, Map<string | number, string | number>>>;
  ranges: Record<RangeFacetKey, Float64Array>;
  orders: Map<FixedSort, Int32Array>;
  /** stock number → the unit's position */
  positions: Map<string, number>;
}

function code(dictionary: Dictionary, value: string | number): number {
  let id = dictionary.get(value);
  if (id === undefined) {
    id = dictionary.size;
    dictionary.set(value, id);
  }
  return id;
}

/** Encodes the units for the query pass and sorts them once in every fixed order. */
export function buildUnitTable(units: IndexedUnit[]): UnitTable {
  const size = units.length;
  const codes = {} as UnitTable["codes"];
  const dictionaries = {} as UnitTable["dictionaries"];
  const parents: UnitTable["parents"] = {};
  for (const facet of listFacets) {
    const dictionary: Dictionary = new Map();
    const column = new Uint16Array(size);
    const parentFacet = facet.parent ? listFacets.find((f) => f.key === facet.parent) : undefined;
    const parentOf = new Map<string | number, string | number>();
    units.forEach((unit, i) => {
      const value = facet.of(unit.facts);
      column[i] = code(dictionary, value);
      if (parentFacet && !parentOf.has(value)) parentOf.set(value, parentFacet.of(unit.facts));
    });
    codes[facet.key] = column;
    dictionaries[facet.key] = dictionary;
    if (parentFacet) parents[facet.key] = parentOf;
  }
  const ranges = {} as UnitTable["ranges"];
  for (const range of rangeFacets) ranges[range.key] = Float64Array.from(units, (unit) => range.of(unit.facts));
  const orders = new Map<FixedSort, Int32Array>();
  const all = Int32Array.from(units.keys());
  for (const [sort, compare] of Object.entries(COMPARATORS) as [FixedSort, (typeof COMPARATORS)[FixedSort]][]) {
    orders.set(
      sort,
      all.slice().sort((a, b) => compare(units[a] as IndexedUnit, units[b] as IndexedUnit)),
    );
  }
  const positions = new Map(units.map((unit, i) => [unit.stock, i]));
  return { units, codes, dictionaries, parents, ranges, orders, positions };
}

/** FNV-1a: a fast, stable hash, so a seed gives the same "random" order on every page of one visit. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The units in a seed's "random" order. */
export function randomOrder(units: readonly IndexedUnit[], seed: number): Int32Array {
  const keys = new Float64Array(units.length);
  units.forEach((u, i) => {
    keys[i] = hash(`${u.stock}:${seed}`);
  });
  return Int32Array.from(units.keys()).sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
}
