import { PHOTO_MIME_TYPES, type Photo, photoSrcSet, photoUrl, photoWidths } from "shared-types";

/**
 * A dealership photograph as the browser should fetch it: AVIF, then WebP, then JPEG, each at the widths the photo
 * has, the right one picked by `sizes`; width and height given, so nothing moves when it arrives. `priority`: the
 * page's main photo (its largest paint), fetched at once and first, never lazily.
 */
export function VehiclePhoto({
  photo,
  alt,
  sizes,
  className,
  priority = false,
  upTo,
}: {
  photo: Photo;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
  /** the widest file worth offering where it is shown (a thumbnail never needs 1600 px) */
  upTo?: number;
}) {
  const widths = photoWidths(photo, upTo);
  const fallbackWidth = widths.find((w) => w >= 640) ?? widths.at(-1) ?? 640;
  return (
    <picture>
      <source type={PHOTO_MIME_TYPES.avif} srcSet={photoSrcSet(photo, "avif", upTo)} sizes={sizes} />
      <source type={PHOTO_MIME_TYPES.webp} srcSet={photoSrcSet(photo, "webp", upTo)} sizes={sizes} />
      <img
        className={className}
        src={photoUrl(photo.id, fallbackWidth, "jpeg")}
        srcSet={photoSrcSet(photo, "jpeg", upTo)}
        sizes={sizes}
        alt={alt}
        width={photo.width}
        height={photo.height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding={priority ? "sync" : "async"}
      />
    </picture>
  );
}
