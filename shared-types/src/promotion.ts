import type { z } from "zod/mini";
import type { PROMOTION_DEPARTMENTS } from "./enumerations.js";
import type { promotionSchema } from "./promotion.schema.js";

export type PromotionDepartment = (typeof PROMOTION_DEPARTMENTS)[number];

export type Promotion = z.infer<typeof promotionSchema>;

/** A department's promotions, lowest rank first (SPEC §2 Specials). */
export function promotionsForDepartment(list: readonly Promotion[], department: PromotionDepartment): Promotion[] {
  return list.filter((p) => p.department === department).sort((a, b) => a.rank - b.rank);
}

export type PromotionRendering = "html" | "linked-image" | "image" | "none";

/** html wins; then an image wrapped in its link; then a plain image. */
export function promotionRendering(p: Pick<Promotion, "html" | "image" | "url">): PromotionRendering {
  if (p.html) return "html";
  if (p.image && p.url) return "linked-image";
  if (p.image) return "image";
  return "none";
}
