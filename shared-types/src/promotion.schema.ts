import { z } from "zod/mini";
import { calendarDateSchema } from "./business.schema.js";
import { PROMOTION_DEPARTMENTS } from "./enumerations.js";
// configures zod before any schema here is built: no eval (text.schema.ts)
import { siteLinkSchema } from "./text.schema.js";

export const promotionSchema = z.object({
  /** Not in SPEC's feed: a promotion without one is still shown. */
  id: z.optional(z.string()),
  department: z.enum(PROMOTION_DEPARTMENTS),
  rank: z.number(),
  html: z._default(z.string(), ""),
  image: z._default(z.string(), ""),
  url: z._default(z.string(), ""),
  /** What the special is called: its image's description on the page (older feeds have none). */
  title: z.optional(z.string()),
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

/**
 * A special as staff write it on the desk (the API's staff routes take it, the desk checks it first): its department,
 * a title (the desk's name for it, and its image's description), HTML the site's sanitiser cleans, a link, and the
 * days it is shown (Calgary; none: from now, or until removed). Its image is uploaded apart, through the photo pipeline.
 */
export const specialInputSchema = z
  .object({
    department: z.enum(PROMOTION_DEPARTMENTS),
    title: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, "Give it a title: staff see it in the list, visitors hear it as the image's description"),
        z.maxLength(120, "Keep the title to 120 characters"),
      ),
    html: z.string().check(z.maxLength(20_000, "Keep the text under 20,000 characters")),
    url: siteLinkSchema("Link to a page of this site (like /service) or an https:// address"),
    starts_on: z.nullable(calendarDateSchema),
    ends_on: z.nullable(calendarDateSchema),
  })
  .check(
    z.refine((special) => !special.starts_on || !special.ends_on || special.starts_on <= special.ends_on, {
      message: "The last day shown is before the first",
      path: ["ends_on"],
    }),
  );

/** A special as the editor sends it. */
export type SpecialInput = z.output<typeof specialInputSchema>;
