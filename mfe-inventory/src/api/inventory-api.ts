import {
  apiPaths,
  applyInventoryFilterRules,
  INVENTORY_PAGE_SIZE,
  type InventoryListing,
  type InventoryView,
  inventoryQueryToParams,
  type Vehicle,
} from "shared-types";
import { inventoryListingSchema, stockNumberSchema, vehicleSchema } from "shared-types/schemas";
import { z } from "zod/mini";
import { api } from "./api-client";

/**
 * One page of the search, filtered and sorted by the API (the browser never downloads the whole inventory), each
 * unit as its card shows it.
 */
export async function fetchInventoryPage(view: InventoryView, seed: number): Promise<InventoryListing> {
  const params = inventoryQueryToParams({
    filter: applyInventoryFilterRules(view.filter),
    sort: view.sort,
    page: view.page,
    page_size: INVENTORY_PAGE_SIZE,
    seed,
    search: view.search,
    fields: "listing",
  });
  const { data } = await api().get(`${apiPaths.inventoryAll()}?${params}`);
  return inventoryListingSchema.parse(data);
}

const isNotFound = (error: unknown) => (error as { response?: { status?: number } }).response?.status === 404;

/** A stock number no unit can have (a mangled link): not a unit, and not worth asking the API about. */
const isStockNumber = (stockNumber: string) => stockNumberSchema.safeParse(stockNumber).success;

/** null when the stock number is unknown (404): the page says the unit is no longer available. */
export async function fetchVehicle(stockNumber: string): Promise<Vehicle | null> {
  if (!isStockNumber(stockNumber)) return null;
  try {
    const { data } = await api().get(apiPaths.inventoryByStockNumber(stockNumber));
    return vehicleSchema.parse(data);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Units like this one (a sold one too); none for a stock number the API does not know. */
export async function fetchSimilarVehicles(stockNumber: string): Promise<Vehicle[]> {
  if (!isStockNumber(stockNumber)) return [];
  try {
    const { data } = await api().get(apiPaths.inventorySimilar(stockNumber));
    return z.array(vehicleSchema).parse(data);
  } catch (error) {
    if (isNotFound(error)) return [];
    throw error;
  }
}
