import { useState } from "react";
import { defineIsland } from "remote-kit";
import { thumbnailUrl } from "shared-types";

/**
 * A click on a thumbnail makes it the main image, which is dimmed until it has loaded (SPEC §2). The first image
 * is the server's, shown as the browser loads it: never dimmed waiting for a script (an island of its own).
 */
function Gallery({ images, alt, fallback }: { images: readonly string[]; alt: string; fallback: string }) {
  const list = images.length > 0 ? images : [fallback];
  const [selected, setSelected] = useState(list[0] ?? fallback);
  const [loaded, setLoaded] = useState(true);
  return (
    <div className="inventory-gallery">
      <img
        key={selected}
        className={`inventory-gallery__main${loaded ? "" : " inventory-gallery__main--loading"}`}
        src={selected}
        alt={alt}
        width={640}
        height={400}
        onLoad={() => setLoaded(true)}
        onError={(event) => {
          event.currentTarget.src = fallback;
        }}
      />
      {list.length > 1 ? (
        <ul className="inventory-gallery__thumbs">
          {list.map((image, i) => (
            <li key={image}>
              <button
                type="button"
                className="inventory-gallery__thumb"
                aria-pressed={image === selected}
                aria-label={`Show photo ${i + 1}`}
                onClick={() => {
                  if (image !== selected) setLoaded(false);
                  setSelected(image);
                }}
              >
                <img src={thumbnailUrl(image)} alt="" width={75} height={47} loading="lazy" />
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
