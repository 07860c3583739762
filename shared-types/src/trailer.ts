import type { z } from "zod/mini";
import type { trailerSchema } from "./trailer.schema.js";

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

/** What team inventory publishes for its peers (data/trailers.json): each trailer with its list thumbnail. */
export interface PublishedTrailer extends Trailer {
  thumbnail: string;
}
