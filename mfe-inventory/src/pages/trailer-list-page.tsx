import { breadcrumbJsonLd, itemListJsonLd, Link, usePageHead, useSite } from "remote-kit";
import { paths } from "shared-types";
import { TrailerPrice } from "../components/vehicle-price";
import { PLACEHOLDER_IMAGE, trailerThumbnail } from "../data/trailer-images";
import { TRAILERS } from "../data/trailers";

export function TrailerListPage() {
  const { siteUrl } = useSite();
  usePageHead({
    title: "Trailer Inventory: enclosed, flat deck and wedge trailers, Calgary",
    description: `${TRAILERS.length} enclosed cargo, flat deck and wedge car-hauler trailers for sale in Calgary, with prices, VINs and photos.`,
    canonical: paths.trailers(),
    image: TRAILERS.map(trailerThumbnail).find((src) => src !== PLACEHOLDER_IMAGE),
    jsonLd: [
      itemListJsonLd(
        siteUrl,
        "Trailer Inventory",
        TRAILERS.map((t) => ({ name: t.name, path: paths.trailer(t.stock_number), image: trailerThumbnail(t) })),
      ),
      breadcrumbJsonLd(siteUrl, [{ name: "Trailer Inventory", path: paths.trailers() }]),
    ],
  });
  return (
    <div className="inventory-page">
      <h1 className="inventory-page__title">Trailer Inventory</h1>
      <ul className="inventory-list">
        {TRAILERS.map((t) => (
          <li key={t.stock_number} className="inventory-item">
            <Link to={paths.trailer(t.stock_number)} className="inventory-item__image-link">
              <img
                className="inventory-item__image"
                src={trailerThumbnail(t)}
                alt={t.name}
                width={320}
                height={200}
                loading="lazy"
              />
            </Link>
            <div className="inventory-item__body">
              <h2 className="inventory-item__title">
                <Link to={paths.trailer(t.stock_number)}>{t.name}</Link>
              </h2>
              <p className="inventory-item__meta">
                {t.asset_type || "Trailer"} · {t.manufacturer} · Stock #{t.stock_number}
              </p>
            </div>
            <div className="inventory-item__side">
              <TrailerPrice trailer={t} />
              <Link className="host-button" to={paths.trailer(t.stock_number)}>
                View Details
              </Link>
              <Link className="host-button" to={paths.moreInfo(t.stock_number)}>
                Contact Us
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
