import { Link } from "remote-kit";
import { BODY_TYPE_LABELS, FUEL_LABELS, formatFeet, formatOdometer, paths } from "shared-types";
import { PLACEHOLDER_IMAGE } from "../data/trailer-images";
import { FleetQuoteAdd } from "./fleet-quote-add";
import type { VehicleCard } from "./vehicle-card";
import { VehiclePhoto } from "./vehicle-photo";
import { VehiclePrice } from "./vehicle-price";

/**
 * One unit of a list. `first` marks the list's first unit, whose photo is usually the largest thing on a phone's
 * first screen: it loads at once and first; the others as they come into view.
 */
/** "16 ft dry freight box": what a fleet buyer scans a list for. */
function workTruckBody(v: VehicleCard): string {
  const body = BODY_TYPE_LABELS[v.body_type];
  return v.body_length_ft ? `${formatFeet(v.body_length_ft)} ${body.toLowerCase()}` : body;
}

export function VehicleListItem({ vehicle, first = false }: { vehicle: VehicleCard; first?: boolean }) {
  const title = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  return (
    <li className="inventory-item">
      <Link to={paths.vehicle(vehicle.stock_number)} className="inventory-item__image-link">
        {vehicle.photo ? (
          <VehiclePhoto
            photo={vehicle.photo}
            alt={title}
            className="inventory-item__image"
            sizes="(min-width: 720px) 240px, 36vw"
            upTo={960}
            priority={first}
          />
        ) : (
          <img
            className="inventory-item__image"
            src={vehicle.primary_image || PLACEHOLDER_IMAGE}
            alt={title}
            width={320}
            height={200}
            loading={first ? "eager" : "lazy"}
            fetchPriority={first ? "high" : "auto"}
          />
        )}
        {vehicle.status === "sale_pending" ? <span className="inventory-item__badge">Sale pending</span> : null}
      </Link>
      <div className="inventory-item__body">
        <h2 className="inventory-item__title">
          <Link to={paths.vehicle(vehicle.stock_number)}>{title}</Link>
        </h2>
        <p className="inventory-item__meta">
          {vehicle.trim} · {vehicle.condition === "new" ? "New" : "Used"} · {vehicle.body_style} · {vehicle.exterior}
          {vehicle.condition === "used" ? ` · ${formatOdometer(vehicle.odometer)}` : ""}
        </p>
        <p className="inventory-item__meta inventory-item__work">
          Class {vehicle.gvwr_class} · {workTruckBody(vehicle)} · {FUEL_LABELS[vehicle.fuel]}
        </p>
        <p className="inventory-item__meta">Stock #{vehicle.stock_number}</p>
      </div>
      <div className="inventory-item__side">
        <VehiclePrice vehicle={vehicle} inList />
        <Link className="host-button" to={paths.moreInfo(vehicle.stock_number)}>
          Contact Us
        </Link>
        <FleetQuoteAdd stockNumber={vehicle.stock_number} title={title} />
      </div>
    </li>
  );
}
