import { apiPaths, type Manufacturer, WORK_TRUCK_SEARCHES, type WorkTruckSearch } from "shared-types";
import { workTruckSearchCountsSchema } from "shared-types/schemas";
import { api } from "./api-client";

export interface WorkTruckSearchCount {
  search: WorkTruckSearch;
  count: number;
}

/** How many units each of a line-up's common searches finds now, from one answer of the inventory API. */
export async function fetchWorkTruckSearchCounts(lineup: Manufacturer): Promise<WorkTruckSearchCount[]> {
  const { data } = await api().get(apiPaths.inventoryWorkTruckSearches());
  const counts = new Map(workTruckSearchCountsSchema.parse(data).map((c) => [c.id, c.count]));
  return WORK_TRUCK_SEARCHES.filter((s) => s.lineup === lineup).map((search) => ({
    search,
    count: counts.get(search.id) ?? 0,
  }));
}
