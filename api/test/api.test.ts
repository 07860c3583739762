import type { FastifyInstance } from "fastify";
import { allInPriceCents, drivetrainOf, toVehicleListing, type Vehicle } from "shared-types";
import {
  inventoryListingSchema,
  inventoryResultSchema,
  promotionListSchema,
  vehicleSchema,
} from "shared-types/schemas";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.js";
import { DEFAULT_BUSINESS_DETAILS } from "../src/business/default-business-details.js";
import type { Database } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { vehicleSearchText } from "../src/inventory/search-text.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { seedIfEmpty } from "../src/seed/seed.js";
import { backends } from "./database-fixtures.js";
import { testConfig } from "./test-config.js";

describe.each(backends())("API on $name", (backend) => {
  let db: Database;
  let app: FastifyInstance;
  const inventory = generateInventory(150);

  beforeAll(async () => {
    db = await backend.open();
    await seedIfEmpty(db, 150);
    app = await buildApp(testConfig(), { db });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const get = (url: string) => app.inject({ method: "GET", url });

  it("migrations are idempotent and seeding an already seeded database adds nothing", async () => {
    expect(await migrate(db)).toEqual([]);
    expect(await seedIfEmpty(db, 150)).toEqual({ vehicles: 0, promotions: 0 });
  });

  it("lists the first page of 20 with the total", async () => {
    const res = await get("/api/inventory/all/");
    expect(res.statusCode).toBe(200);
    const body = inventoryResultSchema.parse(res.json());
    expect(body.size).toBe(150);
    expect(body.vehicles).toHaveLength(20);
    expect(body.page).toBe(1);
  });

  it("lists a page as its cards show the units when asked (fields=listing): the same units, a fraction of the bytes", async () => {
    const whole = await get("/api/inventory/all/?page=2&sort=price_asc");
    const cards = await get("/api/inventory/all/?page=2&sort=price_asc&fields=listing");
    expect(cards.statusCode).toBe(200);
    const listing = inventoryListingSchema.parse(cards.json());
    const full = inventoryResultSchema.parse(whole.json());
    expect(listing.vehicles).toEqual(full.vehicles.map(toVehicleListing));
    expect(Object.keys(cards.json().vehicles[0]).sort()).toEqual(Object.keys(listing.vehicles[0] ?? {}).sort());
    expect({ ...listing, vehicles: [] }).toEqual({ ...full, vehicles: [] });
    expect(cards.body.length).toBeLessThan(whole.body.length * 0.6);
    expect((await get("/api/inventory/all/?fields=everything")).statusCode).toBe(400);
  });

  it("filters by comma-joined lists and price bounds (on the advertised, all-in price)", async () => {
    const res = await get("/api/inventory/all/?make=Isuzu,GMC&condition=new&price_lower=50000&page_size=100");
    const body = inventoryResultSchema.parse(res.json());
    const expected = inventory.filter(
      (v) => ["Isuzu", "GMC"].includes(v.make) && v.condition === "new" && allInPriceCents(v) >= 50000_00,
    );
    expect(body.size).toBe(expected.length);
    expect(body.vehicles.every((v) => ["Isuzu", "GMC"].includes(v.make) && v.condition === "new")).toBe(true);
  });

  it("filters and counts by drivetrain, read from the drive train the dealership writes", async () => {
    const body = inventoryResultSchema.parse(
      (await get("/api/inventory/all/?drivetrain=4wd,awd&page_size=100")).json(),
    );
    const expected = inventory.filter((v) => ["4wd", "awd"].includes(drivetrainOf(v.drive_train)));
    expect(body.size).toBe(expected.length);
    expect(body.vehicles.every((v) => /^(4WD|AWD)$/.test(v.drive_train))).toBe(true);
    // its own counts leave it out: each is what choosing that drivetrain gives
    const all = inventory.filter((v) => drivetrainOf(v.drive_train) === "rwd").length;
    expect(body.facets?.drivetrain.find((f) => f.value === "rwd")?.count).toBe(all);
    const refused = await get("/api/inventory/all/?drivetrain=6x6");
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("drivetrain");
  });

  it("sorts by the all-in price ascending with unpriced units last", async () => {
    const body = inventoryResultSchema.parse(
      (await get("/api/inventory/all/?sort=price_asc&page_size=100&page=2")).json(),
    );
    const prices = body.vehicles.map((v) => allInPriceCents(v));
    const firstZero = prices.indexOf(0);
    const priced = firstZero === -1 ? prices : prices.slice(0, firstZero);
    expect(priced).toEqual([...priced].sort((a, b) => a - b));
    if (firstZero !== -1) expect(prices.slice(firstZero).every((p) => p === 0)).toBe(true);
  });

  it("searches text case-insensitively across make, model and options", async () => {
    const body = inventoryResultSchema.parse((await get("/api/inventory/search/backup%20CAMERA?page_size=100")).json());
    const expected = inventory.filter((v) => v.options.includes("Backup Camera"));
    expect(body.size).toBe(expected.length);
    expect(body.size).toBeGreaterThan(0);
  });

  it("searches every word across year, colour, body style and stock number, all words required", async () => {
    const unit = inventory[7]!;
    const byStock = inventoryResultSchema.parse(
      (await get(`/api/inventory/search/${unit.stock_number.toLowerCase()}`)).json(),
    );
    expect(byStock.vehicles.map((v) => v.stock_number)).toEqual([unit.stock_number]);
    const words = `${unit.year} ${unit.exterior.split(" ")[0]} ${unit.body_style.split(" ")[0]}`.toUpperCase();
    const body = inventoryResultSchema.parse(
      (await get(`/api/inventory/search/${encodeURIComponent(words)}?page_size=100`)).json(),
    );
    const expected = inventory.filter((v) => {
      // what the search matches, as the seed writes it (year, make, model, trim, colours, body, stock, options)
      const text = vehicleSearchText(v);
      return words
        .toLowerCase()
        .split(" ")
        .every((w) => text.includes(w));
    });
    expect(body.size).toBe(expected.length);
    expect(body.vehicles.map((v) => v.stock_number)).toContain(unit.stock_number);
  });

  it("sorts by age both ways and by discount, largest first", async () => {
    const page = async (sort: string) =>
      inventoryResultSchema.parse((await get(`/api/inventory/all/?sort=${sort}&page_size=100`)).json()).vehicles;
    const newest = (await page("age_desc")).map((v) => v.listed_at);
    expect(newest).toEqual([...newest].sort().reverse());
    const oldest = (await page("age_asc")).map((v) => v.listed_at);
    expect(oldest).toEqual([...oldest].sort());
    const discounts = (await page("discount")).map((v) => v.discount);
    expect(discounts).toEqual([...discounts].sort((a, b) => b - a));
  });

  it("keeps a random order stable for one seed across pages, showing every unit once", async () => {
    const pageOf = async (seed: number, n: number) =>
      inventoryResultSchema
        .parse((await get(`/api/inventory/all/?sort=random&seed=${seed}&page=${n}&page_size=50`)).json())
        .vehicles.map((v) => v.stock_number);
    const pages = [await pageOf(7, 1), await pageOf(7, 2), await pageOf(7, 3)];
    expect(await pageOf(7, 2)).toEqual(pages[1]);
    expect(new Set(pages.flat()).size).toBe(150);
    expect(await pageOf(8, 1)).not.toEqual(pages[0]);
  });

  it("sees a change to the inventory on the next request: a sale leaves the results and the counts", async () => {
    const unit = inventory[3]!;
    const total = async () => inventoryResultSchema.parse((await get("/api/inventory/all/")).json()).size;
    expect(await total()).toBe(150);
    await db.query("update vehicles set status = 'sold' where stock_number = $1", [unit.stock_number]);
    try {
      expect(await total()).toBe(149);
      const search = inventoryResultSchema.parse((await get(`/api/inventory/search/${unit.stock_number}`)).json());
      expect(search.size).toBe(0);
      const counts = (await get("/api/inventory/model-counts")).json() as { count: number }[];
      expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(149);
    } finally {
      await db.query("update vehicles set status = 'available' where stock_number = $1", [unit.stock_number]);
    }
    expect(await total()).toBe(150);
  });

  it("lists every unit for sale for the sitemap, with when it last changed; a sale takes it off", async () => {
    const unit = inventory[5]!;
    const listed = async () =>
      (await get("/api/inventory/sitemap")).json() as { stock_number: string; updated_at: string }[];
    const before = await listed();
    expect(before).toHaveLength(150);
    const entry = before.find((u) => u.stock_number === unit.stock_number);
    expect(Number.isNaN(Date.parse(entry?.updated_at ?? ""))).toBe(false);
    await db.query("update vehicles set status = 'sold' where stock_number = $1", [unit.stock_number]);
    try {
      const after = await listed();
      expect(after).toHaveLength(149);
      expect(after.some((u) => u.stock_number === unit.stock_number)).toBe(false);
    } finally {
      await db.query("update vehicles set status = 'available' where stock_number = $1", [unit.stock_number]);
    }
    const again = (await listed()).find((u) => u.stock_number === unit.stock_number);
    // the sale and its reversal touched the unit: its page changed
    expect(Date.parse(again?.updated_at ?? "")).toBeGreaterThan(Date.parse(entry?.updated_at ?? ""));
  });

  it("sends dealer-written HTML reduced to formatting: no scripts, handlers, frames, styles or forms", async () => {
    const unit = inventory[7]!;
    const hostile =
      '<p onclick="steal()">Fleet <strong>ready</strong><script>steal()</script><img src="x" onerror="steal()">' +
      '<a href="javascript:steal()">x</a><a href="/inventory">more</a><iframe src="//evil"></iframe>' +
      '<form action="//evil"><input name="card"></form><span style="position:fixed;inset:0">overlay</span></p>';
    const [stored] = await db.query<{ comments: string }>("select comments from vehicles where stock_number = $1", [
      unit.stock_number,
    ]);
    const comments = stored?.comments ?? "";
    await db.query("update vehicles set comments = $2 where stock_number = $1", [unit.stock_number, hostile]);
    try {
      const sent = vehicleSchema.parse((await get(`/api/inventory/stocknumber/${unit.stock_number}`)).json()).comments;
      // a form closes the paragraph, as browsers parse it
      expect(sent).toBe(
        '<p>Fleet <strong>ready</strong><img src="x" /><a>x</a><a href="/inventory">more</a></p><span>overlay</span><p></p>',
      );
    } finally {
      await db.query("update vehicles set comments = $2 where stock_number = $1", [unit.stock_number, comments]);
    }
    await db.query(
      "insert into promotions (id, branch, department, rank, html) values ('hostile', 'shfl', 'sales', 9, $1)",
      ['<h3>Sale</h3><script>steal()</script><p style="display:none" onmouseover="steal()">now</p>'],
    );
    try {
      const promotions = promotionListSchema.parse((await get("/api/promotions?branch=shfl")).json());
      expect(promotions.find((p) => p.id === "hostile")?.html).toBe("<h3>Sale</h3><p>now</p>");
    } finally {
      await db.query("delete from promotions where id = 'hostile'");
    }
  });

  it("answers a stock number, 404 for an unknown one", async () => {
    const first = inventory[0]!;
    const res = await get(`/api/inventory/stocknumber/${first.stock_number}`);
    expect(res.statusCode).toBe(200);
    expect(vehicleSchema.parse(res.json()).vin).toBe(first.vin);
    const missing = await get("/api/inventory/stocknumber/NOPE1234");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/NOPE1234/);
  });

  it("answers 400 with field errors for a bad query, never 500", async () => {
    const res = await get("/api/inventory/all/?year=twenty&page=0&sort=sideways&price_upper=cheap");
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(["year", "page", "sort", "price_upper"]));
  });

  it("derives the properties: years descending, models per make", async () => {
    const props = (await get("/api/inventory/properties")).json();
    expect(props.years).toEqual([...props.years].sort((a: number, b: number) => b - a));
    expect(props.makes).toEqual(expect.arrayContaining(["Isuzu", "Chevrolet", "GMC"]));
    expect(props.price_lower).toBeGreaterThan(0);
  });

  it("counts available units per make and model in one request", async () => {
    const counts = (await get("/api/inventory/model-counts")).json() as {
      make: string;
      model: string;
      count: number;
    }[];
    const nrr = inventory.filter((v) => v.make === "Isuzu" && v.model === "NRR").length;
    expect(counts.find((c) => c.make === "Isuzu" && c.model === "NRR")?.count ?? 0).toBe(nrr);
    expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(150);
  });

  it("offers three similar vehicles, never the vehicle itself", async () => {
    const first = inventory[0]!;
    const similar = (await get(`/api/inventory/similar/${first.stock_number}`)).json();
    expect(similar).toHaveLength(3);
    expect(similar.map((v: { stock_number: string }) => v.stock_number)).not.toContain(first.stock_number);
  });

  it("answers a unit's similar units from the units it keeps: a change to one by hand reads it again (alone, on the embedded database)", async () => {
    const first = inventory[1]!;
    const similar = (await get(`/api/inventory/similar/${first.stock_number}`)).json();
    const changed = similar[0].stock_number as string;
    await db.query("update vehicles set trim = trim where stock_number = $1", [changed]);
    const spy = vi.spyOn(db, "query");
    try {
      // (the index is rebuilt too, from its own columns)
      expect((await get(`/api/inventory/similar/${first.stock_number}`)).json()).toEqual(similar);
      const unitsRead = () =>
        spy.mock.calls
          .filter(([sql]) => /from vehicles\s+where stock_number =/.test(String(sql)))
          .flatMap(([, params]) => [params?.[0]].flat());
      await vi.waitFor(() => expect(unitsRead()).toContain(changed));
      // PostgreSQL tells of a change after the statement returns: every unit read before it is read again, once
      const readAgain = backend.name === "pglite" ? [changed] : similar.map((v: Vehicle) => v.stock_number);
      expect(new Set(unitsRead())).toEqual(new Set(readAgain));
      expect(unitsRead()).toHaveLength(readAgain.length);
      // the unit's own page: from memory too, on the embedded database
      expect((await get(`/api/inventory/stocknumber/${changed}`)).json()).toEqual(similar[0]);
      if (backend.name === "pglite") expect(unitsRead()).toEqual([changed]);
    } finally {
      spy.mockRestore();
    }
    expect((await get("/api/inventory/similar/NOSUCHUNIT")).statusCode).toBe(404);
  });

  it("serves promotions for the branch and the business details", async () => {
    const promos = promotionListSchema.parse((await get("/api/promotions?branch=shfl")).json());
    expect(promos.map((p) => p.department)).toEqual(expect.arrayContaining(["sales", "service"]));
    expect((await get("/api/promotions")).statusCode).toBe(400);
    expect((await get("/api/business-details")).json()).toEqual(DEFAULT_BUSINESS_DETAILS);
  });

  it("draws vehicle images and refuses unknown ones", async () => {
    const v = inventory[0]!;
    const res = await get(v.primary_image);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect((await get("/api/media/vehicles/spaceship/ffffff/1/r640")).statusCode).toBe(400);
  });
});
