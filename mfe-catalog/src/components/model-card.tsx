import { Link } from "remote-kit";
import { inventoryHrefForModels, paths } from "shared-types";
import { ILLUSTRATION_HEIGHT, ILLUSTRATION_WIDTH } from "../data/illustrations";
import type { LineupModel } from "../remote";
import { FleetQuoteAdd } from "./fleet-quote-add";

/** A line-up card (SPEC §2): the in-stock link only when units are in stock, else Make an Inquiry. */
export function ModelCard({
  model,
  inStock,
  first = false,
}: {
  model: LineupModel;
  inStock: number | null;
  /** The grid's first card: its drawing is on the first screen, so it is not left to lazy loading. */
  first?: boolean;
}) {
  return (
    <li className="catalog-card">
      <img
        className="catalog-card__image"
        src={model.image}
        alt={model.name}
        width={ILLUSTRATION_WIDTH}
        height={ILLUSTRATION_HEIGHT}
        loading={first ? "eager" : "lazy"}
      />
      <h2 className="catalog-card__name">{model.name}</h2>
      <ul className="catalog-card__highlights">
        {model.highlights.map((h) => (
          <li key={h}>{h}</li>
        ))}
      </ul>
      <div className="catalog-card__links">
        <Link className="host-button" to={paths.model(model.manufacturer, model.id)}>
          View Details
        </Link>
        {inStock !== null && inStock > 0 ? (
          <Link className="host-button" to={inventoryHrefForModels(model.model)}>
            {inStock} In Stock
          </Link>
        ) : inStock === 0 ? (
          <Link className="host-button" to={paths.inquiry(model.id)}>
            Make an Inquiry
          </Link>
        ) : null}
        <Link className="host-button host-button--primary" to={paths.quote(model.id)}>
          Request a Quote
        </Link>
      </div>
      <FleetQuoteAdd model={model} />
    </li>
  );
}
