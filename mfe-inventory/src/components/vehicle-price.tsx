import {
  ALL_IN_LABEL,
  type AllInBreakdown as AllInBreakdownData,
  allInBreakdown,
  formatCents,
  trailerAllInBreakdown,
  type Vehicle,
  vehiclePriceDisplay,
} from "shared-types";
import type { Trailer } from "../remote";

/** What an all-in amount says of itself, with the stock number (s.11(2)(m)) unless its card shows it already. */
function AllInLabel({ stockNumber }: { stockNumber?: string }) {
  return (
    <p className="inventory-price__label">
      {ALL_IN_LABEL}
      {stockNumber ? ` · Stock #${stockNumber}` : ""}
    </p>
  );
}

/**
 * SPEC §9's price display on all-in amounts (Alberta: every charge but GST included), labelled so, with the stock
 * number beside it (s.11(2)(m)) on a unit's page; a list's card shows the stock number once, among its facts. The
 * list says "Contact Us For Pricing", the detail page (SPEC §2) "...for Pricing".
 */
export function VehiclePrice({
  vehicle,
  contactText = "Contact Us For Pricing",
  inList = false,
}: {
  vehicle: Parameters<typeof vehiclePriceDisplay>[0] & Pick<Vehicle, "stock_number">;
  contactText?: string;
  inList?: boolean;
}) {
  const price = vehiclePriceDisplay(vehicle);
  if (price.kind === "contact") return <p className="inventory-price inventory-price--contact">{contactText}</p>;
  const label = <AllInLabel stockNumber={inList ? undefined : vehicle.stock_number} />;
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

/**
 * One all-in amount, labelled, with the stock number beside it (a trailer's price). `heading` is the words SPEC
 * puts above it on a page ("SALE PRICE" on a trailer's).
 */
export function AllInPrice({ cents, stockNumber, heading }: { cents: number; stockNumber?: string; heading?: string }) {
  return (
    <div className="inventory-price-block">
      {heading ? <p className="inventory-price__heading">{heading}</p> : null}
      <p className="inventory-price" data-all-in-cents={cents}>
        {formatCents(cents)}
      </p>
      <AllInLabel stockNumber={stockNumber} />
    </div>
  );
}

/** A trailer's advertised price in a list (its card shows the stock number): all-in, or the contact text. */
export function TrailerPrice({ trailer }: { trailer: Trailer }) {
  const allIn = trailerAllInBreakdown(trailer);
  if (!allIn) return <p className="inventory-price inventory-price--contact">Contact Us For Pricing</p>;
  return <AllInPrice cents={allIn.totalCents} />;
}

/** "What's included": the unit's own price and each charge, adding up to the advertised price to the cent. */
export function PriceBreakdown({
  breakdown,
  priceLabel,
  stockNumber,
}: {
  breakdown: AllInBreakdownData;
  priceLabel: string;
  stockNumber: string;
}) {
  return (
    <details className="inventory-breakdown" open>
      <summary>What's included in the price</summary>
      <table>
        <tbody>
          <tr>
            <th scope="row">{priceLabel}</th>
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
        {stockNumber}.
      </p>
    </details>
  );
}

/** A vehicle's breakdown: its sale price when it has one. */
export function AllInBreakdown({ vehicle }: { vehicle: Vehicle }) {
  const breakdown = allInBreakdown(vehicle);
  if (!breakdown) return null;
  const onSale = vehicle.low_price > 0 && vehicle.full_price > vehicle.low_price;
  return (
    <PriceBreakdown
      breakdown={breakdown}
      priceLabel={onSale ? "Vehicle sale price" : "Vehicle price"}
      stockNumber={vehicle.stock_number}
    />
  );
}

// made when first needed: a module that makes an Intl formatter as it loads costs every page the locale's data
let longDate: Intl.DateTimeFormat | undefined;
function formatLongDate(isoDate: string): string {
  longDate ??= new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeZone: "UTC" });
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

/**
 * Offers only some buyers get (a maker's fleet incentive): shown apart from the all-in price, never subtracted from
 * it, each with who qualifies and until when, so the advertised price stays the price anyone pays.
 */
export function ConditionalOffers({ vehicle }: { vehicle: Vehicle }) {
  if (vehicle.conditional_offers.length === 0 || !allInBreakdown(vehicle)) return null;
  return (
    <section className="inventory-offers" aria-labelledby={`inventory-offers-${vehicle.stock_number}`}>
      <h2 id={`inventory-offers-${vehicle.stock_number}`}>Offers you may qualify for</h2>
      <ul>
        {vehicle.conditional_offers.map((offer) => (
          <li key={offer.id}>
            <p className="inventory-offers__title">
              {offer.title}: <strong>{formatCents(offer.amount_cents)}</strong> off
            </p>
            <p>Who qualifies: {offer.who_qualifies}</p>
            <p className="inventory-muted">Ends {formatLongDate(offer.ends_on)}.</p>
          </li>
        ))}
      </ul>
      <p className="inventory-offers__note">
        Not included in the all-in price above; applied at signing for those who qualify.
      </p>
    </section>
  );
}
