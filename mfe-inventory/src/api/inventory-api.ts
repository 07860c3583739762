import {
  apiPaths,
  applyInventoryFilterRules,
  INVENTORY_PAGE_SIZE,
  type InventoryResult,
  type InventoryView,
  inventoryQueryToParams,
  inventoryResultSchema,
  type Vehicle,
  vehicleSchema,
} from "shared-types";
import { z } from "zod";
import { apiClient } from "./api-client";

/** One page of the search, filtered and sorted by the API (the browser never downloads the whole inventory). */
export async function fetchInventoryPage(view: InventoryView, seed: number): Promise<InventoryResult> {
  const params = inventoryQueryToParams({
    filter: applyInventoryFilterRules(view.filter),
    sort: view.sort,
    page: view.page,
    page_size: INVENTORY_PAGE_SIZE,
    seed,
  });
  const path = view.search ? apiPaths.inventorySearch(view.search) : apiPaths.inventoryAll();
  const { data } = await apiClient.get(`${path}?${params}`);
  return inventoryResultSchema.parse(data);
}

/** null when the stock number is unknown (404): the page says the unit is no longer available. */
export async function fetchVehicle(stockNumber: string): Promise<Vehicle | null> {
  try {
    const { data } = await apiClient.get(apiPaths.inventoryByStockNumber(stockNumber));
    return vehicleSchema.parse(data);
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 404) return null;
    throw error;
  }
}

export async function fetchSimilarVehicles(stockNumber: string): Promise<Vehicle[]> {
  const { data } = await apiClient.get(apiPaths.inventorySimilar(stockNumber));
  return z.array(vehicleSchema).parse(data);
}
