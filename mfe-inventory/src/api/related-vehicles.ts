import { apiPaths, type InventoryResult } from "shared-types";
import { inventoryResultSchema } from "shared-types/schemas";
import { api } from "./api-client";

/** For an empty search: the three newest units of the whole inventory (SPEC §7 "Similar vehicles"). */
export async function fetchRelatedVehicles(): Promise<InventoryResult["vehicles"]> {
  const { data } = await api().get(`${apiPaths.inventoryAll()}?sort=age_desc&page_size=3`);
  return inventoryResultSchema.parse(data).vehicles;
}
