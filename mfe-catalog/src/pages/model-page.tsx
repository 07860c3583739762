import { useEffect } from "react";
import { Link, Navigate, useParams } from "react-router-dom";
import { applyPageMeta, BUSINESS_DETAILS, paths, telHref } from "shared-types";
import { ILLUSTRATION_HEIGHT, ILLUSTRATION_WIDTH } from "../data/illustrations";
import { canonicalModelId, findLineupModel } from "../data/lineup-models";

export function ModelPage() {
  const { model: id = "" } = useParams();
  const model = findLineupModel(id);
  useEffect(() => {
    if (model) applyPageMeta(model.title, model.meta);
  }, [model]);
  if (!model) {
    return (
      <div className="catalog-page">
        <h1 className="catalog-page__title">Invalid Model ID</h1>
        <p>
          See our <Link to={paths.lineup("gm")}>GM</Link> or <Link to={paths.lineup("isuzu")}>Isuzu</Link> line-ups.
        </p>
      </div>
    );
  }
  // an id of the old site (FVR class 6 and 7 shared one): the page moves to the model's own address
  if (canonicalModelId(id) !== id) return <Navigate to={paths.model(model.manufacturer, model.id)} replace />;
  const phone = model.manufacturer === "isuzu" ? BUSINESS_DETAILS.phone_isuzu : BUSINESS_DETAILS.phone_sales;
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
            <a href={`mailto:${BUSINESS_DETAILS.primary_email}`}>{BUSINESS_DETAILS.primary_email}</a>
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
            <Link className="catalog-button catalog-button--primary" to={paths.quote(model.id)}>
              Request a Quote to Purchase
            </Link>
            <Link className="catalog-button" to={paths.service(model.id)}>
              Request a Vehicle Service
            </Link>
            <Link className="catalog-button" to={paths.parts(model.id)}>
              Request Parts for this Vehicle
            </Link>
            <Link className="catalog-button" to={paths.lineup(model.manufacturer)}>
              See Our Full {model.manufacturer.toUpperCase()} Inventory
            </Link>
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
