import { describe, expect, it } from "vitest";
import {
  BODY_TYPES,
  CAB_TYPES,
  emptyInventoryFilter,
  FUELS,
  fuelOf,
  GVWR_CLASSES,
  gvwrClass,
  gvwrClassLabel,
  type InventoryFilter,
  inventoryHref,
  inventoryQueryToParams,
  inventoryViewToParams,
  lbToKg,
  workTruckFacts,
} from "../src/index.js";
import { inventoryFilterSchema, inventoryQueryParamsSchema, parseInventoryView } from "../src/schemas.js";

describe("GVWR classes (the FHWA bands, in lb)", () => {
  it.each([
    [4_100, 1],
    [6_000, 1],
    [6_001, 2],
    [10_000, 2],
    [10_001, 3],
    [12_000, 3], // Isuzu NPR (SPEC §9)
    [14_000, 3],
    [14_001, 4],
    [14_500, 4], // NPR-HD
    [16_000, 4], // NPR-XD
    [16_001, 5],
    [17_950, 5], // NQR
    [19_500, 5], // NRR
    [19_501, 6],
    [25_950, 6], // FTR
    [26_000, 6],
    [26_001, 7],
    [33_000, 7], // FVR class 7
    [33_001, 8],
    [80_000, 8],
  ])("%i lb is class %i", (lb, expected) => {
    expect(gvwrClass(lb)).toBe(expected);
  });

  it("converts with the exact pound and labels each class in kilograms", () => {
    expect(lbToKg(19_500)).toBe(8_845);
    expect(lbToKg(12_000)).toBe(5_443);
    expect(gvwrClassLabel(1)).toBe("Class 1 (up to 2,722 kg)");
    expect(gvwrClassLabel(4)).toBe("Class 4 (over 6,350 to 7,257 kg)");
    // Alberta's annual inspection starts above 11,794 kg: class 7 and up
    expect(gvwrClassLabel(7)).toBe("Class 7 (over 11,793 to 14,969 kg)");
    expect(gvwrClassLabel(8)).toBe("Class 8 (over 14,969 kg)");
  });

  it("derives the facts a unit answers with from what is recorded", () => {
    const facts = workTruckFacts(
      {
        gvwr_lb: 17_950,
        body_type: "dry-freight-box",
        body_length_ft: 16,
        cab_type: "regular",
        wheelbase_in: 150,
        payload_lb: 8_550,
      },
      "4HK1-TC Diesel",
    );
    expect(facts).toMatchObject({ gvwr_kg: 8_142, gvwr_class: 5, fuel: "diesel", payload_kg: 3_878 });
    expect(fuelOf("Gasoline")).toBe("gas");
    expect(fuelOf("Electric")).toBe("electric");
  });
});

describe("the work-truck filters in the URL", () => {
  const everyNewFilter: InventoryFilter = {
    ...emptyInventoryFilter(),
    gvwr_class: [...GVWR_CLASSES],
    body_type: [...BODY_TYPES],
    fuel: [...FUELS],
    cab_type: [...CAB_TYPES],
    year_min: 2021,
    year_max: 2026,
    price_lower: 40_000,
    price_upper: 150_000,
  };

  it.each([
    ["gvwr_class", { gvwr_class: [4, 5] }],
    ["body_type", { body_type: ["dry-freight-box", "refrigerated-box"] }],
    ["fuel", { fuel: ["diesel"] }],
    ["cab_type", { cab_type: ["crew", "extended"] }],
    ["year range", { year_min: 2022, year_max: 2025 }],
    ["price range", { price_lower: 50_000, price_upper: 120_000 }],
    ["all of them", everyNewFilter],
  ] as [string, Partial<InventoryFilter>][])(
    "%s survives the page URL and the API's query string",
    (_name, partial) => {
      const filter = { ...emptyInventoryFilter(), ...partial };
      const pageUrl = inventoryViewToParams({ filter, page: 2, sort: "price_asc", search: "liftgate" });
      expect(parseInventoryView(new URLSearchParams(pageUrl.toString()))).toEqual({
        filter,
        page: 2,
        sort: "price_asc",
        search: "liftgate",
      });
      const apiQuery = inventoryQueryToParams({ filter, page: 1, page_size: 20 });
      const parsed = inventoryQueryParamsSchema.safeParse(Object.fromEntries(new URLSearchParams(apiQuery.toString())));
      expect(parsed.success).toBe(true);
      expect(parsed.data?.filter).toEqual(filter);
    },
  );

  it("SPEC §3's readings, without any new key, still parse (into no work-truck filter)", () => {
    const spec = { condition: ["new"], year: [2025], make: ["Isuzu"], model: [], body_style: [], dealership: ["shfl"] };
    const parsed = inventoryFilterSchema.parse(spec);
    expect(parsed).toMatchObject({ gvwr_class: [], body_type: [], fuel: [], cab_type: [], year_min: 0, year_max: 0 });
    const view = parseInventoryView(new URLSearchParams({ filters: JSON.stringify(spec) }));
    expect(view.filter.make).toEqual(["Isuzu"]);
  });

  it("a landing link opens the search it names", () => {
    const href = inventoryHref({ gvwr_class: [4, 5], body_type: ["dry-freight-box"] });
    expect(href).toBe(
      `/inventory?filters=${encodeURIComponent(JSON.stringify({ gvwr_class: [4, 5], body_type: ["dry-freight-box"] }))}`,
    );
    const view = parseInventoryView(new URL(href, "https://example.com").searchParams);
    expect(view.filter).toEqual({ ...emptyInventoryFilter(), gvwr_class: [4, 5], body_type: ["dry-freight-box"] });
    expect(inventoryHref({})).toBe("/inventory");
  });

  it("an unknown class or body in a hand-edited link shows the whole inventory, not an error", () => {
    for (const bad of [{ gvwr_class: [9] }, { body_type: ["spaceship"] }, { fuel: "diesel" }, { year_min: "new" }]) {
      const view = parseInventoryView(new URLSearchParams({ filters: JSON.stringify(bad) }));
      expect(view.filter).toEqual(emptyInventoryFilter());
    }
  });
});
