import { CONTACT_FOR_PRICING, type DeskUnit, formatDealershipTime, formatDollars } from "shared-types";
import type { SignedIn } from "../../signed-in.js";
import { Layout, type NoticeProps, PageNotice } from "../../ui/layout.js";

const STATUS_NAMES = { available: "Available", sale_pending: "Sale pending", sold: "Sold" } as const;
const unitName = (unit: DeskUnit) => `${unit.year} ${unit.make} ${unit.model}${unit.trim ? ` ${unit.trim}` : ""}`;
/** A price as the site shows it: none is "Contact Us For Pricing", never "$0". */
const priceText = (dollars: number) => (dollars > 0 ? formatDollars(dollars) : CONTACT_FOR_PRICING);

/** The unit form as it was typed. */
export interface TypedChange {
  sale_price: string;
  status: string;
  hidden: boolean;
  reason: string;
}

/** Finds a unit by stock number, VIN, make or model. */
export function UnitsPage({ signedIn, query, units }: { signedIn: SignedIn; query: string; units: DeskUnit[] }) {
  return (
    <Layout title="Units" signedIn={signedIn}>
      <form method="get" action="/units" className="desk-filters">
        <label htmlFor="desk-unit-q">Stock number, VIN, make or model</label>
        <input id="desk-unit-q" name="q" type="search" required defaultValue={query} />
        <button type="submit">Find</button>
      </form>
      {query && units.length === 0 ? <p>No unit matches.</p> : null}
      <ul className="desk-members">
        {units.map((unit) => (
          <li key={unit.stock_number}>
            <a href={`/units/${encodeURIComponent(unit.stock_number)}`}>
              {unit.stock_number}: {unitName(unit)}
            </a>{" "}
            ({STATUS_NAMES[unit.status]}
            {unit.hidden ? ", hidden" : ""}, {priceText(unit.sale_price || unit.full_price)})
          </li>
        ))}
      </ul>
    </Layout>
  );
}

/**
 * One unit: what the site shows, the staff change the feed gives way to, and a form to change its sale price,
 * status or visibility, with a reason.
 */
export function UnitPage({
  signedIn,
  unit,
  notice,
  typed,
}: {
  signedIn: SignedIn;
  unit: DeskUnit;
  notice?: NoticeProps;
  typed?: TypedChange;
}) {
  const override = unit.staff_override;
  const shown = typed ?? { sale_price: String(unit.sale_price), status: unit.status, hidden: unit.hidden, reason: "" };
  return (
    <Layout title={`${unit.stock_number}: ${unitName(unit)}`} signedIn={signedIn}>
      <PageNotice notice={notice} />
      <dl className="desk-facts">
        <dt>Sale price</dt>
        <dd>
          {unit.sale_price > 0
            ? formatDollars(unit.sale_price)
            : unit.full_price > 0
              ? "None: the site shows the MSRP"
              : CONTACT_FOR_PRICING}
        </dd>
        <dt>MSRP</dt>
        <dd>{priceText(unit.full_price)}</dd>
        <dt>Status</dt>
        <dd>
          {STATUS_NAMES[unit.status]}
          {unit.hidden ? ", hidden from the site" : ""}
        </dd>
      </dl>
      {override ? (
        <div className="desk-notice desk-notice--done">
          <p>
            Changed by {override.by} on {formatDealershipTime(override.at)}: {override.reason}.
          </p>
          <p>
            Feed imports keep this change: the feed's price and status for this unit are set aside until it is cleared;
            everything else still comes from the feed.
          </p>
          <form method="post" action={`/units/${encodeURIComponent(unit.stock_number)}/clear`}>
            <button type="submit" className="desk-button--quiet">
              Clear the change (the next feed import sets the price and status)
            </button>
          </form>
        </div>
      ) : (
        <p className="desk-hint">
          This unit is as the feed has it. A change made here stands through feed imports until it is cleared.
        </p>
      )}
      <form method="post" action={`/units/${encodeURIComponent(unit.stock_number)}`} className="desk-form">
        <label htmlFor="desk-unit-price">Sale price (whole dollars)</label>
        <input
          id="desk-unit-price"
          name="sale_price"
          type="number"
          min={0}
          step={1}
          required
          defaultValue={shown.sale_price}
        />
        <label htmlFor="desk-unit-status">Status</label>
        <select id="desk-unit-status" name="status" defaultValue={shown.status}>
          {Object.entries(STATUS_NAMES).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
        <label className="desk-check">
          <input type="checkbox" name="hidden" value="on" defaultChecked={shown.hidden} /> Hide it from the site
        </label>
        <label htmlFor="desk-unit-reason">Why (kept with the change)</label>
        <input
          id="desk-unit-reason"
          name="reason"
          type="text"
          required
          minLength={3}
          maxLength={200}
          defaultValue={shown.reason}
        />
        <button type="submit">Save the change</button>
      </form>
    </Layout>
  );
}
