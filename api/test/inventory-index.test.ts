import { emptyInventoryFilter } from "shared-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPglite } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { InventoryIndex, REBUILD_WAIT_MS } from "../src/inventory/index/inventory-index.js";
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

  it("searches words as substrings, every word required, in any case", async () => {
    const index = await new InventoryIndex(db).fresh();
    const unit = inventory[5];
    if (!unit) throw new Error("no unit");
    const stockTail = unit.stock_number.slice(2).toLowerCase();
    expect(index.query({ ...all, search: stockTail }).stockNumbers).toContain(unit.stock_number);
    expect(index.query({ ...all, search: `${stockTail} zzzz` }).total).toBe(0);
  });
});
