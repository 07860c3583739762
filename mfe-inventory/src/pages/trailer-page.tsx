import { breadcrumbJsonLd, HttpStatus, Link, PeerForm, usePageHead, useSite } from "remote-kit";
import { useParams } from "remote-kit/router";
import { formatCents, paths, trailerAllInBreakdown } from "shared-types";
import { CallUsButton } from "../components/call-us-button";
import { ImageGallery } from "../components/image-gallery";
import { AllInPrice, PriceBreakdown } from "../components/vehicle-price";
import CONSUMES from "../contracts/consumes";
import { PLACEHOLDER_IMAGE, trailerImages, trailerMainImage } from "../data/trailer-images";
import { findTrailer } from "../data/trailers";
import { trailerJsonLd } from "../seo/structured-data";

export function TrailerPage() {
  const { id = "" } = useParams();
  const trailer = findTrailer(id);
  const allIn = trailer ? trailerAllInBreakdown(trailer) : null;
  const { siteUrl, business } = useSite();
  const lead = trailer ? trailerMainImage(trailer) : undefined;
  const socialImage = lead && lead !== PLACEHOLDER_IMAGE ? lead : undefined;
  usePageHead(
    trailer
      ? {
          title: `${trailer.name} for sale, Calgary | Stock #${trailer.stock_number}`,
          description: `${trailer.description} ${allIn ? `${formatCents(allIn.totalCents)} all-in, plus GST. ` : ""}Stock #${trailer.stock_number}, ${business.name}, Calgary.`,
          canonical: paths.trailer(trailer.stock_number),
          image: socialImage,
          imageAlt: trailer.name,
          ogType: "product",
          jsonLd: [
            trailerJsonLd(siteUrl, trailer, socialImage),
            breadcrumbJsonLd(siteUrl, [
              { name: "Trailer Inventory", path: paths.trailers() },
              { name: trailer.name, path: paths.trailer(trailer.stock_number) },
            ]),
          ],
        }
      : {
          title: `Trailer stock #${id} not found | ${business.name}`,
          description: "This trailer is not in our inventory; it may have sold. See the trailers we have now.",
          robots: "noindex",
        },
  );
  if (!trailer) {
    return (
      <div className="inventory-page">
        <HttpStatus code={404} />
        <h1 className="inventory-page__title">Trailer not found</h1>
        <p>We have no trailer with stock number {id}; it may have sold.</p>
        <Link className="host-button host-button--primary" to={paths.trailers()}>
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
        <ImageGallery
          images={ordered.map((drawing) => ({ drawing }))}
          alt={trailer.name}
          fallback={PLACEHOLDER_IMAGE}
        />
        <div className="inventory-vehicle__summary">
          {allIn ? (
            <>
              <AllInPrice heading="SALE PRICE" cents={allIn.totalCents} stockNumber={trailer.stock_number} />
              <PriceBreakdown breakdown={allIn} priceLabel="Trailer price" stockNumber={trailer.stock_number} />
            </>
          ) : (
            <p className="inventory-price inventory-price--contact">Contact Us for Pricing</p>
          )}
          <CallUsButton />
          <Link className="host-button" to={paths.financing()}>
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
        <PeerForm
          use={CONSUMES.modules.trailerEnquiryForm}
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
