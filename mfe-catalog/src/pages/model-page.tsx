import { breadcrumbJsonLd, HttpStatus, Link, Redirect, usePageHead, useSite } from "remote-kit";
import { useParams } from "remote-kit/router";
import { paths, telHref } from "shared-types";
import { FleetQuoteAdd } from "../components/fleet-quote-add";
import { FleetQuoteCount } from "../components/fleet-quote-count";
import { ILLUSTRATION_HEIGHT, ILLUSTRATION_WIDTH, socialImageFor } from "../data/illustrations";
import { canonicalModelId, findLineupModel } from "../data/lineup-models";

const LINEUP_NAMES = { gm: "GM line-up", isuzu: "Isuzu line-up" } as const;

export function ModelPage() {
  const { brand = "", model: id = "" } = useParams();
  const { siteUrl, business } = useSite();
  const model = findLineupModel(id);
  usePageHead(
    model
      ? {
          title: model.title,
          description: model.meta,
          canonical: paths.model(model.manufacturer, model.id),
          image: socialImageFor(model.image),
          imageAlt: model.name,
          ogType: "product",
          jsonLd: [
            {
              "@context": "https://schema.org",
              "@type": "ProductModel",
              name: model.name,
              description: model.meta,
              brand: { "@type": "Brand", name: model.make },
              category: model.series,
              image: socialImageFor(model.image) ? `${siteUrl}${socialImageFor(model.image)}` : undefined,
              url: `${siteUrl}${paths.model(model.manufacturer, model.id)}`,
            },
            breadcrumbJsonLd(siteUrl, [
              { name: LINEUP_NAMES[model.manufacturer], path: paths.lineup(model.manufacturer) },
              { name: model.name, path: paths.model(model.manufacturer, model.id) },
            ]),
          ],
        }
      : {
          title: `Invalid Model ID | ${business.name}`,
          description: "We have no line-up model at this address. See our GM and Isuzu line-ups.",
          robots: "noindex",
        },
  );
  if (!model) {
    return (
      <div className="catalog-page">
        <HttpStatus code={404} />
        <h1 className="catalog-page__title">Invalid Model ID</h1>
        <p>
          See our <Link to={paths.lineup("gm")}>GM</Link> or <Link to={paths.lineup("isuzu")}>Isuzu</Link> line-ups.
        </p>
      </div>
    );
  }
  // an id of the old site (FVR class 6 and 7 shared one), or the wrong brand: the page lives at its own address
  const address = paths.model(model.manufacturer, model.id);
  if (canonicalModelId(id) !== id || address !== paths.model(brand, id)) {
    return <Redirect to={address} />;
  }
  const phone = model.manufacturer === "isuzu" ? business.phone_isuzu : business.phone_sales;
  return (
    <div className="catalog-page catalog-model">
      <div className="catalog-model__top">
        <img
          className="catalog-model__image"
          src={model.image}
          alt={model.name}
          width={ILLUSTRATION_WIDTH}
          height={ILLUSTRATION_HEIGHT}
        />
        <div>
          <h1 className="catalog-page__title">{model.name}</h1>
          <p>{model.intro}</p>
          <p>
            Call <a href={telHref(phone)}>{phone}</a> or email{" "}
            <a href={`mailto:${business.primary_email}`}>{business.primary_email}</a>
          </p>
          <dl className="catalog-model__facts">
            <div>
              <dt>Series</dt>
              <dd>{model.series}</dd>
            </div>
            <div>
              <dt>Fuel</dt>
              <dd>{model.fuel}</dd>
            </div>
            <div>
              <dt>Cab</dt>
              <dd>{model.cab}</dd>
            </div>
          </dl>
          <ul className="catalog-card__highlights">
            {model.highlights.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
          <div className="catalog-card__links">
            <Link className="host-button host-button--primary" to={paths.quote(model.id)}>
              Request a Quote to Purchase
            </Link>
            <Link className="host-button" to={paths.service(model.id)}>
              Request a Vehicle Service
            </Link>
            <Link className="host-button" to={paths.parts(model.id)}>
              Request Parts for this Vehicle
            </Link>
            <Link className="host-button" to={paths.lineup(model.manufacturer)}>
              See Our Full {model.manufacturer.toUpperCase()} Inventory
            </Link>
          </div>
          <div className="catalog-model__fleet">
            <FleetQuoteAdd model={model} />
            <FleetQuoteCount />
          </div>
        </div>
      </div>
      {model.text?.map((line) => (
        <p key={line} className="catalog-model__text">
          {line}
        </p>
      ))}
      {model.specs.map((section) => (
        <table key={section.title} className="catalog-specs">
          <caption>{section.title}</caption>
          <tbody>
            {Object.entries(section.values).map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
