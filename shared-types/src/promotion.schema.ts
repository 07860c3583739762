import { z } from "zod/mini";
// configures zod before any schema here is built: no eval (text.schema.ts)
import "./text.schema.js";
import { PROMOTION_DEPARTMENTS } from "./enumerations.js";

export const promotionSchema = z.object({
  /** Not in SPEC's feed: a promotion without one is still shown. */
  id: z.optional(z.string()),
  department: z.enum(PROMOTION_DEPARTMENTS),
  rank: z.number(),
  html: z._default(z.string(), ""),
  image: z._default(z.string(), ""),
  url: z._default(z.string(), ""),
});

export const promotionListSchema = z.array(promotionSchema);

/**
 * A promotions feed as the specials pages read it: every valid item, in SPEC's shape; an item that is not one is
 * left out rather than costing the page all the others. Anything but a list is an error.
 */
export function parsePromotionFeed(data: unknown): z.infer<typeof promotionSchema>[] {
  if (!Array.isArray(data)) throw new Error("the promotions feed is not a list");
  return data.flatMap((item) => {
    const parsed = promotionSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
