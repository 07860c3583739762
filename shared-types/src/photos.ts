import { API_PREFIX } from "./api-paths.js";

/**
 * A unit's photographs are served at these widths, each as AVIF, WebP and JPEG (the browser takes the first it
 * supports): a phone's list thumbnail is a 160 or 320 px file, not a scaled-down large one.
 */
export const PHOTO_WIDTHS = [160, 320, 640, 960, 1280, 1600] as const;
export const PHOTO_FORMATS = ["avif", "webp", "jpeg"] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

export const PHOTO_MIME_TYPES: Record<PhotoFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
};

/** A stored photograph: its content address and its size. */
export interface Photo {
  id: string;
  width: number;
  height: number;
}

export const photoUrl = (id: string, width: number, format: PhotoFormat) =>
  `${API_PREFIX}/media/photos/${id}/${width}.${format}`;

/** The widths a photo is offered at: none wider than the photo itself (the largest it has stands in then). */
export function photoWidths(photo: Pick<Photo, "width">, upTo = 1600): number[] {
  const widths: number[] = PHOTO_WIDTHS.filter((w) => w <= Math.min(photo.width, upTo));
  return widths.length > 0 ? widths : [PHOTO_WIDTHS[0]];
}

/** "…/320.avif 320w, …/640.avif 640w": a srcset of one format. */
export const photoSrcSet = (photo: Photo, format: PhotoFormat, upTo?: number) =>
  photoWidths(photo, upTo)
    .map((w) => `${photoUrl(photo.id, w, format)} ${w}w`)
    .join(", ");
