import { ALLOWED_DEALERSHIP, apiPaths, type Promotion, promotionListSchema } from "shared-types";
import { apiClient } from "./api-client";

export async function fetchPromotions(): Promise<Promotion[]> {
  const { data } = await apiClient.get(apiPaths.promotions(ALLOWED_DEALERSHIP));
  return promotionListSchema.parse(data);
}
