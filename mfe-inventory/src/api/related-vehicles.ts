import { apiPaths, type InventoryProperties, type InventoryResult } from "shared-types";
import { inventoryPropertiesSchema, inventoryResultSchema } from "shared-types/schemas";
import { apiClient } from "./api-client";

/** The toolbar's options: years, makes, models per make, body styles and the price range (SPEC §3). */
export async function fetchInventoryProperties(): Promise<InventoryProperties> {
  const { data } = await apiClient.get(apiPaths.inventoryProperties());
  return inventoryPropertiesSchema.parse(data);
}

/** For an empty search: the three newest units of the whole inventory (SPEC §7 "Similar vehicles"). */
export async function fetchRelatedVehicles(): Promise<InventoryResult["vehicles"]> {
  const { data } = await apiClient.get(`${apiPaths.inventoryAll()}?sort=age_desc&page_size=3`);
  return inventoryResultSchema.parse(data).vehicles;
}
