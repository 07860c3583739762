import { breadcrumbJsonLd, HttpStatus, Link, PeerForm, usePageHead, useResource, useSite } from "remote-kit";
import type { PropsOfUse } from "remote-kit/contracts";
import { useParams } from "remote-kit/router";
import { paths, telHref } from "shared-types";
import { type findLineupModel, lineupModelResource } from "../api/resources";
import { PageHero } from "../components/page-hero";
import CONSUMES from "../contracts/consumes";
import { HEADER_HEIGHT, HEADER_IMAGES, HEADER_WIDTH } from "../data/service-pages";
import { SERVICE_ITEMS } from "../data/site-sections";

type ModelLookup =
  | { status: "none" }
  | { status: "loading" }
  | { status: "found"; model: NonNullable<Awaited<ReturnType<typeof findLineupModel>>> }
  | { status: "unknown" };

const DEPARTMENTS = {
  service: {
    heading: "Service Department",
    crumb: "Service",
    title: (model?: string) => (model ? `${model} service and repair, Calgary` : "Fleet Service Department, Calgary"),
    description: (model?: string) =>
      model
        ? `Book service for your ${model} at our Calgary heavy-duty shop: inspections, diesel repair and preventative maintenance.`
        : "Heavy-duty truck, van and bus service in Calgary: inspections, diesel repair and preventative maintenance.",
    intro:
      "Our Calgary shop keeps commercial fleets on the road: light-duty pickups to class 8 trucks, buses and motor homes, with licensed heavy-duty technicians and CVIP inspections.",
  },
  parts: {
    heading: "Parts Department",
    crumb: "Parts",
    title: (model?: string) => (model ? `${model} parts, Calgary` : "Truck Parts Department, Calgary"),
    description: (model?: string) =>
      model
        ? `Genuine and aftermarket parts for the ${model}, ordered and shipped from our Calgary parts department.`
        : "GM and Isuzu truck parts for Alberta fleets, ordered and shipped from Calgary.",
    intro:
      "Genuine GM and Isuzu parts plus quality aftermarket lines for every truck in your fleet, with same-day pickup on stocked parts and shipping across Western Canada.",
  },
} as const;

/** /service, /service/{id}, /parts, /parts/{id}: the department page with its request form, prefilled for a model. */
export function DepartmentPage({ department }: { department: "service" | "parts" }) {
  const { id } = useParams();
  const { siteUrl, business } = useSite();
  const load = useResource(id ? lineupModelResource : null, id ?? "");
  // the line-up is team catalog's: if it cannot be reached, the plain form still takes the request
  const lookup: ModelLookup = !id
    ? { status: "none" }
    : load.status === "loading"
      ? { status: "loading" }
      : load.status === "failed"
        ? { status: "none" }
        : load.value
          ? { status: "found", model: load.value }
          : { status: "unknown" };

  const copy = DEPARTMENTS[department];
  const modelName = lookup.status === "found" ? lookup.model.name : undefined;
  const path = department === "service" ? paths.service(id) : paths.parts(id);
  usePageHead({
    title: copy.title(modelName),
    description: copy.description(modelName),
    canonical: path,
    ...(lookup.status === "unknown" ? { robots: "noindex" } : {}),
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: paths.home() },
        { name: copy.crumb, path: department === "service" ? paths.service() : paths.parts() },
        ...(modelName ? [{ name: modelName, path }] : []),
      ]),
    ],
  });
  const phone = department === "service" ? business.phone_service : business.phone_sales;
  return (
    <div className="service-page">
      {lookup.status === "unknown" ? <HttpStatus code={404} /> : null}
      <PageHero
        title={copy.heading}
        image={department === "service" ? HEADER_IMAGES.maintenance : HEADER_IMAGES.engine}
        width={HEADER_WIDTH}
        height={HEADER_HEIGHT}
      />
      <p className="service-page__intro">
        {copy.intro} Call <a href={telHref(phone)}>{phone}</a>.
      </p>
      {department === "service" ? (
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

function DepartmentForm({
  department,
  model,
}: {
  department: "service" | "parts";
  model?: PropsOfUse<typeof CONSUMES.modules.serviceRequestForm>["model"];
}) {
  return department === "service" ? (
    <PeerForm use={CONSUMES.modules.serviceRequestForm} props={model ? { model } : {}} />
  ) : (
    <PeerForm use={CONSUMES.modules.partsRequestForm} props={model ? { model } : {}} />
  );
}
