import { defineResource } from "remote-kit";
import { CACHE_TAGS, type InventoryView } from "shared-types";

/**
 * What the pages load, named so the server's loaders and the pages agree (remote-kit resources). The HTTP client
 * and the answers' schemas load with the first request: a page hydrated from the server's data needs neither.
 */
const inventoryApi = () => import("./inventory-api");
const relatedApi = () => import("./related-vehicles");

// a search can gain or lose any unit: its page is purged whenever the inventory changes
const wholeInventory = () => [CACHE_TAGS.inventory];

export const inventoryPageResource = defineResource(
  "inventory:page",
  async (view: InventoryView, seed: number) => (await inventoryApi()).fetchInventoryPage(view, seed),
  { cacheTags: wholeInventory },
);
export const vehicleResource = defineResource(
  "inventory:vehicle",
  async (stockNumber: string) => (await inventoryApi()).fetchVehicle(stockNumber),
  { cacheTags: (_vehicle, stockNumber) => [CACHE_TAGS.unit(stockNumber)] },
);
export const similarVehiclesResource = defineResource(
  "inventory:similar",
  async (stockNumber: string) => (await inventoryApi()).fetchSimilarVehicles(stockNumber),
  // the similar units shown, and the whole inventory (a new unit may become one of them)
  { cacheTags: (units) => [...(units ?? []).map((u) => CACHE_TAGS.unit(u.stock_number)), CACHE_TAGS.inventory] },
);
export const relatedVehiclesResource = defineResource(
  "inventory:related",
  async () => (await relatedApi()).fetchRelatedVehicles(),
  { cacheTags: wholeInventory },
);

/** One random order per visit, so paging a random sort shows every unit once (the server's, handed over). */
export const VISIT_SEED_KEY = "inventory:visit-seed";
export const newVisitSeed = () => Math.floor(Math.random() * 1_000_000);
