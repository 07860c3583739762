import { useEffect } from "react";
import { Link, useParams } from "react-router-dom";
import { applyPageMeta, formatPrice, paths } from "shared-types";
import { CallUsButton } from "../components/call-us-button";
import { ImageGallery } from "../components/image-gallery";
import { LeadsForm } from "../components/leads-form";
import { PLACEHOLDER_IMAGE, trailerImages, trailerMainImage } from "../data/trailer-images";
import { findTrailer } from "../data/trailers";

export function TrailerPage() {
  const { id = "" } = useParams();
  const trailer = findTrailer(id);
  useEffect(() => {
    if (trailer) applyPageMeta(`${trailer.name} for sale, Calgary`, trailer.description);
  }, [trailer]);
  if (!trailer) {
    return (
      <div className="inventory-page">
        <h1 className="inventory-page__title">Trailer not found</h1>
        <p>We have no trailer with stock number {id}; it may have sold.</p>
        <Link className="inventory-button inventory-button--primary" to={paths.trailers()}>
          See all trailers
        </Link>
      </div>
    );
  }
  const images = trailerImages(trailer);
  const main = trailerMainImage(trailer);
  // the gallery opens on the lead image, then the others in order
  const ordered = [main, ...images.filter((i) => i !== main)].filter((i) => i !== PLACEHOLDER_IMAGE);
  return (
    <div className="inventory-page inventory-vehicle">
      <h1 className="inventory-page__title">{trailer.name}</h1>
      <div className="inventory-vehicle__top">
        <ImageGallery images={ordered} alt={trailer.name} fallback={PLACEHOLDER_IMAGE} />
        <div className="inventory-vehicle__summary">
          {trailer.price > 0 ? (
            <p className="inventory-price">
              SALE PRICE <strong>{formatPrice(trailer.price)}</strong>
            </p>
          ) : (
            <p className="inventory-price inventory-price--contact">Contact Us for Pricing</p>
          )}
          <CallUsButton />
          <Link className="inventory-button" to={paths.financing()}>
            Get Financing
          </Link>
          <dl className="inventory-fields">
            <div>
              <dt>Type</dt>
              <dd>{trailer.asset_type || "Trailer"}</dd>
            </div>
            <div>
              <dt>Manufacturer</dt>
              <dd>{trailer.manufacturer}</dd>
            </div>
            <div>
              <dt>Stock #</dt>
              <dd>{trailer.stock_number}</dd>
            </div>
            <div>
              <dt>VIN</dt>
              <dd>{trailer.vin}</dd>
            </div>
          </dl>
        </div>
      </div>
      <section>
        <h2>Description</h2>
        <p>{trailer.description}</p>
        <p>{trailer.extended_description}</p>
        {trailer.link ? (
          <a href={trailer.link} rel="noopener noreferrer">
            More Information
          </a>
        ) : null}
      </section>
      <section className="inventory-vehicle__form">
        <LeadsForm
          form="leads/trailer-enquiry-form"
          props={{
            stockNumber: trailer.stock_number,
            name: trailer.name,
            manufacturer: trailer.manufacturer,
            vin: trailer.vin,
          }}
        />
      </section>
      <p className="inventory-disclaimer">
        Every effort is made to keep this listing accurate, but errors can occur. Please confirm price, specifications
        and availability with our sales team before purchase.
      </p>
    </div>
  );
}
