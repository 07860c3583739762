import { breadcrumbJsonLd, HttpStatus, Link, PeerForm, usePageHead, useResource, useSite } from "remote-kit";
import type { PropsOfUse } from "remote-kit/contracts";
import { useParams } from "remote-kit/router";
import { paths, telHref } from "shared-types";
import { type findLineupModel, lineupModelResource } from "../api/resources";
import { BookLink } from "../components/book-link";
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

type Department = keyof typeof DEPARTMENTS;

/** The line-up model the address names, if it names one. */
function useModelLookup(id: string | undefined): ModelLookup {
  const load = useResource(id ? lineupModelResource : null, id ?? "");
  // the line-up is team catalog's: if it cannot be reached, the plain form still takes the request
  if (!id || load.status === "failed") return { status: "none" };
  if (load.status === "loading") return { status: "loading" };
  return load.value ? { status: "found", model: load.value } : { status: "unknown" };
}

/** The page's title, description and breadcrumb, for the department or one model's page of it. */
function useDepartmentHead(department: Department, id: string | undefined, lookup: ModelLookup): void {
  const { siteUrl } = useSite();
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
        { name: copy.crumb, path: department === "service" ? paths.service() : paths.parts() },
        ...(modelName ? [{ name: modelName, path }] : []),
      ]),
    ],
  });
}

/** The service department's own pages, one link each. */
function ServiceLinks() {
  return (
    <ul className="service-grid">
      {SERVICE_ITEMS.map((item) => (
        <li key={item.link}>
          <Link className="service-grid__link" to={paths.servicePage(item.link)}>
            {item.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /service, /service/{id}, /parts, /parts/{id}: the department page with its request form, prefilled for a model. */
export function DepartmentPage({ department }: { department: Department }) {
  const { id } = useParams();
  const { business } = useSite();
  const lookup = useModelLookup(id);
  useDepartmentHead(department, id, lookup);
  const copy = DEPARTMENTS[department];
  const model = lookup.status === "found" ? lookup.model : undefined;
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
      {department === "service" ? <BookLink label="Book a service appointment" /> : null}
      {department === "service" ? <ServiceLinks /> : null}
      <section className="service-form">
        {lookup.status === "unknown" ? (
          <p role="status">We don't have a line-up model "{id}"; tell us about your vehicle in the form below.</p>
        ) : null}
        {lookup.status === "loading" ? (
          <p className="service-muted">Loading...</p>
        ) : (
          <DepartmentForm
            key={model?.name ?? "plain"}
            department={department}
            model={model ? { make: model.make, name: model.name } : undefined}
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
  department: Department;
  model?: PropsOfUse<typeof CONSUMES.modules.serviceRequestForm>["model"];
}) {
  return department === "service" ? (
    <PeerForm use={CONSUMES.modules.serviceRequestForm} props={model ? { model } : {}} />
  ) : (
    <PeerForm use={CONSUMES.modules.partsRequestForm} props={model ? { model } : {}} />
  );
}
