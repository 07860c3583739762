import DOMPurify from "dompurify";
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { applyPageMeta, formatOdometer, paths, sortOptionsForDisplay, type Vehicle } from "shared-types";
import { fetchSimilarVehicles, fetchVehicle } from "../api/inventory-api";
import { CallUsButton } from "../components/call-us-button";
import { ImageGallery } from "../components/image-gallery";
import { LeadsForm } from "../components/leads-form";
import { VehicleListItem } from "../components/vehicle-list-item";
import { VehiclePrice } from "../components/vehicle-price";
import { PLACEHOLDER_IMAGE } from "../data/trailer-images";

type Load = { status: "loading" } | { status: "found"; vehicle: Vehicle } | { status: "gone" } | { status: "failed" };

export function VehiclePage() {
  const { id = "" } = useParams();
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const [similar, setSimilar] = useState<Vehicle[]>([]);

  useEffect(() => {
    let current = true;
    setLoad({ status: "loading" });
    fetchVehicle(id).then(
      (vehicle) =>
        current &&
        setLoad(vehicle && vehicle.status === "available" ? { status: "found", vehicle } : { status: "gone" }),
      () => current && setLoad({ status: "failed" }),
    );
    fetchSimilarVehicles(id).then(
      (list) => current && setSimilar(list),
      () => current && setSimilar([]),
    );
    return () => {
      current = false;
    };
  }, [id]);

  const title =
    load.status === "found"
      ? `${load.vehicle.year} ${load.vehicle.make} ${load.vehicle.model} ${load.vehicle.trim}`
      : "";
  useEffect(() => {
    if (title) applyPageMeta(`${title} for sale in Calgary`);
  }, [title]);

  if (load.status === "loading") return <p className="inventory-page inventory-muted">Loading...</p>;
  if (load.status === "failed") {
    return (
      <div className="inventory-page" role="alert">
        <h1 className="inventory-page__title">We couldn't load this vehicle</h1>
        <p>
          Please try again in a moment, or <Link to={paths.inventory()}>return to the inventory</Link>.
        </p>
      </div>
    );
  }
  if (load.status === "gone") {
    return (
      <div className="inventory-page">
        <h1 className="inventory-page__title">This vehicle is no longer available</h1>
        <p>Stock #{id} has been sold or removed from our inventory.</p>
        <Link className="inventory-button inventory-button--primary" to={paths.inventory()}>
          Back to the inventory search
        </Link>
      </div>
    );
  }
  const v = load.vehicle;
  const fields: [string, string][] = [
    ["Condition", v.condition === "new" ? "New" : "Used"],
    ["Stock #", v.stock_number],
    ["VIN", v.vin],
    ["Body Style", v.body_style],
    ["Engine", v.engine],
    ["Transmission", v.transmission],
    ["Drive Train", v.drive_train],
    ["Fuel Type", v.fuel_type],
    ["Exterior", v.exterior],
    ["Interior", v.interior],
    ["Odometer", formatOdometer(v.odometer)],
    ...(v.fuel_efficiency_city > 0
      ? ([["Fuel Efficiency", `${v.fuel_efficiency_city} city / ${v.fuel_efficiency_highway} hwy L/100 km`]] as [
          string,
          string,
        ][])
      : []),
  ];
  return (
    <div className="inventory-page inventory-vehicle">
      <h1 className="inventory-page__title">{title}</h1>
      <div className="inventory-vehicle__top">
        <ImageGallery images={v.images} alt={title} fallback={PLACEHOLDER_IMAGE} />
        <div className="inventory-vehicle__summary">
          <VehiclePrice vehicle={v} contactText="Contact Us for Pricing" />
          <CallUsButton />
          <dl className="inventory-fields">
            {fields.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      {v.options.length > 0 ? (
        <section>
          <h2>Options</h2>
          <ul className="inventory-options">
            {sortOptionsForDisplay(v.options).map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="inventory-comments">
        <h2>Comments</h2>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify */}
        <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(v.comments) }} />
      </section>
      <section className="inventory-vehicle__form">
        <LeadsForm
          form="leads/vehicle-contact-form"
          props={{ stockNumber: v.stock_number, vin: v.vin, make: v.make, model: v.model }}
        />
      </section>
      {similar.length > 0 ? (
        <section>
          <h2>Similar Vehicles</h2>
          <ul className="inventory-list">
            {similar.map((s) => (
              <VehicleListItem key={s.stock_number} vehicle={s} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
