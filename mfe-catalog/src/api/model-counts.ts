import { apiPaths, type ModelCounts } from "shared-types";
import { modelCountsSchema } from "shared-types/schemas";
import { apiClient } from "./api-client";

export async function fetchModelCounts(): Promise<ModelCounts> {
  const { data } = await apiClient.get(apiPaths.inventoryModelCounts());
  return modelCountsSchema.parse(data);
}
