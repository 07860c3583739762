import type { FastifyInstance } from "fastify";
import {
  allInPriceCents,
  emptyInventoryFilter,
  type InventoryFacets,
  type InventoryFilter,
  inventoryQueryToParams,
  lbToKg,
  type Vehicle,
  WORK_TRUCK_SEARCHES,
} from "shared-types";
import { inventoryResultSchema, vehicleSchema } from "shared-types/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { openPglite } from "../src/db/database.js";
import { migrate } from "../src/db/migrations.js";
import { generateInventory } from "../src/seed/inventory-generator.js";
import { backfillWorkTruckFacts, insertVehicles, seedIfEmpty } from "../src/seed/seed.js";
import { workTruckSpecFor } from "../src/seed/work-truck-specs.js";
import { backends } from "./database-fixtures.js";
import { testConfig } from "./test-config.js";

const SEED_SIZE = 400;

/** The facets' groups, as a buyer's filter sees them; each test filter is brute-forced over the same seed. */
type Group = "condition" | "year" | "make_model" | "body_style" | "gvwr_class" | "body_type" | "fuel" | "cab_type";

function passes(v: Vehicle, f: InventoryFilter, group: Group | "price"): boolean {
  switch (group) {
    case "condition":
      return f.condition.length === 0 || f.condition.includes(v.condition);
    case "year":
      return (
        (f.year.length === 0 || f.year.includes(v.year)) &&
        (f.year_min === 0 || v.year >= f.year_min) &&
        (f.year_max === 0 || v.year <= f.year_max)
      );
    case "make_model":
      return (f.make.length === 0 && f.model.length === 0) || f.make.includes(v.make) || f.model.includes(v.model);
    case "body_style":
      return f.body_style.length === 0 || f.body_style.includes(v.body_style);
    case "gvwr_class":
      return f.gvwr_class.length === 0 || f.gvwr_class.includes(v.gvwr_class);
    case "body_type":
      return f.body_type.length === 0 || f.body_type.includes(v.body_type);
    case "fuel":
      return f.fuel.length === 0 || f.fuel.includes(v.fuel);
    case "cab_type":
      return f.cab_type.length === 0 || (v.cab_type !== null && f.cab_type.includes(v.cab_type));
    case "price": {
      const dollars = allInPriceCents(v) / 100;
      return (
        (f.price_lower === 0 || dollars >= f.price_lower) &&
        (f.price_upper === 0 || (dollars > 0 && dollars <= f.price_upper))
      );
    }
  }
}

const GROUPS: readonly (Group | "price")[] = [
  "condition",
  "year",
  "make_model",
  "body_style",
  "gvwr_class",
  "body_type",
  "fuel",
  "cab_type",
  "price",
];

const matchesExcept = (v: Vehicle, f: InventoryFilter, left: Group | "price" | null) =>
  GROUPS.every((group) => group === left || passes(v, f, group));

/** How many units of the seed have `value` of `key` among those matching every filter but the group's own. */
function bruteCount(units: Vehicle[], f: InventoryFilter, group: Group, key: keyof Vehicle, value: unknown) {
  return units.filter((v) => matchesExcept(v, f, group) && v[key] === value).length;
}

const FILTERS: Record<string, Partial<InventoryFilter>> = {
  "nothing chosen": {},
  "class 4-5 box trucks": { gvwr_class: [4, 5], body_type: ["dry-freight-box"] },
  "diesel crew cabs, 2024 and newer": { fuel: ["diesel"], cab_type: ["crew"], year_min: 2024 },
  "new Isuzu under $130,000": { condition: ["new"], make: ["Isuzu"], price_upper: 130_000 },
  "pickups or cab chassis of GMC or any NRR": {
    body_style: ["Pickup", "Cab Chassis"],
    make: ["GMC"],
    model: ["NRR"],
  },
  "dump or landscape, gas, 2020 to 2025": {
    body_type: ["dump", "landscape"],
    fuel: ["gas"],
    year_min: 2020,
    year_max: 2025,
  },
  "nothing matches (electric pickups)": { fuel: ["electric"], body_type: ["pickup"] },
};

describe("work-truck facts", () => {
  it("each unit's facts agree with its model (SPEC §9's Isuzu GVWRs) and with themselves", () => {
    const units = generateInventory(SEED_SIZE);
    const gvwr = (model: string) => new Set(units.filter((v) => v.model === model).map((v) => v.gvwr_lb));
    expect(gvwr("NPR")).toEqual(new Set([12_000]));
    expect(gvwr("NPR-HD")).toEqual(new Set([14_500]));
    expect(gvwr("NPR-XD")).toEqual(new Set([16_000]));
    expect(gvwr("NQR")).toEqual(new Set([17_950]));
    for (const v of units) {
      expect(vehicleSchema.safeParse(v).success).toBe(true);
      expect(v.gvwr_kg).toBe(lbToKg(v.gvwr_lb));
      expect(v.payload_lb).toBeLessThan(v.gvwr_lb);
      expect(v.payload_lb).toBeGreaterThan(0);
      // the options name the body the facts give, and no other
      const bodies = v.options.filter((o) => /\bft .*(Box|Body)$/.test(o));
      if (v.body_type === "dry-freight-box") expect(bodies).toEqual([`${v.body_length_ft} ft Dry Freight Box`]);
      if (v.body_type === "cab-chassis") expect(bodies).toEqual([]);
      if (v.body_style === "Cab Chassis") expect(v.cab_type).not.toBeNull();
      if (v.body_style === "Cargo Van" || v.body_style === "SUV") expect(v.cab_type).toBeNull();
      if (v.trim === "Crew Cab") expect(v.cab_type).toBe("crew");
      if (v.engine.includes("Diesel")) expect(v.fuel).toBe("diesel");
      if (v.model === "NRR EV") expect(v.fuel).toBe("electric");
    }
    // the seed has what a fleet buyer filters by
    const bodies = new Set(units.map((v) => v.body_type));
    for (const body of ["dry-freight-box", "refrigerated-box", "dump", "flatbed-stake", "cab-chassis", "pickup"]) {
      expect(bodies).toContain(body);
    }
    expect(new Set(units.map((v) => v.gvwr_class)).size).toBeGreaterThanOrEqual(6);
  });

  it("units stored before the facts existed get their model's at start-up, once", async () => {
    const db = await openPglite();
    try {
      await migrate(db);
      const units = generateInventory(30);
      await insertVehicles(db, units);
      await db.query("update vehicles set gvwr_lb = null, body_type = null, conditional_offers = '[]'");
      expect(await backfillWorkTruckFacts(db)).toBe(30);
      expect(await backfillWorkTruckFacts(db)).toBe(0);
      const rows = await db.query<{ stock_number: string; gvwr_lb: number; body_type: string; offers: number }>(
        "select stock_number, gvwr_lb, body_type, jsonb_array_length(conditional_offers) as offers from vehicles",
      );
      for (const row of rows) {
        const unit = units.find((u) => u.stock_number === row.stock_number) as Vehicle;
        expect(row.gvwr_lb).toBe(workTruckSpecFor(unit).gvwr_lb);
        expect(row.body_type).toBe(unit.body_type);
        expect(Number(row.offers)).toBe(unit.conditional_offers.length);
      }
    } finally {
      await db.close();
    }
  });
});

describe.each(backends())("facet counts on $name", (backend) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const units: Vehicle[] = generateInventory(SEED_SIZE).map(({ shape: _shape, ...v }) => v);

  beforeAll(async () => {
    const db = await backend.open();
    await seedIfEmpty(db, SEED_SIZE);
    app = await buildApp(testConfig(), { db });
    close = async () => {
      await app.close();
      await db.close();
    };
  });
  afterAll(() => close());

  async function search(filter: InventoryFilter) {
    const params = inventoryQueryToParams({ filter, page: 1, page_size: 100 });
    const res = await app.inject({ method: "GET", url: `/api/inventory/all/?${params}` });
    expect(res.statusCode).toBe(200);
    const result = inventoryResultSchema.parse(res.json());
    return { ...result, facets: result.facets as InventoryFacets };
  }

  it.each(Object.entries(FILTERS))("%s: every count is what choosing that value gives", async (_name, partial) => {
    const filter = { ...emptyInventoryFilter(), ...partial };
    const { size, facets } = await search(filter);
    expect(size).toBe(units.filter((v) => matchesExcept(v, filter, null)).length);
    const check = <V>(group: Group, key: keyof Vehicle, list: readonly { value: V; count: number }[]) => {
      expect(list.length).toBeGreaterThan(0);
      for (const { value, count } of list) {
        expect({ group, value, count }).toEqual({ group, value, count: bruteCount(units, filter, group, key, value) });
      }
    };
    check("condition", "condition", facets.condition);
    check("year", "year", facets.year);
    check("make_model", "make", facets.make);
    check("make_model", "model", facets.model);
    check("body_style", "body_style", facets.body_style);
    check("gvwr_class", "gvwr_class", facets.gvwr_class);
    check("body_type", "body_type", facets.body_type);
    check("fuel", "fuel", facets.fuel);
    check("cab_type", "cab_type", facets.cab_type);
    // every value the inventory has is listed, so a chosen one with no matches can still be unchosen
    expect(facets.body_type.map((f) => f.value).sort()).toEqual([...new Set(units.map((v) => v.body_type))].sort());
    const prices = units
      .filter((v) => matchesExcept(v, filter, "price"))
      .map((v) => allInPriceCents(v) / 100)
      .filter((p) => p > 0);
    expect(facets.price).toEqual({
      lower: prices.length ? Math.min(...prices) : 0,
      upper: prices.length ? Math.max(...prices) : 0,
    });
  });

  it("choosing a counted value gives exactly that many units", async () => {
    const start = { ...emptyInventoryFilter(), fuel: ["diesel" as const] };
    const { facets } = await search(start);
    const class5 = facets.gvwr_class.find((f) => f.value === 5);
    expect(class5?.count).toBeGreaterThan(0);
    const narrowed = await search({ ...start, gvwr_class: [5] });
    expect(narrowed.size).toBe(class5?.count);
    expect(narrowed.vehicles.every((v) => v.gvwr_class === 5 && v.fuel === "diesel")).toBe(true);
  });

  it("counts each common work-truck search as the search itself would", async () => {
    const res = await app.inject({ method: "GET", url: "/api/inventory/work-truck-searches" });
    expect(res.statusCode).toBe(200);
    const counts = res.json() as { id: string; count: number }[];
    expect(counts.map((c) => c.id)).toEqual(WORK_TRUCK_SEARCHES.map((s) => s.id));
    for (const search of WORK_TRUCK_SEARCHES) {
      const filter = { ...emptyInventoryFilter(), ...search.filter };
      const expected = units.filter((v) => matchesExcept(v, filter, null)).length;
      expect({ id: search.id, count: counts.find((c) => c.id === search.id)?.count }).toEqual({
        id: search.id,
        count: expected,
      });
    }
    // the landing links are worth having: most of them find units in the seed
    expect(counts.filter((c) => c.count > 0).length).toBeGreaterThanOrEqual(WORK_TRUCK_SEARCHES.length - 1);
  });

  it("answers a bad facet value with a 400 that names it", async () => {
    for (const query of ["gvwr_class=9", "gvwr_class=four", "body_type=spaceship", "fuel=coal", "year_min=abc"]) {
      const res = await app.inject({ method: "GET", url: `/api/inventory/all/?${query}` });
      expect(res.statusCode, query).toBe(400);
      const facet = query.split("=")[0] ?? "";
      expect(res.json().message).toBe(`Invalid query: ${facet}`);
      expect(Object.keys(res.json().fields)).toEqual([facet]);
    }
  });
});
