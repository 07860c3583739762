import {
  breadcrumbJsonLd,
  HttpStatus,
  Link,
  PeerForm,
  usePageHead,
  useResource,
  useServerRender,
  useSite,
} from "remote-kit";
import { useParams } from "remote-kit/router";
import {
  allInBreakdown,
  BODY_TYPE_LABELS,
  CAB_TYPE_LABELS,
  formatFeet,
  formatOdometer,
  formatWeight,
  leadFormElementId,
  paths,
  photoUrl,
  sortOptionsForDisplay,
  type Vehicle,
} from "shared-types";
import { similarVehiclesResource, vehicleResource } from "../api/resources";
import { CallUsButton } from "../components/call-us-button";
import { FleetQuoteAdd } from "../components/fleet-quote-add";
import { FleetQuoteCount } from "../components/fleet-quote-count";
import { ImageGallery } from "../components/image-gallery";
import { PaymentEstimate } from "../components/payment-estimate";
import { toVehicleCard } from "../components/vehicle-card";
import { VehicleListItem } from "../components/vehicle-list-item";
import { AllInBreakdown, ConditionalOffers, VehiclePrice } from "../components/vehicle-price";
import CONSUMES from "../contracts/consumes";
import { PLACEHOLDER_IMAGE } from "../data/trailer-images";
import { vehicleJsonLd, vehicleTitle } from "../seo/structured-data";

function vehicleFields(v: Vehicle): [string, string][] {
  return [
    ["Condition", v.condition === "new" ? "New" : "Used"],
    ["Stock #", v.stock_number],
    ["VIN", v.vin],
    ["Body Style", v.body_style],
    [
      "Body or Upfit",
      v.body_length_ft
        ? `${BODY_TYPE_LABELS[v.body_type]}, ${formatFeet(v.body_length_ft)}`
        : BODY_TYPE_LABELS[v.body_type],
    ],
    ["GVWR", `${formatWeight(v.gvwr_kg, v.gvwr_lb)}, class ${v.gvwr_class}`],
    ["Payload", formatWeight(v.payload_kg, v.payload_lb)],
    ...(v.cab_type ? ([["Cab", CAB_TYPE_LABELS[v.cab_type]]] as [string, string][]) : []),
    ["Wheelbase", `${v.wheelbase_in} in`],
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
}

/** Optional: what the server loaded with the page, or nothing (it never holds the page up). */
/**
 * The unit a visitor's enquiry is about, given to team leads' form from outside it (hidden fields with its form's
 * id, which browsers send with the form, scripts or not). A release of team leads' form that takes them from the
 * page is asked without them (PeerForm pageGives): one form for every unit's page, made once, not once per unit.
 */
function UnitOfEnquiry({ fields }: { fields: Record<string, string> }) {
  const form = leadFormElementId("vehicle-contact");
  return Object.entries(fields).map(([name, value]) => (
    <input key={name} type="hidden" form={form} name={name} value={value} />
  ));
}

function SimilarVehicles({ stockNumber }: { stockNumber: string }) {
  const similar = useResource(useServerRender() ? similarVehiclesResource : null, stockNumber);
  if (similar.status !== "done" || similar.value.length === 0) return null;
  return (
    <section>
      <h2>Similar Vehicles</h2>
      <ul className="inventory-list">
        {similar.value.map((s) => (
          <VehicleListItem key={s.stock_number} vehicle={toVehicleCard(s)} />
        ))}
      </ul>
    </section>
  );
}

/** A unit that sold (410) or never existed (404): said plainly, with similar units and a way back. */
function NoLongerAvailable({ stockNumber, sold }: { stockNumber: string; sold: boolean }) {
  return (
    <div className="inventory-page">
      <HttpStatus code={sold ? 410 : 404} />
      <h1 className="inventory-page__title">
        {sold ? "This unit has been sold" : "This vehicle is no longer available"}
      </h1>
      <p>
        {sold
          ? `Stock #${stockNumber} has been sold. Here are similar units in stock now.`
          : `Stock #${stockNumber} has been sold or removed from our inventory.`}
      </p>
      <Link className="host-button host-button--primary" to={paths.inventory()}>
        Back to the inventory search
      </Link>
      <SimilarVehicles stockNumber={stockNumber} />
    </div>
  );
}

export function VehiclePage() {
  const { id = "" } = useParams();
  const { siteUrl, business } = useSite();
  const load = useResource(vehicleResource, id);
  // a sale-pending unit is still shown, marked as such; a sold one is gone (410)
  const vehicle = load.status === "done" && load.value && load.value.status !== "sold" ? load.value : null;
  const title = vehicle ? vehicleTitle(vehicle) : "";

  usePageHead(
    vehicle
      ? {
          title: `${title} for sale in Calgary | Stock #${vehicle.stock_number}`,
          description: `${vehicle.condition === "new" ? "New" : "Used"} ${title}, ${vehicle.exterior}, ${vehicle.engine}, ${
            vehicle.condition === "used" ? `${formatOdometer(vehicle.odometer)}, ` : ""
          }stock #${vehicle.stock_number}, at ${business.name} in Calgary, Alberta.`,
          canonical: paths.vehicle(vehicle.stock_number),
          image: vehicle.photos[0] ? photoUrl(vehicle.photos[0].id, 1280, "jpeg") : vehicle.primary_image,
          imageAlt: title,
          ogType: "product",
          jsonLd: [
            vehicleJsonLd(siteUrl, vehicle),
            breadcrumbJsonLd(siteUrl, [
              { name: "Inventory", path: paths.inventory() },
              { name: title, path: paths.vehicle(vehicle.stock_number) },
            ]),
          ],
        }
      : load.status === "done"
        ? {
            title: `Stock #${id} is no longer available | ${business.name}`,
            description: `Stock #${id} has been sold or removed from our inventory. See similar GM and Isuzu trucks and vans in stock.`,
            robots: "noindex",
          }
        : null,
  );

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
  if (!vehicle) return <NoLongerAvailable stockNumber={id} sold={load.value?.status === "sold"} />;
  const v = vehicle;
  const price = allInBreakdown(v);
  return (
    <div className="inventory-page inventory-vehicle">
      <h1 className="inventory-page__title">{title}</h1>
      {v.status === "sale_pending" ? (
        <p className="inventory-vehicle__pending" role="status">
          Sale pending: this unit is spoken for until the deal closes. Ask us about it, or about similar units.
        </p>
      ) : null}
      <div className="inventory-vehicle__top">
        <ImageGallery
          images={v.photos.length > 0 ? v.photos.map((photo) => ({ photo })) : v.images.map((drawing) => ({ drawing }))}
          alt={title}
          fallback={PLACEHOLDER_IMAGE}
        />
        <div className="inventory-vehicle__summary">
          <VehiclePrice vehicle={v} contactText="Contact Us for Pricing" />
          <AllInBreakdown vehicle={v} />
          <ConditionalOffers vehicle={v} />
          <CallUsButton />
          <div className="inventory-vehicle__fleet">
            <FleetQuoteAdd stockNumber={v.stock_number} title={title} />
            <FleetQuoteCount />
          </div>
          <dl className="inventory-fields">
            {vehicleFields(v).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      {price ? <PaymentEstimate priceCents={price.totalCents} /> : null}
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
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the API sends comments sanitised to formatting tags */}
        <div dangerouslySetInnerHTML={{ __html: v.comments }} />
      </section>
      <section className="inventory-vehicle__form">
        <PeerForm
          use={CONSUMES.modules.vehicleContactForm}
          props={{ stockNumber: v.stock_number, vin: v.vin, make: v.make, model: v.model }}
          pageGives={["stockNumber", "vin", "make", "model"]}
        />
        <UnitOfEnquiry fields={{ stock_number: v.stock_number, vin: v.vin, make: v.make, model: v.model }} />
      </section>
      <SimilarVehicles stockNumber={v.stock_number} />
    </div>
  );
}
