import { describe, expect, it } from "vitest";
import {
  emptyInventoryFilter,
  type InventoryFilter,
  inventoryFilterKey,
  inventoryQueryToParams,
  inventoryViewToParams,
  LIST_FACETS,
  listFacets,
  rangeBoundKeys,
  rangeFacets,
} from "../src/index.js";
import {
  inventoryFacetsSchema,
  inventoryFilterSchema,
  inventoryQueryParamsSchema,
  parseInventoryView,
} from "../src/schemas.js";

/** A filter that uses every list facet and every bound of the table: a derivation that forgets one loses it. */
function everyFacetChosen(): InventoryFilter {
  const filter = emptyInventoryFilter() as Record<string, unknown>;
  for (const facet of listFacets) {
    filter[facet.key] = facet.values ? [facet.values.at(-1)] : facet.open === "number" ? [2024] : ["Some value"];
  }
  for (const range of rangeFacets) {
    filter[range.lower] = range.maxWhole ? 2019 : 20_000;
    filter[range.upper] = range.maxWhole ? 2026 : 90_000;
  }
  return filter as InventoryFilter;
}

describe("everything about the filter comes from the facet table", () => {
  it("the empty filter is the schema's reading of nothing, with a field for each facet and bound", () => {
    expect(inventoryFilterSchema.parse({})).toEqual(emptyInventoryFilter());
    expect(Object.keys(emptyInventoryFilter()).sort()).toEqual(
      [...listFacets.map((facet) => facet.key), ...rangeBoundKeys].sort(),
    );
  });

  it("a filter using every facet survives the page's URL and the API's query string", () => {
    const filter = everyFacetChosen();
    expect(parseInventoryView(inventoryViewToParams({ filter })).filter).toEqual(filter);
    const params = Object.fromEntries(inventoryQueryToParams({ filter, page: 2, page_size: 20, sort: "price_asc" }));
    const query = inventoryQueryParamsSchema.parse(params);
    expect(query.filter).toEqual(filter);
    expect(query).toMatchObject({ page: 2, page_size: 20, sort: "price_asc" });
  });

  it("a value outside a facet's fixed values is a field error naming the facet", () => {
    for (const facet of listFacets.filter((f) => f.values)) {
      const parsed = inventoryQueryParamsSchema.safeParse({ [facet.key]: "no-such-value" });
      expect(parsed.success, facet.key).toBe(false);
      expect(JSON.stringify(parsed.error?.issues), facet.key).toContain(facet.key);
    }
  });

  it("the filter key tells every facet apart", () => {
    const chosen = everyFacetChosen();
    const keys = new Set([inventoryFilterKey(emptyInventoryFilter())]);
    for (const facet of listFacets)
      keys.add(inventoryFilterKey({ ...emptyInventoryFilter(), [facet.key]: chosen[facet.key] }));
    for (const bound of rangeBoundKeys)
      keys.add(inventoryFilterKey({ ...emptyInventoryFilter(), [bound]: chosen[bound] }));
    expect(keys.size).toBe(1 + listFacets.length + rangeBoundKeys.length);
  });

  it("the facets' answer has a list for each counted facet (a model with its make) and the reported ranges", () => {
    const answer = {
      ...Object.fromEntries(
        listFacets
          .filter((facet) => facet.role === "facet")
          .map((facet) => [facet.key, facet.values ? [{ value: facet.values[0], count: 1 }] : []]),
      ),
      model: [{ make: "Isuzu", value: "NRR", count: 2 }],
      price: { lower: 1, upper: 2 },
    };
    expect(inventoryFacetsSchema.parse(answer)).toEqual(answer);
    const { model: _model, ...withoutModel } = answer;
    expect(inventoryFacetsSchema.safeParse(withoutModel).success).toBe(false);
    expect(inventoryFacetsSchema.safeParse({ ...answer, model: [{ value: "NRR", count: 2 }] }).success).toBe(false);
  });

  it("names each value of a fixed facet for the page", () => {
    expect(LIST_FACETS.gvwr_class.valueLabel(5)).toBe("Class 5 (over 7,257 to 8,845 kg)");
    expect(LIST_FACETS.cab_type.valueLabel("crew")).toBe("Crew cab");
  });
});
