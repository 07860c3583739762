import { apiPaths, type ModelCounts } from "shared-types";
import { modelCountsSchema } from "shared-types/schemas";
import { api } from "./api-client";

export async function fetchModelCounts(): Promise<ModelCounts> {
  const { data } = await api().get(apiPaths.inventoryModelCounts());
  return modelCountsSchema.parse(data);
}
