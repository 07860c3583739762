import { describe, expect, it } from "vitest";
import {
  applyInventoryFilterRules,
  emptyInventoryFilter,
  inventoryFilterKey,
  inventoryHrefForMake,
  inventoryQueryToParams,
  inventoryViewToParams,
  toggleMake,
  toggleModel,
} from "../src/index.js";
import {
  inventoryFilterSchema,
  inventoryFilterShortSchema,
  inventoryQueryParamsSchema,
  parseInventoryView,
} from "../src/schemas.js";

describe("applyInventoryFilterRules (SPEC §5)", () => {
  it("intersects dealership with shfl and falls back to shfl when nothing remains", () => {
    const f = { ...emptyInventoryFilter(), dealership: ["abc", "shfl"] };
    expect(applyInventoryFilterRules(f).dealership).toEqual(["shfl"]);
    expect(applyInventoryFilterRules({ ...f, dealership: ["abc"] }).dealership).toEqual(["shfl"]);
    expect(applyInventoryFilterRules(emptyInventoryFilter()).dealership).toEqual(["shfl"]);
  });

  it("forces inventory_type empty", () => {
    const f = { ...emptyInventoryFilter(), inventory_type: ["fleet"] };
    expect(applyInventoryFilterRules(f).inventory_type).toEqual([]);
  });

  it("resets condition and re-adds it from the single-valued choice, blank meaning all", () => {
    const f = { ...emptyInventoryFilter(), condition: ["new", "used"] as ("new" | "used")[] };
    expect(applyInventoryFilterRules(f, "used").condition).toEqual(["used"]);
    expect(applyInventoryFilterRules(f, "").condition).toEqual([]);
    expect(applyInventoryFilterRules({ ...f, condition: ["new"] }).condition).toEqual(["new"]);
  });
});

describe("make and model selection (SPEC §4)", () => {
  it("selecting a make clears that make's model selections only", () => {
    const f = { ...emptyInventoryFilter(), model: ["NPR-HD", "Sierra 1500"] };
    const next = toggleMake(f, "Isuzu", ["NPR-HD", "NRR"]);
    expect(next.make).toEqual(["Isuzu"]);
    expect(next.model).toEqual(["Sierra 1500"]);
    expect(toggleMake(next, "Isuzu", []).make).toEqual([]);
  });

  it("selecting a model clears its make selection", () => {
    const f = { ...emptyInventoryFilter(), make: ["Isuzu", "GMC"] };
    const next = toggleModel(f, "Isuzu", "NRR");
    expect(next.model).toEqual(["NRR"]);
    expect(next.make).toEqual(["GMC"]);
    expect(toggleModel(next, "Isuzu", "NRR").model).toEqual([]);
  });
});

describe("both readings of the filter", () => {
  it("the short reading parses into the full one with defaults", () => {
    const short = inventoryFilterShortSchema.parse({ make: ["GMC"], condition: ["used"] });
    const full = inventoryFilterSchema.parse(short);
    expect(full).toEqual({ ...emptyInventoryFilter(), make: ["GMC"], condition: ["used"] });
    expect(full.price_lower).toBe(0);
    expect(full.inventory_type).toEqual([]);
  });

  it("the filter key ignores order and detects modification", () => {
    const a = { ...emptyInventoryFilter(), make: ["GMC", "Isuzu"] };
    const b = { ...emptyInventoryFilter(), make: ["Isuzu", "GMC"] };
    expect(inventoryFilterKey(a)).toBe(inventoryFilterKey(b));
    expect(inventoryFilterKey(a)).not.toBe(inventoryFilterKey({ ...a, price_upper: 50000 }));
  });
});

describe("the inventory page URL", () => {
  it("round-trips page, search, filters and sort", () => {
    const view = {
      page: 3,
      search: "Backup Camera",
      filter: { ...emptyInventoryFilter(), year: [2024, 2023], make: ["Isuzu"], price_upper: 90000 },
      sort: "price_asc" as const,
    };
    const params = inventoryViewToParams(view);
    expect(JSON.parse(params.get("filters") ?? "")).toEqual({
      year: [2024, 2023],
      make: ["Isuzu"],
      price_upper: 90000,
    });
    expect(parseInventoryView(new URLSearchParams(params.toString()))).toEqual(view);
  });

  it("leaves defaults out and survives malformed input", () => {
    expect(
      inventoryViewToParams({ page: 1, search: "", filter: emptyInventoryFilter(), sort: "age_desc" }).toString(),
    ).toBe("");
    const parsed = parseInventoryView(new URLSearchParams("page=-4&filters={oops&sort=sideways"));
    expect(parsed).toEqual({ page: 1, search: "", filter: emptyInventoryFilter(), sort: "age_desc" });
  });

  it("builds the nav's make links", () => {
    const href = inventoryHrefForMake("GMC");
    const view = parseInventoryView(new URL(href, "http://x").searchParams);
    expect(view.filter.make).toEqual(["GMC"]);
  });
});

describe("the API query string (SPEC §7)", () => {
  it("joins lists with commas and round-trips through the API's parser", () => {
    const filter = { ...emptyInventoryFilter(), year: [2025, 2024], make: ["Isuzu", "GMC"], price_lower: 20000 };
    const params = inventoryQueryToParams({ filter, sort: "discount", page: 2, page_size: 20, seed: 7 });
    expect(params.get("year")).toBe("2025,2024");
    expect(params.get("make")).toBe("Isuzu,GMC");
    const parsed = inventoryQueryParamsSchema.parse(Object.fromEntries(params));
    expect(parsed).toEqual({ filter, sort: "discount", page: 2, page_size: 20, seed: 7 });
  });

  it("rejects bad values with field errors instead of throwing", () => {
    const result = inventoryQueryParamsSchema.safeParse({ year: "20x4", condition: "broken", page: "0", sort: "up" });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["year", "sort", "page"]));
  });
});
