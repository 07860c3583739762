import placeholder from "../assets/no-photo.svg";
import type { Trailer } from "../remote";

/** The media bucket the trailer photos live in (SPEC §7: trailer-photos/{stock_number}/{n}.jpg). */
export const TRAILER_MEDIA_BASE: string = import.meta.env.VITE_MEDIA_BASE_URL ?? "/api/media";
export const PLACEHOLDER_IMAGE: string = placeholder;

const DRAWN_MEDIA_BASE = "/api/media";

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

export function trailerImages(trailer: Trailer): string[] {
  const urls = trailerImageUrls(TRAILER_MEDIA_BASE, trailer);
  // the API's drawn stand-ins for the bucket's photos draw the right body when told the type; a bucket ignores it
  if (TRAILER_MEDIA_BASE !== DRAWN_MEDIA_BASE || !trailer.asset_type) return urls;
  return urls.map((url) => `${url}?type=${encodeURIComponent(trailer.asset_type)}`);
}

/** The list's thumbnail: photo 2 when there are more than one, else the placeholder (SPEC §7). */
export function trailerThumbnail(trailer: Trailer): string {
  const index = trailerLeadImageIndex(trailer.image_count, "list");
  return index === null ? PLACEHOLDER_IMAGE : (trailerImages(trailer)[index - 1] ?? PLACEHOLDER_IMAGE);
}

/** The detail page's first main image: photo 2 (or 1 when there is only one), else the placeholder. */
export function trailerMainImage(trailer: Trailer): string {
  const index = trailerLeadImageIndex(trailer.image_count, "detail");
  return index === null ? PLACEHOLDER_IMAGE : (trailerImages(trailer)[index - 1] ?? PLACEHOLDER_IMAGE);
}
