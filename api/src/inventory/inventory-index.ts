import {
  applyInventoryFilterRules,
  BODY_TYPES,
  CAB_TYPES,
  emptyInventoryFilter,
  FUELS,
  fuelOf,
  GVWR_CLASSES,
  gvwrClass,
  type InventoryFacets,
  type InventoryFilter,
  type InventoryProperties,
  type InventorySort,
  type ModelCounts,
  VEHICLE_CONDITIONS,
  WORK_TRUCK_SEARCHES,
} from "shared-types";
import type { Queryable } from "../db/database.js";

/** What the index keeps of one available unit: the columns the inventory page filters, sorts and searches on. */
interface IndexedUnit {
  stock: string;
  year: number;
  make: string;
  model: string;
  bodyStyle: string;
  condition: string;
  dealership: string;
  price: number;
  discount: number;
  listedAt: string;
  gvwrClass: number;
  bodyType: string;
  fuel: string;
  /** "" where a cab type means nothing (vans, SUVs) */
  cabType: string;
}

export interface IndexQuery {
  filter: InventoryFilter;
  search: string;
  sort: InventorySort;
  page: number;
  pageSize: number;
  seed: number;
}

type FixedSort = Exclude<InventorySort, "random">;

/** How long a request waits for a rebuild before it is answered from the previous one. */
export const REBUILD_WAIT_MS = 300;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byLocale = (a: string, b: string) => a.localeCompare(b, "en");
/** Units without a price go last whichever way the price sorts (SPEC §9). */
const unpricedLast = (a: IndexedUnit, b: IndexedUnit) => Number(a.price === 0) - Number(b.price === 0);

const COMPARATORS: Record<FixedSort, (a: IndexedUnit, b: IndexedUnit) => number> = {
  age_desc: (a, b) => byText(b.listedAt, a.listedAt) || byText(a.stock, b.stock),
  age_asc: (a, b) => byText(a.listedAt, b.listedAt) || byText(a.stock, b.stock),
  price_asc: (a, b) => unpricedLast(a, b) || a.price - b.price || byText(a.stock, b.stock),
  price_desc: (a, b) => unpricedLast(a, b) || b.price - a.price || byText(a.stock, b.stock),
  discount: (a, b) => b.discount - a.discount || byText(a.stock, b.stock),
};

type Dictionary<T> = Map<T, number>;

function emptyDictionaries() {
  return {
    year: new Map<number, number>(),
    make: new Map<string, number>(),
    model: new Map<string, number>(),
    bodyStyle: new Map<string, number>(),
    condition: new Map<string, number>(),
    dealership: new Map<string, number>(),
    gvwrClass: new Map<number, number>(),
    bodyType: new Map<string, number>(),
    fuel: new Map<string, number>(),
    cabType: new Map<string, number>(),
  };
}

function emptyColumns(size: number) {
  return {
    year: new Uint16Array(size),
    make: new Uint16Array(size),
    model: new Uint16Array(size),
    bodyStyle: new Uint16Array(size),
    condition: new Uint16Array(size),
    dealership: new Uint16Array(size),
    gvwrClass: new Uint16Array(size),
    bodyType: new Uint16Array(size),
    fuel: new Uint16Array(size),
    cabType: new Uint16Array(size),
    yearValue: new Uint16Array(size),
    price: new Float64Array(size),
  };
}

/**
 * The filter groups a facet counts by, in the order query() checks them. A unit failing exactly one group counts
 * toward that group's values only: that is what choosing one of them would add.
 */
const GROUP = {
  condition: 0,
  year: 1,
  makeModel: 2,
  bodyStyle: 3,
  gvwrClass: 4,
  bodyType: 5,
  fuel: 6,
  cabType: 7,
  price: 8,
} as const;
const PASSED = -1;
const FAILED_TWICE = -2;
const bump = (counts: Int32Array, id: number) => {
  counts[id] = (counts[id] ?? 0) + 1;
};
const recordFailure = (failed: number, group: number) => (failed === PASSED ? group : FAILED_TWICE);

function code<T>(dictionary: Dictionary<T>, value: T): number {
  let id = dictionary.get(value);
  if (id === undefined) {
    id = dictionary.size;
    dictionary.set(value, id);
  }
  return id;
}

/** A lookup table by code: 1 for the values a filter list allows; null when the list is empty (anything goes). */
function allowed<T>(dictionary: Dictionary<T>, values: readonly T[]): Uint8Array | null {
  if (values.length === 0) return null;
  const table = new Uint8Array(dictionary.size);
  for (const value of values) {
    const id = dictionary.get(value);
    if (id !== undefined) table[id] = 1;
  }
  return table;
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

/**
 * The available inventory, indexed in memory for the inventory page's queries: filter sets, precomputed sort
 * orders and an inverted word index for search. One query is a pass over at most every unit, a few milliseconds
 * at 100,000, where the same query in SQL (count plus page, LIKE search) took hundreds. The database stays the
 * source of truth: a trigger bumps inventory_revision on every change and the index rebuilds on the next request.
 */
export class InventoryIndex {
  private units: IndexedUnit[] = [];
  /**
   * The filterable columns again, as small integer codes in typed arrays: a pass over 100,000 units then reads
   * numbers, not object properties and strings, which makes the difference between ~40 ms and a few.
   */
  private columns = emptyColumns(0);
  private dictionaries = emptyDictionaries();
  private orders = new Map<FixedSort, Int32Array>();
  private randomOrders = new Map<number, Int32Array>();
  /** word → the units whose search text has it (ascending). */
  private words = new Map<string, Int32Array>();
  private vocabulary: string[] = [];
  private revision: string | null = null;
  private building: Promise<void> | null = null;
  private propertiesCache: InventoryProperties | null = null;
  private modelCountsCache: ModelCounts | null = null;
  private searchCountsCache: { id: string; count: number }[] | null = null;

  constructor(private readonly db: Queryable) {}

  /**
   * Rebuilds when the inventory changed since the last build (one cheap query otherwise). A rebuild takes ~10 ms at
   * 150 units but seconds at 100,000: a request waits for it at most REBUILD_WAIT_MS, then is answered from the
   * previous build while the new one finishes (a unit sold a moment ago may still be listed; its page says sold).
   */
  async fresh(): Promise<this> {
    const [row] = await this.db.query<{ revision: string }>(
      "select revision::text as revision from inventory_revision where id = 1",
    );
    const revision = row?.revision ?? "0";
    if (revision !== this.revision) {
      this.building ??= this.build(revision).finally(() => {
        this.building = null;
      });
      if (this.revision === null) await this.building;
      else await Promise.race([this.building, new Promise((resolve) => setTimeout(resolve, REBUILD_WAIT_MS))]);
    }
    return this;
  }

  private async build(revision: string): Promise<void> {
    const rows = await this.db.query<{
      stock_number: string;
      year: number;
      make: string;
      model: string;
      body_style: string;
      condition: string;
      dealership: string;
      effective_price: number;
      charges_cents: number;
      discount: number;
      listed_at: string;
      search_text: string;
      gvwr_lb: number | null;
      body_type: string | null;
      fuel_type: string;
      cab_type: string | null;
    }>(
      `select stock_number, year, make, model, body_style, condition, dealership, effective_price, discount, listed_at,
              search_text, gvwr_lb, body_type, fuel_type, cab_type,
              (select coalesce(sum((c->>'amount_cents')::int), 0)::int from jsonb_array_elements(charges) c) as charges_cents
         from vehicles where status = 'available'`,
    );
    const units = rows.map(
      (r): IndexedUnit => ({
        stock: r.stock_number,
        year: Number(r.year),
        make: r.make,
        model: r.model,
        bodyStyle: r.body_style,
        condition: r.condition,
        dealership: r.dealership,
        // the advertised (all-in) price the visitor sees, so sorting and the price range agree with the page
        price: Number(r.effective_price) > 0 ? Number(r.effective_price) + Number(r.charges_cents) / 100 : 0,
        discount: Number(r.discount),
        listedAt: r.listed_at,
        // a unit stored a moment before its facts were filled in has none: it is in no class or body
        gvwrClass: r.gvwr_lb === null ? 0 : gvwrClass(Number(r.gvwr_lb)),
        bodyType: r.body_type ?? "",
        fuel: fuelOf(r.fuel_type),
        cabType: r.cab_type ?? "",
      }),
    );
    const postings = new Map<string, number[]>();
    rows.forEach((r, i) => {
      for (const word of new Set(r.search_text.split(/\s+/))) {
        if (!word) continue;
        const list = postings.get(word);
        if (list) list.push(i);
        else postings.set(word, [i]);
      }
    });
    const orders = new Map<FixedSort, Int32Array>();
    const all = Int32Array.from(units.keys());
    for (const [sort, compare] of Object.entries(COMPARATORS) as [FixedSort, (typeof COMPARATORS)[FixedSort]][]) {
      orders.set(
        sort,
        all.slice().sort((a, b) => compare(units[a] as IndexedUnit, units[b] as IndexedUnit)),
      );
    }
    const dictionaries = emptyDictionaries();
    const columns = emptyColumns(units.length);
    units.forEach((u, i) => {
      columns.year[i] = code(dictionaries.year, u.year);
      columns.make[i] = code(dictionaries.make, u.make);
      columns.model[i] = code(dictionaries.model, u.model);
      columns.bodyStyle[i] = code(dictionaries.bodyStyle, u.bodyStyle);
      columns.condition[i] = code(dictionaries.condition, u.condition);
      columns.dealership[i] = code(dictionaries.dealership, u.dealership);
      columns.gvwrClass[i] = code(dictionaries.gvwrClass, u.gvwrClass);
      columns.bodyType[i] = code(dictionaries.bodyType, u.bodyType);
      columns.fuel[i] = code(dictionaries.fuel, u.fuel);
      columns.cabType[i] = code(dictionaries.cabType, u.cabType);
      columns.yearValue[i] = u.year;
      columns.price[i] = u.price;
    });
    this.units = units;
    this.columns = columns;
    this.dictionaries = dictionaries;
    this.orders = orders;
    this.randomOrders.clear();
    this.words = new Map([...postings].map(([word, list]) => [word, Int32Array.from(list)]));
    this.vocabulary = [...this.words.keys()];
    this.propertiesCache = null;
    this.modelCountsCache = null;
    this.searchCountsCache = null;
    this.revision = revision;
  }

  private order(sort: InventorySort, seed: number): Int32Array {
    if (sort !== "random") return this.orders.get(sort) ?? new Int32Array();
    let order = this.randomOrders.get(seed);
    if (!order) {
      const keys = new Float64Array(this.units.length);
      this.units.forEach((u, i) => {
        keys[i] = hash(`${u.stock}:${seed}`);
      });
      order = Int32Array.from(this.units.keys()).sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0) || a - b);
      // visitors page through one seed each; a few dozen visits' orders are plenty
      if (this.randomOrders.size >= 32) this.randomOrders.delete(this.randomOrders.keys().next().value ?? 0);
      this.randomOrders.set(seed, order);
    }
    return order;
  }

  /** Units matching every search word as a substring of one of their words (what LIKE '%word%' matched). */
  private searchMatches(search: string): Uint8Array | null {
    const terms = search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
    if (terms.length === 0) return null;
    let matches: Uint8Array | null = null;
    for (const term of terms) {
      const hits = new Uint8Array(this.units.length);
      for (const word of this.vocabulary) {
        if (!word.includes(term)) continue;
        for (const i of this.words.get(word) ?? []) hits[i] = 1;
      }
      if (matches) {
        const previous: Uint8Array = matches;
        for (let i = 0; i < hits.length; i++) previous[i] = (previous[i] ?? 0) & (hits[i] ?? 0);
      } else {
        matches = hits;
      }
    }
    return matches;
  }

  /**
   * One page of stock numbers in the requested order, how many units match in all, and the facets' counts: one pass
   * over the units, each checked against every filter group. A unit that passes them all is a match and counts for
   * every facet; one that fails a single group counts for that group's values (what choosing one would add).
   */
  query(q: IndexQuery): { stockNumbers: string[]; total: number; facets: InventoryFacets } {
    const filter = applyInventoryFilterRules(q.filter);
    const d = this.dictionaries;
    const c = this.columns;
    const condition = allowed(d.condition, filter.condition);
    const year = allowed(d.year, filter.year);
    const bodyStyle = allowed(d.bodyStyle, filter.body_style);
    const dealership = allowed(d.dealership, filter.dealership);
    const gvwr = allowed(d.gvwrClass, filter.gvwr_class);
    const bodyType = allowed(d.bodyType, filter.body_type);
    const fuel = allowed(d.fuel, filter.fuel);
    const cabType = allowed(d.cabType, filter.cab_type);
    // a make and a model of another make are alternatives: "GMC, or any Isuzu NRR"
    const anyMakeOrModel = filter.make.length === 0 && filter.model.length === 0;
    const make = allowed(d.make, filter.make) ?? new Uint8Array(d.make.size);
    const model = allowed(d.model, filter.model) ?? new Uint8Array(d.model.size);
    const searched = this.searchMatches(q.search);
    const { price_lower: lower, price_upper: upper, year_min: yearMin, year_max: yearMax } = filter;
    const counts = {
      condition: new Int32Array(d.condition.size),
      year: new Int32Array(d.year.size),
      make: new Int32Array(d.make.size),
      model: new Int32Array(d.model.size),
      bodyStyle: new Int32Array(d.bodyStyle.size),
      gvwrClass: new Int32Array(d.gvwrClass.size),
      bodyType: new Int32Array(d.bodyType.size),
      fuel: new Int32Array(d.fuel.size),
      cabType: new Int32Array(d.cabType.size),
    };
    let priceLower = 0;
    let priceUpper = 0;
    // the counting pass goes through the units in storage order (sequential reads of the typed arrays); the page is
    // then read off the sort order, stopping once it is full
    const size = this.units.length;
    const matched = new Uint8Array(size);
    let total = 0;
    for (let i = 0; i < size; i++) {
      // the search and the dealership are not facets: a unit outside them counts nowhere
      if (searched && !searched[i]) continue;
      if (dealership && !dealership[c.dealership[i] as number]) continue;
      let failed: number = PASSED;
      if (condition && !condition[c.condition[i] as number]) failed = GROUP.condition;
      const y = c.yearValue[i] as number;
      if ((year && !year[c.year[i] as number]) || (yearMin > 0 && y < yearMin) || (yearMax > 0 && y > yearMax)) {
        failed = recordFailure(failed, GROUP.year);
        if (failed === FAILED_TWICE) continue;
      }
      if (!anyMakeOrModel && !make[c.make[i] as number] && !model[c.model[i] as number]) {
        failed = recordFailure(failed, GROUP.makeModel);
        if (failed === FAILED_TWICE) continue;
      }
      if (bodyStyle && !bodyStyle[c.bodyStyle[i] as number]) {
        failed = recordFailure(failed, GROUP.bodyStyle);
        if (failed === FAILED_TWICE) continue;
      }
      if (gvwr && !gvwr[c.gvwrClass[i] as number]) {
        failed = recordFailure(failed, GROUP.gvwrClass);
        if (failed === FAILED_TWICE) continue;
      }
      if (bodyType && !bodyType[c.bodyType[i] as number]) {
        failed = recordFailure(failed, GROUP.bodyType);
        if (failed === FAILED_TWICE) continue;
      }
      if (fuel && !fuel[c.fuel[i] as number]) {
        failed = recordFailure(failed, GROUP.fuel);
        if (failed === FAILED_TWICE) continue;
      }
      if (cabType && !cabType[c.cabType[i] as number]) {
        failed = recordFailure(failed, GROUP.cabType);
        if (failed === FAILED_TWICE) continue;
      }
      const price = c.price[i] as number;
      if ((lower > 0 && price < lower) || (upper > 0 && (price > upper || price === 0))) {
        failed = recordFailure(failed, GROUP.price);
        if (failed === FAILED_TWICE) continue;
      }
      const all = failed === PASSED;
      if (all || failed === GROUP.condition) bump(counts.condition, c.condition[i] as number);
      if (all || failed === GROUP.year) bump(counts.year, c.year[i] as number);
      if (all || failed === GROUP.makeModel) {
        bump(counts.make, c.make[i] as number);
        bump(counts.model, c.model[i] as number);
      }
      if (all || failed === GROUP.bodyStyle) bump(counts.bodyStyle, c.bodyStyle[i] as number);
      if (all || failed === GROUP.gvwrClass) bump(counts.gvwrClass, c.gvwrClass[i] as number);
      if (all || failed === GROUP.bodyType) bump(counts.bodyType, c.bodyType[i] as number);
      if (all || failed === GROUP.fuel) bump(counts.fuel, c.fuel[i] as number);
      if (all || failed === GROUP.cabType) bump(counts.cabType, c.cabType[i] as number);
      if ((all || failed === GROUP.price) && price > 0) {
        priceLower = priceLower === 0 ? price : Math.min(priceLower, price);
        priceUpper = Math.max(priceUpper, price);
      }
      if (failed !== PASSED) continue;
      matched[i] = 1;
      total++;
    }
    const first = (q.page - 1) * q.pageSize;
    const stockNumbers: string[] = [];
    if (first < total) {
      const order = this.order(q.sort, q.seed);
      let seen = 0;
      for (let k = 0; k < order.length && stockNumbers.length < q.pageSize; k++) {
        const i = order[k] as number;
        if (!matched[i]) continue;
        if (seen >= first) stockNumbers.push((this.units[i] as IndexedUnit).stock);
        seen++;
      }
    }
    return { stockNumbers, total, facets: this.facets(counts, priceLower, priceUpper) };
  }

  /** The counts by code turned into the answer's lists: every value the inventory has, in the order pages list them. */
  private facets(
    counts: Record<
      "condition" | "year" | "make" | "model" | "bodyStyle" | "gvwrClass" | "bodyType" | "fuel" | "cabType",
      Int32Array
    >,
    priceLower: number,
    priceUpper: number,
  ): InventoryFacets {
    const d = this.dictionaries;
    const list = <T>(dictionary: Dictionary<T>, byCode: Int32Array) =>
      [...dictionary].map(([value, id]) => ({ value, count: byCode[id] ?? 0 }));
    const inOrder = <K extends string | number>(
      dictionary: Dictionary<string> | Dictionary<number>,
      byCode: Int32Array,
      known: readonly K[],
    ) => {
      const got = new Map<string | number, number>([...dictionary].map(([value, id]) => [value, byCode[id] ?? 0]));
      return known.filter((value) => got.has(value)).map((value) => ({ value, count: got.get(value) ?? 0 }));
    };
    const makeOfModel = new Map(this.modelCounts().map((m) => [m.model, m.make]));
    return {
      condition: inOrder(d.condition, counts.condition, VEHICLE_CONDITIONS),
      year: list(d.year, counts.year).sort((a, b) => b.value - a.value),
      make: list(d.make, counts.make).sort((a, b) => byLocale(a.value, b.value)),
      model: list(d.model, counts.model)
        .map((m) => ({ make: makeOfModel.get(m.value) ?? "", ...m }))
        .sort((a, b) => byLocale(a.make, b.make) || byLocale(a.value, b.value)),
      body_style: list(d.bodyStyle, counts.bodyStyle)
        .filter((f) => f.value !== "")
        .sort((a, b) => byLocale(a.value, b.value)),
      gvwr_class: inOrder(d.gvwrClass, counts.gvwrClass, GVWR_CLASSES),
      body_type: inOrder(d.bodyType, counts.bodyType, BODY_TYPES),
      fuel: inOrder(d.fuel, counts.fuel, FUELS),
      cab_type: inOrder(d.cabType, counts.cabType, CAB_TYPES),
      price: { lower: priceLower, upper: priceUpper },
    };
  }

  /** Facet options over the available inventory (SPEC §3 "Inventory properties"). */
  properties(): InventoryProperties {
    if (this.propertiesCache) return this.propertiesCache;
    const models: Record<string, string[]> = {};
    const years = new Set<number>();
    const bodyStyles = new Set<string>();
    let lower = 0;
    let upper = 0;
    const pairs = new Set<string>();
    for (const u of this.units) {
      years.add(u.year);
      if (u.bodyStyle) bodyStyles.add(u.bodyStyle);
      const pair = `${u.make}\u0000${u.model}`;
      if (!pairs.has(pair)) {
        pairs.add(pair);
        models[u.make] = [...(models[u.make] ?? []), u.model];
      }
      // prices of 0 or less mean "call us": they are not part of the range
      if (u.price > 0) {
        lower = lower === 0 ? u.price : Math.min(lower, u.price);
        upper = Math.max(upper, u.price);
      }
    }
    const makes = Object.keys(models).sort(byLocale);
    this.propertiesCache = {
      years: [...years].sort((a, b) => b - a),
      makes,
      models: Object.fromEntries(makes.map((make) => [make, (models[make] ?? []).sort(byLocale)])),
      body_styles: [...bodyStyles].sort(byLocale),
      price_lower: lower,
      price_upper: upper,
    };
    return this.propertiesCache;
  }

  /** The common work-truck searches' totals, counted once per build (the line-up pages ask on every view). */
  workTruckSearchCounts(): { id: string; count: number }[] {
    this.searchCountsCache ??= WORK_TRUCK_SEARCHES.map((search) => ({
      id: search.id,
      count: this.query({
        filter: { ...emptyInventoryFilter(), ...search.filter },
        search: "",
        sort: "age_desc",
        page: 1,
        pageSize: 1,
        seed: 1,
      }).total,
    }));
    return this.searchCountsCache;
  }

  modelCounts(): ModelCounts {
    if (this.modelCountsCache) return this.modelCountsCache;
    const counts = new Map<string, { make: string; model: string; count: number }>();
    for (const u of this.units) {
      const key = `${u.make}\u0000${u.model}`;
      const entry = counts.get(key) ?? { make: u.make, model: u.model, count: 0 };
      entry.count++;
      counts.set(key, entry);
    }
    this.modelCountsCache = [...counts.values()].sort((a, b) => byLocale(a.make, b.make) || byLocale(a.model, b.model));
    return this.modelCountsCache;
  }

  /** Up to `limit` other units, same make and body style first, then same make, then same body style, newest first. */
  similar(stock: string, make: string, bodyStyle: string, limit: number): string[] {
    const score = (u: IndexedUnit) =>
      (u.make === make && u.bodyStyle === bodyStyle ? 4 : 0) +
      (u.make === make ? 2 : 0) +
      (u.bodyStyle === bodyStyle ? 1 : 0);
    const best: IndexedUnit[] = [];
    for (const i of this.orders.get("age_desc") ?? []) {
      const u = this.units[i] as IndexedUnit;
      if (u.stock === stock) continue;
      // newest first within a score: the first `limit` of each score, in age order, are the ones kept
      if (best.length < limit || score(u) > score(best[best.length - 1] as IndexedUnit)) {
        best.push(u);
        best.sort((a, b) => score(b) - score(a));
        if (best.length > limit) best.pop();
      }
    }
    return best.map((u) => u.stock);
  }
}
