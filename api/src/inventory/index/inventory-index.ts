import {
  deriveInventoryProperties,
  emptyInventoryFilter,
  FACET_UNIT_COLUMNS,
  type FacetUnit,
  type InventoryFacets,
  type InventoryFilter,
  type InventoryProperties,
  type InventorySort,
  type ModelCounts,
  RANGE_FACETS,
  type Vehicle,
  WORK_TRUCK_SEARCHES,
} from "shared-types";
import { unitOfNotification } from "../../changes/change-signal.js";
import type { Queryable } from "../../db/database.js";
import { readVehicles } from "../vehicle-rows.js";
import { facetPass } from "./facet-pass.js";
import { SearchWords } from "./search-words.js";
import { UnitMemory } from "./unit-memory.js";
import { buildUnitTable, type IndexedUnit, randomOrder, type UnitTable } from "./unit-table.js";

export interface IndexQuery {
  filter: InventoryFilter;
  search: string;
  sort: InventorySort;
  page: number;
  pageSize: number;
  seed: number;
}

/**
 * Whole units kept between requests (a few KB each: 5,000 read ahead took the API process 44 MB more): a
 * dealership's whole lot, or a large lot's first pages and their neighbours.
 */
export const REMEMBERED_UNITS = 5_000;

/**
 * How many units a read ahead (`readAhead`) asks the database for at once (a few ms), and how long it then leaves
 * the processor to the requests and the site's other servers: 5,000 units take about 4 s.
 */
export const READ_AHEAD_BATCH = 25;
const READ_AHEAD_PAUSE_MS = 10;

/** How long a request waits for a rebuild before it is answered from the previous one. */
export const REBUILD_WAIT_MS = 300;

/**
 * How long the revision an index following the change signal read is taken as the inventory's, with no change
 * heard: a change is heard at once, this bounds what a lost notification could hide.
 */
export const REVISION_TRUST_MS = 1_000;

const byLocale = (a: string, b: string) => a.localeCompare(b, "en");

/** One build: the units encoded for the query pass, their search words, and what is derived from them once. */
interface Build {
  table: UnitTable;
  words: SearchWords;
  randomOrders: Map<number, Int32Array>;
  properties?: InventoryProperties;
  modelCounts?: ModelCounts;
  searchCounts?: { id: string; count: number }[];
  /** Similar units by make, body and length (every unit of a make and body gets the same list, less itself). */
  similar?: Map<string, string[]>;
  /** The last searches' matches and counts (FACET_PASSES_KEPT), by filter and search text. */
  passes?: Map<string, ReturnType<typeof facetPass>>;
}

/**
 * How many searches' matches and counts a build keeps: a visitor paging through a search, or changing its order,
 * asks for the same ones again (neither the page nor the order changes what matches or the counts).
 */
export const FACET_PASSES_KEPT = 64;

const emptyBuild = (): Build => ({ table: buildUnitTable([]), words: new SearchWords([]), randomOrders: new Map() });

/**
 * The available inventory, indexed in memory for the inventory page's queries: the facet table's columns
 * (unit-table.ts), precomputed sort orders and an inverted word index for search. One query is a pass over at most
 * every unit (facet-pass.ts), a few milliseconds at 100,000, where the same query in SQL (count plus page, LIKE
 * search) took hundreds. The database stays the source of truth: a trigger bumps inventory_revision on every change
 * and the index rebuilds on the next request.
 */
export class InventoryIndex {
  private current: Build = emptyBuild();
  private revision: string | null = null;
  private building: Promise<void> | null = null;
  /**
   * Whole units as the API answers them. Not following the change signal, they are forgotten whenever the
   * inventory's revision moves; following it, a unit is forgotten when it is heard to change, and the rest are kept.
   */
  readonly units = new UnitMemory(REMEMBERED_UNITS);
  /** The revision `units` were last checked against, and whether any change was heard since. */
  private unitsRevision: string | null = null;
  private heardSinceRevision = false;
  private readingAhead: Promise<void> | null = null;
  /** The revision last read, while no change has been heard since (followChanges); null: read it again. */
  private trusted: { revision: Promise<string>; until: number } | null = null;
  private following = 0;

  constructor(private readonly db: Queryable) {}

  /**
   * Takes the revision it read as the inventory's until `signal` hears a change (the database announces each one,
   * whichever session made it: changes/change-signal.ts), instead of reading it for every request, and forgets a
   * unit only when it is heard to change. Only for a database that tells of a change before the statement that made
   * it returns (the embedded one): a request made once it returned must not be answered from memory. Returns the
   * stop.
   */
  followChanges(signal: { hear(onHeard: (payload: string) => void): () => void }): () => void {
    this.following += 1;
    this.units.forgetAll();
    const stopHearing = signal.hear((payload) => {
      this.trusted = null;
      this.heardSinceRevision = true;
      const unit = unitOfNotification(payload);
      if (unit !== null) this.units.forget(unit);
      else if (payload !== "promotions") this.units.forgetAll();
    });
    return () => {
      this.following -= 1;
      this.trusted = null;
      this.units.forgetAll();
      stopHearing();
    };
  }

  /** Whether what `units` holds is kept up to date unit by unit (followChanges), and so can answer without `fresh`. */
  get followsChanges(): boolean {
    return this.following > 0;
  }

  /** The revision for a request: read from the database, unless one read since the last change heard is trusted. */
  private revisionForRequest(): Promise<string> {
    if (this.following === 0) return this.revisionNow();
    const now = performance.now();
    if (this.trusted && this.trusted.until > now) return this.trusted.revision;
    const read = { revision: this.revisionNow(), until: now + REVISION_TRUST_MS };
    this.trusted = read;
    read.revision.catch(() => {
      if (this.trusted === read) this.trusted = null;
    });
    return read.revision;
  }

  /**
   * Rebuilds when the inventory changed since the last build (one cheap query otherwise, or none while following
   * the change signal and nothing changed). A rebuild takes ~10 ms at
   * 150 units but seconds at 100,000: a request waits for it at most REBUILD_WAIT_MS, then is answered from the
   * previous build while the new one finishes (a unit sold a moment ago may still be listed; its page says sold).
   */
  async fresh(): Promise<this> {
    const revision = await this.revisionForRequest();
    if (revision !== this.unitsRevision) {
      // not following, any unit may have changed; following, the units heard to change are forgotten already, but a
      // revision that moved with no change heard means a notification was missed
      if (!this.followsChanges || !this.heardSinceRevision) this.units.forgetAll();
      this.unitsRevision = revision;
      this.heardSinceRevision = false;
    }
    if (revision !== this.revision) {
      this.building ??= this.build(revision).finally(() => {
        this.building = null;
        if (this.followsChanges) this.readingAhead ??= this.readAhead().finally(() => (this.readingAhead = null));
      });
      if (this.revision === null) await this.building;
      else await Promise.race([this.building, new Promise((resolve) => setTimeout(resolve, REBUILD_WAIT_MS))]);
    }
    return this;
  }

  /** The inventory's revision as the database has it now (a trigger bumps it with every change to a unit). */
  async revisionNow(): Promise<string> {
    const [row] = await this.db.query<{ revision: string }>(
      "select revision::text as revision from inventory_revision where id = 1",
    );
    return row?.revision ?? "0";
  }

  /**
   * Following the change signal, reads the units on offer that memory lacks, newest first and READ_AHEAD_BATCH at a
   * time, until it holds REMEMBERED_UNITS (a dealership's whole lot): after a start or a feed import every unit's
   * page is asked for anew (the caches were purged), and is then made without the database. Between batches, the
   * requests go first.
   */
  private async readAhead(): Promise<void> {
    // a build that lands meanwhile is read ahead in turn, from its newest unit
    for (let table = this.current.table; this.followsChanges; table = this.current.table) {
      if (!(await this.readAheadOf(table))) return;
      if (this.current.table === table) return;
    }
  }

  /** Reads one build's units ahead, batch by batch, while it is current; false when following stopped meanwhile. */
  private async readAheadOf(table: UnitTable): Promise<boolean> {
    const newestFirst = [...(table.orders.get("age_desc") ?? [])].map((i) => (table.units[i] as IndexedUnit).stock);
    let start = 0;
    while (start < newestFirst.length && this.units.size < this.units.capacity && this.current.table === table) {
      const { batch, next } = this.unread(newestFirst, start);
      start = next;
      if (batch.length === 0) continue;
      await new Promise((resolve) => setTimeout(resolve, READ_AHEAD_PAUSE_MS));
      if (!this.followsChanges) return false;
      await this.read(batch).catch(() => undefined);
    }
    return true;
  }

  /** From `start` on, the next READ_AHEAD_BATCH stock numbers memory lacks, and where the next batch starts. */
  private unread(stockNumbers: readonly string[], start: number): { batch: string[]; next: number } {
    const batch: string[] = [];
    let next = start;
    for (; next < stockNumbers.length && batch.length < READ_AHEAD_BATCH; next++) {
      const stock = stockNumbers[next] as string;
      if (!this.units.has(stock)) batch.push(stock);
    }
    return { batch, next };
  }

  /** Whole units read from the database (those not on the site skipped) and kept in memory. */
  async read(stockNumbers: readonly string[]): Promise<Map<string, Vehicle>> {
    const mark = this.units.mark;
    const read = await readVehicles(this.db, stockNumbers);
    this.units.keep([...read.values()], mark);
    return read;
  }

  private async build(revision: string): Promise<void> {
    const rows = await this.db.query<
      FacetUnit & { stock_number: string; discount: number; listed_at: string; search_text: string }
    >(
      `select stock_number, discount, listed_at, search_text, ${FACET_UNIT_COLUMNS.join(", ")}
         from vehicles where status <> 'sold' and not hidden`,
    );
    const units = rows.map(
      (row): IndexedUnit => ({
        stock: row.stock_number,
        listedAt: row.listed_at,
        discount: Number(row.discount),
        price: RANGE_FACETS.price.of(row),
        facts: row,
      }),
    );
    this.current = {
      table: buildUnitTable(units),
      words: new SearchWords(rows.map((row) => row.search_text)),
      randomOrders: new Map(),
    };
    this.revision = revision;
  }

  private order(sort: InventorySort, seed: number): Int32Array {
    const { table, randomOrders } = this.current;
    if (sort !== "random") return table.orders.get(sort) ?? new Int32Array();
    let order = randomOrders.get(seed);
    if (!order) {
      order = randomOrder(table.units, seed);
      // visitors page through one seed each; a few dozen visits' orders are plenty
      if (randomOrders.size >= 32) randomOrders.delete(randomOrders.keys().next().value ?? 0);
      randomOrders.set(seed, order);
    }
    return order;
  }

  /** One page of stock numbers in the requested order, how many units match in all, and the facets' counts. */
  query(q: IndexQuery): { stockNumbers: string[]; total: number; facets: InventoryFacets } {
    const { table, words } = this.current;
    this.current.passes ??= new Map();
    const key = `${JSON.stringify(q.filter)}\n${q.search}`;
    let pass = this.current.passes.get(key);
    if (!pass) {
      pass = facetPass(table, q.filter, words.matches(q.search));
      if (this.current.passes.size >= FACET_PASSES_KEPT) this.current.passes.clear();
      this.current.passes.set(key, pass);
    }
    const { matched, total, facets } = pass;
    // the counting pass went through the units in storage order; the page is read off the sort order, stopping
    // once it is full
    const first = (q.page - 1) * q.pageSize;
    const stockNumbers: string[] = [];
    if (first < total) {
      const order = this.order(q.sort, q.seed);
      let seen = 0;
      for (let k = 0; k < order.length && stockNumbers.length < q.pageSize; k++) {
        const i = order[k] as number;
        if (!matched[i]) continue;
        if (seen >= first) stockNumbers.push((table.units[i] as IndexedUnit).stock);
        seen++;
      }
    }
    return { stockNumbers, total, facets };
  }

  /** Facet options over the available inventory (SPEC §3 "Inventory properties"), once per build. */
  properties(): InventoryProperties {
    this.current.properties ??= deriveInventoryProperties(
      this.current.table.units.map((unit) => ({ ...unit.facts, price: unit.price })),
    );
    return this.current.properties;
  }

  /** The common work-truck searches' totals, counted once per build (the line-up pages ask on every view). */
  workTruckSearchCounts(): { id: string; count: number }[] {
    this.current.searchCounts ??= WORK_TRUCK_SEARCHES.map((search) => ({
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
    return this.current.searchCounts;
  }

  /** How many available units there are of each make and model, once per build. */
  modelCounts(): ModelCounts {
    if (!this.current.modelCounts) {
      const counts = new Map<string, { make: string; model: string; count: number }>();
      for (const { facts } of this.current.table.units) {
        const key = `${facts.make}\u0000${facts.model}`;
        const entry = counts.get(key) ?? { make: facts.make, model: facts.model, count: 0 };
        entry.count++;
        counts.set(key, entry);
      }
      this.current.modelCounts = [...counts.values()].sort(
        (a, b) => byLocale(a.make, b.make) || byLocale(a.model, b.model),
      );
    }
    return this.current.modelCounts;
  }

  /** The make and body style of an available unit, from memory; null for a unit not on offer (sold, unknown). */
  describe(stock: string): { make: string; body_style: string } | null {
    const { table } = this.current;
    const position = table.positions.get(stock);
    return position === undefined ? null : (table.units[position]?.facts ?? null);
  }

  /** Up to `limit` other units, same make and body style first, then same make, then same body style, newest first. */
  similar(stock: string, make: string, bodyStyle: string, limit: number): string[] {
    // worked out once per build of the index (the stock as it is now), not for each page that asks
    this.current.similar ??= new Map();
    const key = `${make}\u0000${bodyStyle}\u0000${limit}`;
    let ranked = this.current.similar.get(key);
    if (!ranked) {
      ranked = this.rankSimilar(make, bodyStyle, limit + 1);
      this.current.similar.set(key, ranked);
    }
    return ranked.filter((other) => other !== stock).slice(0, limit);
  }

  /** The `limit` units most like a make and body: the same make and body first, then the make, then the body; newest first within each. */
  private rankSimilar(make: string, bodyStyle: string, limit: number): string[] {
    const score = ({ facts }: IndexedUnit) =>
      (facts.make === make && facts.body_style === bodyStyle ? 4 : 0) +
      (facts.make === make ? 2 : 0) +
      (facts.body_style === bodyStyle ? 1 : 0);
    const best: IndexedUnit[] = [];
    const { table } = this.current;
    for (const i of table.orders.get("age_desc") ?? []) {
      const unit = table.units[i] as IndexedUnit;
      // newest first within a score: the first `limit` of each score, in age order, are the ones kept
      if (best.length < limit || score(unit) > score(best[best.length - 1] as IndexedUnit)) {
        best.push(unit);
        best.sort((a, b) => score(b) - score(a));
        if (best.length > limit) best.pop();
      }
    }
    return best.map((unit) => unit.stock);
  }
}
