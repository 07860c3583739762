import { dealerId } from "remote-kit";
import { absoluteUrl } from "remote-kit/protocol";
import type { Car, ItemAvailability, OfferItemCondition, Vehicle as SchemaVehicle, WithContext } from "schema-dts";
import { allInPriceCents, paths, photoUrl, trailerAllInBreakdown, type Vehicle } from "shared-types";
import type { Trailer } from "../remote";

const CONDITION: Record<Vehicle["condition"], OfferItemCondition> = {
  new: "https://schema.org/NewCondition",
  used: "https://schema.org/UsedCondition",
};

export const vehicleTitle = (v: Pick<Vehicle, "year" | "make" | "model" | "trim">) =>
  `${v.year} ${v.make} ${v.model}${v.trim ? ` ${v.trim}` : ""}`;

/** A unit for sale (schema.org Car with its Offer): what search engines show for a vehicle page. */
export function vehicleJsonLd(siteUrl: string, v: Vehicle): WithContext<Car> {
  // the advertised price is the all-in one (every charge but GST), in search results as on the page
  const price = allInPriceCents(v) / 100;
  // a sale-pending unit is spoken for until the deal closes: schema.org's Reserved
  const availability: ItemAvailability =
    v.status === "available"
      ? "https://schema.org/InStock"
      : v.status === "sale_pending"
        ? "https://schema.org/Reserved"
        : "https://schema.org/SoldOut";
  return {
    "@context": "https://schema.org",
    "@type": "Car",
    name: vehicleTitle(v),
    url: absoluteUrl(siteUrl, paths.vehicle(v.stock_number)),
    sku: v.stock_number,
    vehicleIdentificationNumber: v.vin,
    brand: { "@type": "Brand", name: v.make },
    manufacturer: { "@type": "Organization", name: v.make },
    model: v.model,
    vehicleModelDate: String(v.year),
    itemCondition: CONDITION[v.condition],
    color: v.exterior || undefined,
    vehicleInteriorColor: v.interior || undefined,
    bodyType: v.body_style || undefined,
    fuelType: v.fuel_type || undefined,
    vehicleTransmission: v.transmission || undefined,
    driveWheelConfiguration: v.drive_train || undefined,
    vehicleEngine: v.engine ? { "@type": "EngineSpecification", name: v.engine } : undefined,
    mileageFromOdometer: { "@type": "QuantitativeValue", value: v.odometer, unitCode: "KMT" },
    // the work-truck facts search engines can read: GVWR is schema.org's permitted total weight
    weightTotal: { "@type": "QuantitativeValue", value: v.gvwr_kg, unitCode: "KGM" },
    payload: { "@type": "QuantitativeValue", value: v.payload_kg, unitCode: "KGM" },
    wheelbase: { "@type": "QuantitativeValue", value: v.wheelbase_in, unitCode: "INH" },
    image: (v.photos.length > 0 ? v.photos.map((photo) => photoUrl(photo.id, 1280, "jpeg")) : v.images)
      .map((src) => absoluteUrl(siteUrl, src))
      .filter((src): src is string => Boolean(src)),
    offers: {
      "@type": "Offer",
      ...(price > 0
        ? {
            price,
            priceCurrency: "CAD",
            priceSpecification: {
              "@type": "PriceSpecification",
              price,
              priceCurrency: "CAD",
              valueAddedTaxIncluded: false,
            },
          }
        : {}),
      availability,
      itemCondition: CONDITION[v.condition],
      url: absoluteUrl(siteUrl, paths.vehicle(v.stock_number)),
      seller: { "@id": dealerId(siteUrl) },
    },
  };
}

/** A trailer's advertised price: all-in, before GST, as the page shows it. */
function trailerOffer(t: Trailer) {
  const allIn = trailerAllInBreakdown(t);
  if (!allIn) return {};
  return {
    price: (allIn.totalCents / 100).toFixed(2),
    priceCurrency: "CAD",
    priceSpecification: {
      "@type": "PriceSpecification" as const,
      price: (allIn.totalCents / 100).toFixed(2),
      priceCurrency: "CAD",
      valueAddedTaxIncluded: false,
    },
  };
}

/** A trailer for sale: schema.org has no trailer type, so a Vehicle with its Offer. */
export function trailerJsonLd(siteUrl: string, t: Trailer, image: string | undefined): WithContext<SchemaVehicle> {
  return {
    "@context": "https://schema.org",
    "@type": "Vehicle",
    name: t.name,
    url: absoluteUrl(siteUrl, paths.trailer(t.stock_number)),
    sku: t.stock_number,
    vehicleIdentificationNumber: t.vin || undefined,
    brand: { "@type": "Brand", name: t.manufacturer },
    bodyType: t.asset_type ? `${t.asset_type} trailer` : "Trailer",
    description: t.description,
    image: image ? absoluteUrl(siteUrl, image) : undefined,
    itemCondition: "https://schema.org/NewCondition",
    offers: {
      "@type": "Offer",
      ...trailerOffer(t),
      availability: "https://schema.org/InStock",
      url: absoluteUrl(siteUrl, paths.trailer(t.stock_number)),
      seller: { "@id": dealerId(siteUrl) },
    },
  };
}
