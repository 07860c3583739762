import { ALL_IN_LABEL, allInBreakdown, formatCents, type Vehicle, vehiclePriceDisplay } from "shared-types";

/**
 * SPEC §9's price display on all-in amounts (Alberta: every charge but GST included), labelled so, with the stock
 * number beside it (s.11(2)(m)). The list says "Contact Us For Pricing", the detail page (SPEC §2) "...for Pricing".
 */
export function VehiclePrice({
  vehicle,
  contactText = "Contact Us For Pricing",
}: {
  vehicle: Vehicle;
  contactText?: string;
}) {
  const price = vehiclePriceDisplay(vehicle);
  if (price.kind === "contact") return <p className="inventory-price inventory-price--contact">{contactText}</p>;
  const label = (
    <p className="inventory-price__label">
      {ALL_IN_LABEL} · Stock #{vehicle.stock_number}
    </p>
  );
  if (price.kind === "single") {
    return (
      <div className="inventory-price-block">
        <p className="inventory-price" data-all-in-cents={price.amount}>
          {formatCents(price.amount)}
        </p>
        {label}
      </div>
    );
  }
  return (
    <div className="inventory-price-block">
      <dl className="inventory-price inventory-price--dual">
        <dt>{price.regularLabel}</dt>
        <dd>{price.regularLabel === "MSRP" ? <s>{formatCents(price.regular)}</s> : formatCents(price.regular)}</dd>
        <dt>Discount</dt>
        <dd>{formatCents(price.discount)}</dd>
        <dt>Sale Price</dt>
        <dd className="inventory-price__sale" data-all-in-cents={price.sale}>
          {formatCents(price.sale)}
        </dd>
      </dl>
      {label}
    </div>
  );
}

/** "What's included": the unit's price and each charge, adding up to the advertised price to the cent. */
export function AllInBreakdown({ vehicle }: { vehicle: Vehicle }) {
  const breakdown = allInBreakdown(vehicle);
  if (!breakdown) return null;
  return (
    <details className="inventory-breakdown" open>
      <summary>What's included in the price</summary>
      <table>
        <tbody>
          <tr>
            <th scope="row">
              {vehicle.low_price > 0 && vehicle.full_price > vehicle.low_price ? "Vehicle sale price" : "Vehicle price"}
            </th>
            <td>{formatCents(breakdown.vehicleCents)}</td>
          </tr>
          {breakdown.charges.map((charge) => (
            <tr key={`${charge.kind}-${charge.label}`} data-charge-kind={charge.kind}>
              <th scope="row">{charge.label}</th>
              <td data-cents={charge.amount_cents}>{formatCents(charge.amount_cents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">All-in price</th>
            <td data-cents={breakdown.totalCents}>{formatCents(breakdown.totalCents)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="inventory-breakdown__note">
        Plus GST (5%). Every fee and levy is included; financing costs, if any, are disclosed separately. Stock #
        {vehicle.stock_number}.
      </p>
    </details>
  );
}
