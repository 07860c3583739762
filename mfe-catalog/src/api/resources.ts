import { defineResource } from "remote-kit";
import { CACHE_TAGS, type Manufacturer, type ModelCounts } from "shared-types";
import type { LineupModel } from "../remote";

// counts change with every unit that comes or goes
const wholeInventory = () => [CACHE_TAGS.inventory];

/**
 * Every line-up card's count comes from one request (the server's, handed to the browser). The HTTP client and the
 * answer's schema load with the first request in the browser: a page hydrated from the server's data needs neither.
 */
export const modelCountsResource = defineResource(
  "catalog:model-counts",
  async () => (await import("./model-counts")).fetchModelCounts(),
  { cacheTags: wholeInventory },
);

/** The line-up's common work-truck searches with how many units each finds (the links beside the in-stock counts). */
export const workTruckSearchCountsResource = defineResource(
  "catalog:work-truck-search-counts",
  async (lineup: Manufacturer) => (await import("./work-truck-search-counts")).fetchWorkTruckSearchCounts(lineup),
  { cacheTags: wholeInventory },
);

/** Units in stock for a line-up model: every inventory model name it matches, of its make. */
export function inStockCount(model: Pick<LineupModel, "make" | "model">, counts: ModelCounts): number {
  return counts
    .filter((c) => c.make === model.make && model.model.includes(c.model))
    .reduce((sum, c) => sum + c.count, 0);
}
