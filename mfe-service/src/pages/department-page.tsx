import { useEffect, useState } from "react";
import { Link, useParams } from "react-router-dom";
import {
  applyPageMeta,
  BUSINESS_DETAILS,
  type LeadModelRef,
  type LineupModel,
  paths,
  SERVICE_ITEMS,
  telHref,
} from "shared-types";
import { findLineupModel } from "../api/lineup-models";
import { LeadsForm } from "../components/leads-form";
import { PageHero } from "../components/page-hero";
import { HEADER_HEIGHT, HEADER_IMAGES, HEADER_WIDTH } from "../data/service-pages";

type ModelLookup =
  | { status: "none" }
  | { status: "loading" }
  | { status: "found"; model: LineupModel }
  | { status: "unknown" };

/** /service, /service/{id}, /parts, /parts/{id}: the department page with its request form, prefilled for a model. */
export function DepartmentPage({ department }: { department: "service" | "parts" }) {
  const { id } = useParams();
  const [lookup, setLookup] = useState<ModelLookup>(id ? { status: "loading" } : { status: "none" });
  useEffect(() => {
    if (!id) return setLookup({ status: "none" });
    let current = true;
    setLookup({ status: "loading" });
    findLineupModel(id).then(
      (model) => current && setLookup(model ? { status: "found", model } : { status: "unknown" }),
      // the line-up is team catalog's: if it cannot be reached, the plain form still takes the request
      () => current && setLookup({ status: "none" }),
    );
    return () => {
      current = false;
    };
  }, [id]);

  const isService = department === "service";
  useEffect(
    () =>
      applyPageMeta(
        isService ? "Fleet Service Department, Calgary" : "Truck Parts Department, Calgary",
        isService
          ? "Heavy-duty truck, van and bus service in Calgary: inspections, diesel repair and preventative maintenance."
          : "GM and Isuzu truck parts for Alberta fleets, ordered and shipped from Calgary.",
      ),
    [isService],
  );
  const modelName = lookup.status === "found" ? lookup.model.name : undefined;
  return (
    <div className="service-page">
      <PageHero
        title={isService ? "Service Department" : "Parts Department"}
        image={isService ? HEADER_IMAGES.maintenance : HEADER_IMAGES.engine}
        width={HEADER_WIDTH}
        height={HEADER_HEIGHT}
      />
      <p className="service-page__intro">
        {isService
          ? "Our Calgary shop keeps commercial fleets on the road: light-duty pickups to class 8 trucks, buses and motor homes, with licensed heavy-duty technicians and CVIP inspections."
          : "Genuine GM and Isuzu parts plus quality aftermarket lines for every truck in your fleet, with same-day pickup on stocked parts and shipping across Western Canada."}{" "}
        Call{" "}
        <a href={telHref(isService ? BUSINESS_DETAILS.phone_service : BUSINESS_DETAILS.phone_sales)}>
          {isService ? BUSINESS_DETAILS.phone_service : BUSINESS_DETAILS.phone_sales}
        </a>
        .
      </p>
      {isService ? (
        <ul className="service-grid">
          {SERVICE_ITEMS.map((item) => (
            <li key={item.link}>
              <Link className="service-grid__link" to={paths.servicePage(item.link)}>
                {item.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <section className="service-form">
        {lookup.status === "unknown" ? (
          <p role="status">We don't have a line-up model "{id}"; tell us about your vehicle in the form below.</p>
        ) : null}
        {lookup.status === "loading" ? (
          <p className="service-muted">Loading...</p>
        ) : (
          <DepartmentForm
            key={modelName ?? "plain"}
            department={department}
            model={lookup.status === "found" ? { make: lookup.model.make, name: lookup.model.name } : undefined}
          />
        )}
      </section>
    </div>
  );
}

function DepartmentForm({ department, model }: { department: "service" | "parts"; model?: LeadModelRef }) {
  return department === "service" ? (
    <LeadsForm form="leads/service-request-form" props={model ? { model } : {}} />
  ) : (
    <LeadsForm form="leads/parts-request-form" props={model ? { model } : {}} />
  );
}
