import { apiPaths, type LineupModel, type ModelCounts, modelCountsSchema } from "shared-types";
import { apiClient } from "./api-client";

export async function fetchModelCounts(): Promise<ModelCounts> {
  const { data } = await apiClient.get(apiPaths.inventoryModelCounts());
  return modelCountsSchema.parse(data);
}

/** Units in stock for a line-up model: every inventory model name it matches, of its make. */
export function inStockCount(model: Pick<LineupModel, "make" | "model">, counts: ModelCounts): number {
  return counts
    .filter((c) => c.make === model.make && model.model.includes(c.model))
    .reduce((sum, c) => sum + c.count, 0);
}
