import { z } from "zod";

export const PROMOTION_DEPARTMENTS = ["sales", "service", "parts"] as const;
export type PromotionDepartment = (typeof PROMOTION_DEPARTMENTS)[number];

export const promotionSchema = z.object({
  id: z.string(),
  department: z.enum(PROMOTION_DEPARTMENTS),
  rank: z.number(),
  html: z.string().default(""),
  image: z.string().default(""),
  url: z.string().default(""),
});
export type Promotion = z.infer<typeof promotionSchema>;
export const promotionListSchema = z.array(promotionSchema);

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
