import { useCallback, useState } from "react";
import { thumbnailUrl } from "shared-types";

/** Main image dimmed until loaded; a click on a thumbnail makes it the main image (SPEC §2). */
export function ImageGallery({ images, alt, fallback }: { images: readonly string[]; alt: string; fallback: string }) {
  const list = images.length > 0 ? images : [fallback];
  const [selected, setSelected] = useState(list[0] ?? fallback);
  const [loaded, setLoaded] = useState(false);
  // the server's image may finish loading before the page is interactive, when no onLoad is listening yet
  const mainImage = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth > 0) setLoaded(true);
  }, []);
  return (
    <div className="inventory-gallery">
      <img
        key={selected}
        ref={mainImage}
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
