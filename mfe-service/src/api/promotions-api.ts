import { ALLOWED_DEALERSHIP, apiPaths, type Promotion } from "shared-types";
import { parsePromotionFeed } from "shared-types/schemas";
import { api } from "./api-client";

/** The API sends promotion HTML already sanitised to formatting tags. */
export async function fetchPromotions(): Promise<Promotion[]> {
  const { data } = await api().get(apiPaths.promotions(ALLOWED_DEALERSHIP));
  return parsePromotionFeed(data);
}
