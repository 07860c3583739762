import { useState } from "react";
import { defineIsland } from "remote-kit";
import { type Photo, thumbnailUrl } from "shared-types";
import { VehiclePhoto } from "./vehicle-photo";

/** What a gallery shows: the dealership's photographs, or, for a unit without any, its drawings. */
export type GalleryImage = { photo: Photo } | { drawing: string };

const keyOf = (image: GalleryImage) => ("photo" in image ? image.photo.id : image.drawing);

/** The main image: at most the column's width on a wide screen, the screen's width on a phone. */
const MAIN_SIZES = "(min-width: 900px) 640px, 100vw";

function MainImage({
  image,
  alt,
  fallback,
  loading,
  onLoad,
}: {
  image: GalleryImage;
  alt: string;
  fallback: string;
  /** dimmed while a newly chosen image loads (SPEC §2) */
  loading: boolean;
  onLoad(): void;
}) {
  const className = `inventory-gallery__main${loading ? " inventory-gallery__main--loading" : ""}`;
  if ("photo" in image) {
    return (
      <span onLoadCapture={onLoad}>
        <VehiclePhoto photo={image.photo} alt={alt} sizes={MAIN_SIZES} className={className} priority />
      </span>
    );
  }
  return (
    <img
      className={className}
      src={image.drawing}
      alt={alt}
      width={640}
      height={400}
      fetchPriority="high"
      onLoad={onLoad}
      onError={(event) => {
        event.currentTarget.src = fallback;
      }}
    />
  );
}

/**
 * A click on a thumbnail makes it the main image, which is dimmed until it has loaded (SPEC §2). The first image
 * is the server's, shown as the browser loads it: never dimmed waiting for a script (an island of its own).
 */
function Gallery({ images, alt, fallback }: { images: readonly GalleryImage[]; alt: string; fallback: string }) {
  const list: readonly GalleryImage[] = images.length > 0 ? images : [{ drawing: fallback }];
  const [selected, setSelected] = useState(keyOf(list[0] ?? { drawing: fallback }));
  const [loaded, setLoaded] = useState(true);
  const shown = list.find((image) => keyOf(image) === selected) ?? list[0] ?? { drawing: fallback };
  return (
    <div className="inventory-gallery">
      <MainImage
        key={selected}
        image={shown}
        alt={alt}
        fallback={fallback}
        loading={!loaded}
        onLoad={() => setLoaded(true)}
      />
      {list.length > 1 ? (
        <ul className="inventory-gallery__thumbs">
          {list.map((image, i) => (
            <li key={keyOf(image)}>
              <button
                type="button"
                className="inventory-gallery__thumb"
                aria-pressed={keyOf(image) === selected}
                aria-label={`Show photo ${i + 1}`}
                onClick={() => {
                  if (keyOf(image) !== selected) setLoaded(false);
                  setSelected(keyOf(image));
                }}
              >
                {"photo" in image ? (
                  <VehiclePhoto photo={image.photo} alt="" sizes="75px" upTo={160} />
                ) : (
                  <img src={thumbnailUrl(image.drawing)} alt="" width={75} height={47} loading="lazy" />
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export const ImageGallery = defineIsland("inventory/island/gallery", Gallery, { hydrate: "interaction" });
export default ImageGallery;
