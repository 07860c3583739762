import { formatPrice, type Vehicle, vehiclePriceDisplay } from "shared-types";

/** SPEC §9's price display; the list says "Contact Us For Pricing", the detail page (SPEC §2) "...for Pricing". */
export function VehiclePrice({
  vehicle,
  contactText = "Contact Us For Pricing",
}: {
  vehicle: Vehicle;
  contactText?: string;
}) {
  const price = vehiclePriceDisplay(vehicle);
  if (price.kind === "contact") return <p className="inventory-price inventory-price--contact">{contactText}</p>;
  if (price.kind === "single") return <p className="inventory-price">{formatPrice(price.amount)}</p>;
  return (
    <dl className="inventory-price inventory-price--dual">
      <dt>{price.regularLabel}</dt>
      <dd>{price.regularLabel === "MSRP" ? <s>{formatPrice(price.regular)}</s> : formatPrice(price.regular)}</dd>
      <dt>Discount</dt>
      <dd>{formatPrice(price.discount)}</dd>
      <dt>Sale Price</dt>
      <dd className="inventory-price__sale">{formatPrice(price.sale)}</dd>
    </dl>
  );
}
