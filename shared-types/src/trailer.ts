import { z } from "zod";

export const TRAILER_ASSET_TYPES = ["Enclosed", "Flat Deck", "Wedge", ""] as const;

export const trailerSchema = z.object({
  asset_type: z.enum(TRAILER_ASSET_TYPES),
  manufacturer: z.string(),
  name: z.string().min(1),
  vin: z.string(),
  stock_number: z.string().min(1),
  /** Whole dollars; 0 means "Contact Us For Pricing". */
  price: z.number().int().nonnegative(),
  description: z.string(),
  extended_description: z.string(),
  link: z.string(),
  image_count: z.number().int().min(0).max(11),
});
export type Trailer = z.infer<typeof trailerSchema>;

/** trailer-photos/{stock_number}/{n}.jpg, n from 1 to image_count (SPEC §7), under a media base URL. */
export function trailerImageUrls(mediaBase: string, trailer: Pick<Trailer, "stock_number" | "image_count">): string[] {
  return Array.from(
    { length: trailer.image_count },
    (_, i) => `${mediaBase}/trailer-photos/${trailer.stock_number}/${i + 1}.jpg`,
  );
}

/**
 * The image a trailer opens with: photo 2 when there are more than `moreThan` photos (1 on the list,
 * 0 on the detail page, per SPEC §7), else null for the placeholder.
 */
export function trailerLeadImageIndex(imageCount: number, where: "list" | "detail"): number | null {
  const moreThan = where === "list" ? 1 : 0;
  if (imageCount <= moreThan) return null;
  return imageCount >= 2 ? 2 : 1;
}
