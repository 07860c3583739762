import { z } from "zod/mini";
import { PROMOTION_DEPARTMENTS } from "./promotion.js";

export const promotionSchema = z.object({
  id: z.string(),
  department: z.enum(PROMOTION_DEPARTMENTS),
  rank: z.number(),
  html: z._default(z.string(), ""),
  image: z._default(z.string(), ""),
  url: z._default(z.string(), ""),
});

export const promotionListSchema = z.array(promotionSchema);
