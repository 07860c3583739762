import { CACHE_TAGS, emptyInventoryFilter, type Vehicle } from "shared-types";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ChangeSignal } from "../src/changes/change-signal.js";
import { type Database, openPglite } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import {
  InventoryIndex,
  READ_AHEAD_BATCH,
  REBUILD_WAIT_MS,
  REVISION_TRUST_MS,
} from "../src/inventory/index/inventory-index.js";
import { UnitMemory } from "../src/inventory/index/unit-memory.js";
import { findVehicleByStockNumber, findVehicles } from "../src/inventory/inventory-repository.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { insertVehicles } from "../src/seed/seed.js";

describe("the inventory index", () => {
  let db: Database;
  let slowReads = false;
  const inventory = generateInventory(40);

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    await insertVehicles(db, inventory);
  });
  afterAll(() => db.close());

  /** The database, with an inventory read that takes a second when asked (a large inventory's rebuild). */
  const slowDb = (): Database => ({
    ...db,
    async query(sql, params) {
      if (slowReads && sql.includes("search_text")) await new Promise((r) => setTimeout(r, 1000));
      return db.query(sql, params);
    },
  });
  /** The database, counting the queries that contain `text`. */
  const countingQueries = (text: string) => {
    const counted = { db: { ...db } as Database, reads: 0 };
    counted.db.query = async (sql, params) => {
      if (sql.includes(text)) counted.reads++;
      return db.query(sql, params);
    };
    return counted;
  };
  /** The first ten units, cheapest first: a list page. */
  const query = { filter: emptyInventoryFilter(), sort: "price_asc", page: 1, page_size: 10, seed: 1 } as const;
  const all = {
    filter: emptyInventoryFilter(),
    search: "",
    sort: "age_desc",
    page: 1,
    pageSize: 100,
    seed: 1,
  } as const;

  it("answers from the previous build while a slow rebuild finishes, then from the new one", async () => {
    const index = new InventoryIndex(slowDb());
    expect((await index.fresh()).query(all).total).toBe(40);
    slowReads = true;
    await db.query("update vehicles set status = 'sold' where stock_number = $1", [inventory[0]?.stock_number]);
    const started = Date.now();
    expect((await index.fresh()).query(all).total).toBe(40);
    expect(Date.now() - started).toBeLessThan(REBUILD_WAIT_MS + 400);
    await new Promise((r) => setTimeout(r, 1200));
    slowReads = false;
    expect((await index.fresh()).query(all).total).toBe(39);
  });

  it("offers the same similar units to every unit of a make and body, never the unit itself, and follows a sale", async () => {
    const index = await new InventoryIndex(db).fresh();
    const unit = inventory.find((v) => v.status !== "sold" && v.stock_number !== inventory[0]?.stock_number);
    if (!unit) throw new Error("no unit on offer");
    const first = index.similar(unit.stock_number, unit.make, unit.body_style, 3);
    expect(first).toHaveLength(3);
    expect(first).not.toContain(unit.stock_number);
    // asked again (another page of the same make and body): the same list
    expect(index.similar(unit.stock_number, unit.make, unit.body_style, 3)).toEqual(first);
    // the first of them sold: the next build offers others
    await db.query("update vehicles set status = 'sold' where stock_number = $1", [first[0]]);
    const after = (await index.fresh()).similar(unit.stock_number, unit.make, unit.body_style, 3);
    expect(after).not.toContain(first[0]);
    expect(after).toHaveLength(3);
    await db.query("update vehicles set status = 'available' where stock_number = $1", [first[0]]);
  });

  it("works out a search's matches and counts once for all its pages and orders, until the stock changes", async () => {
    const index = await new InventoryIndex(db).fresh();
    const first = index.query({ ...all, search: "isuzu", pageSize: 5 });
    const again = index.query({ ...all, search: "isuzu", pageSize: 5, page: 2, sort: "price_desc" });
    expect(again.facets).toBe(first.facets);
    expect(again.stockNumbers).not.toEqual(first.stockNumbers);
    expect(index.query({ ...all, search: "gmc", pageSize: 5 }).facets).not.toBe(first.facets);
    const [unit] = first.stockNumbers;
    await db.query("update vehicles set trim = trim where stock_number = $1", [unit]);
    expect((await index.fresh()).query({ ...all, search: "isuzu", pageSize: 5 }).facets).not.toBe(first.facets);
  });

  it("searches words as substrings, every word required, in any case", async () => {
    const index = await new InventoryIndex(db).fresh();
    const unit = inventory[5];
    if (!unit) throw new Error("no unit");
    const stockTail = unit.stock_number.slice(2).toLowerCase();
    expect(index.query({ ...all, search: stockTail }).stockNumbers).toContain(unit.stock_number);
    expect(index.query({ ...all, search: `${stockTail} zzzz` }).total).toBe(0);
  });

  it("reads a list's units from the database once until the inventory changes, and a change by hand shows at once", async () => {
    const units = countingQueries("where stock_number = any($1)");
    const counting = units.db;
    const index = new InventoryIndex(counting);
    const first = await findVehicles(counting, index, query);
    const again = await findVehicles(counting, index, query);
    expect(again.vehicles).toEqual(first.vehicles);
    expect(units.reads).toBe(1);
    // a price set in SQL, by no code of the API's: the next page shows it
    const cheapest = first.vehicles[0];
    if (!cheapest) throw new Error("no unit");
    await db.query("update vehicles set low_price = low_price - 1000 where stock_number = $1", [cheapest.stock_number]);
    const changed = await findVehicles(counting, index, query);
    expect(units.reads).toBe(2);
    expect(changed.vehicles.find((v) => v.stock_number === cheapest.stock_number)?.low_price).toBe(
      cheapest.low_price - 1000,
    );
  });

  it("following the change signal, reads the revision once while nothing changes, and again as soon as anything does", async () => {
    const revisions = countingQueries("from inventory_revision");
    const counting = revisions.db;
    const changes = new ChangeSignal(db);
    await changes.start();
    const index = new InventoryIndex(counting);
    const stop = index.followChanges(changes);
    try {
      const first = await findVehicles(counting, index, query);
      await Promise.all([1, 2, 3].map(() => findVehicles(counting, index, query)));
      expect(revisions.reads).toBe(1);
      // a price set in SQL by hand, by no code of the API's: heard, and the next page shows it
      const cheapest = first.vehicles[0];
      if (!cheapest) throw new Error("no unit");
      await db.query("update vehicles set low_price = low_price - 500 where stock_number = $1", [
        cheapest.stock_number,
      ]);
      const changed = await findVehicles(counting, index, query);
      expect(revisions.reads).toBe(2);
      expect(changed.vehicles.find((v) => v.stock_number === cheapest.stock_number)?.low_price).toBe(
        cheapest.low_price - 500,
      );
      // not following any more: every request reads it
      stop();
      await findVehicles(counting, index, query);
      await findVehicles(counting, index, query);
      expect(revisions.reads).toBe(4);
    } finally {
      stop();
      await changes.close();
    }
  });

  it("following the change signal, answers a unit's page from memory read ahead, and forgets only a unit heard to change", async () => {
    const units = countingQueries("from vehicles where stock_number");
    const changes = new ChangeSignal(db);
    await changes.start();
    const index = new InventoryIndex(units.db);
    const stop = index.followChanges(changes);
    try {
      const onOffer = (await index.fresh()).query(all).stockNumbers;
      // the units on offer are read ahead, READ_AHEAD_BATCH at a time, before any page asks for them
      await vi.waitFor(() => expect(index.units.size).toBe(onOffer.length));
      const readAhead = units.reads;
      expect(readAhead).toBe(Math.ceil(onOffer.length / READ_AHEAD_BATCH));
      const [changing, unchanged] = onOffer;
      if (!changing || !unchanged) throw new Error("too few units on offer");
      const before = await findVehicleByStockNumber(units.db, index, changing);
      await findVehicleByStockNumber(units.db, index, unchanged);
      expect(units.reads).toBe(readAhead);
      // a price set in SQL by hand: that unit alone is read again, at once
      await db.query("update vehicles set low_price = low_price - 250 where stock_number = $1", [changing]);
      expect((await findVehicleByStockNumber(units.db, index, changing))?.low_price).toBe(
        (before?.low_price ?? 0) - 250,
      );
      await findVehicleByStockNumber(units.db, index, unchanged);
      expect(units.reads).toBe(readAhead + 1);
      // hidden from the site by hand: gone from its page at once
      await db.query("update vehicles set hidden = true where stock_number = $1", [changing]);
      expect(await findVehicleByStockNumber(units.db, index, changing)).toBeNull();
      await db.query("update vehicles set hidden = false where stock_number = $1", [changing]);
      // sold by hand: its page says so, read once and then kept, though it is no longer on offer
      await db.query("update vehicles set status = 'sold' where stock_number = $1", [unchanged]);
      const reads = units.reads;
      expect((await findVehicleByStockNumber(units.db, index, unchanged))?.status).toBe("sold");
      expect((await findVehicleByStockNumber(units.db, index, unchanged))?.status).toBe("sold");
      await db.query("update vehicles set status = 'available' where stock_number = $1", [unchanged]);
      expect(units.reads).toBe(reads + 1);
    } finally {
      stop();
      await changes.close();
    }
  });

  it("following the change signal, reads ahead a build that lands while it reads ahead the one before", async () => {
    const slowUnits: Database = {
      ...db,
      async query(sql, params) {
        if (sql.includes("from vehicles where stock_number")) await new Promise((r) => setTimeout(r, 50));
        return db.query(sql, params);
      },
    };
    const changes = new ChangeSignal(db);
    await changes.start();
    const index = new InventoryIndex(slowUnits);
    const stop = index.followChanges(changes);
    const [added] = generateInventory(1, 4242).map((unit) => ({ ...unit, status: "available" as const }));
    if (!added || inventory.some((unit) => unit.stock_number === added.stock_number)) throw new Error("no new unit");
    try {
      await index.fresh();
      // a unit arrives while the first build's units are still being read ahead: a second build
      await insertVehicles(db, [added]);
      await index.fresh();
      await vi.waitFor(() => expect(index.units.has(added.stock_number)).toBe(true), { timeout: 5_000 });
    } finally {
      stop();
      await changes.close();
      await db.query("delete from vehicles where stock_number = $1", [added.stock_number]);
    }
  });

  it("following a change signal that missed a change, forgets every unit once the revision it trusted expires", async () => {
    const deaf = { hear: () => () => undefined };
    const index = new InventoryIndex(db);
    const stop = index.followChanges(deaf);
    try {
      const [unit] = (await index.fresh()).query(all).stockNumbers;
      if (!unit) throw new Error("no unit on offer");
      const before = await findVehicleByStockNumber(db, index, unit);
      await vi.waitFor(() => expect(index.units.has(unit)).toBe(true));
      await db.query("update vehicles set low_price = low_price + 100 where stock_number = $1", [unit]);
      await new Promise((resolve) => setTimeout(resolve, REVISION_TRUST_MS + 50));
      await index.fresh();
      expect((await findVehicleByStockNumber(db, index, unit))?.low_price).toBe((before?.low_price ?? 0) + 100);
    } finally {
      stop();
    }
  });

  it("keeps no unit read before one was forgotten, and at most its capacity, the first kept forgotten first", () => {
    const memory = new UnitMemory(2);
    const [a, b, c] = ["AA000001", "AA000002", "AA000003"].map((stock) => ({ stock_number: stock }) as Vehicle);
    if (!a || !b || !c) throw new Error("no units");
    const mark = memory.mark;
    memory.forget("ZZ000000");
    memory.keep([a], mark);
    expect(memory.has(a.stock_number)).toBe(false);
    memory.keep([a, b, c], memory.mark);
    expect([a, b, c].map((unit) => memory.has(unit.stock_number))).toEqual([false, true, true]);
  });

  // last: it empties the units
  it("is told when the units are emptied at once (a truncate names no unit)", async () => {
    const changes = new ChangeSignal(db);
    await changes.start();
    const index = new InventoryIndex(db);
    const stop = index.followChanges(changes);
    const announced: string[][] = [];
    changes.subscribe((tags) => announced.push(tags));
    try {
      expect((await findVehicles(db, index, query)).size).toBeGreaterThan(0);
      await db.query("truncate vehicles cascade");
      expect((await findVehicles(db, index, query)).size).toBe(0);
      // the hosts are told too: every page
      await vi.waitFor(() => expect(announced).toContainEqual([CACHE_TAGS.site]));
    } finally {
      stop();
      await changes.close();
    }
  });
});
