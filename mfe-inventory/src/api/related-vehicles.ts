import { apiPaths, type VehicleListing } from "shared-types";
import { inventoryListingSchema } from "shared-types/schemas";
import { api } from "./api-client";

/** For an empty search: the three newest units of the whole inventory (SPEC §7 "Similar vehicles"), as cards. */
export async function fetchRelatedVehicles(): Promise<VehicleListing[]> {
  const { data } = await api().get(`${apiPaths.inventoryAll()}?sort=age_desc&page_size=3&fields=listing`);
  return inventoryListingSchema.parse(data).vehicles;
}
