import { breadcrumbJsonLd, itemListJsonLd, Link, Redirect, usePageHead, useResource, useSite } from "remote-kit";
import { useParams } from "remote-kit/router";
import { type BusinessDetails, type Manufacturer, paths, telHref, workTruckSearchHref } from "shared-types";
import { inStockCount, modelCountsResource, workTruckSearchCountsResource } from "../api/resources";
import { FleetQuoteCount } from "../components/fleet-quote-count";
import { ModelCard } from "../components/model-card";
import { socialImageFor } from "../data/illustrations";
import { modelsOf } from "../data/lineup-models";

const LINEUPS: Record<
  Manufacturer,
  { title: string; heading: string; crumb: string; intro: string; phone: (b: BusinessDetails) => string }
> = {
  isuzu: {
    title: "Isuzu fleet dealer, Calgary, Alberta",
    heading: "Isuzu Commercial Trucks",
    crumb: "Isuzu line-up",
    intro:
      "Low cab forward gas, diesel and electric trucks from class 3 to class 7, specified and upfit for your routes by Calgary's Isuzu truck dealer.",
    phone: (b) => b.phone_isuzu,
  },
  gm: {
    title: "GM fleet dealer, Calgary, Alberta",
    heading: "GM Fleet Trucks and Vans",
    crumb: "GM line-up",
    intro:
      "Chevrolet and GMC pickups and cargo vans for trades, utilities and service fleets, with fleet pricing and factory orders through our GM fleet team.",
    phone: (b) => b.phone_sales,
  },
};

const isManufacturer = (brand: string): brand is Manufacturer => brand === "isuzu" || brand === "gm";

export function LineupPage() {
  const { brand = "" } = useParams();
  const { siteUrl, business } = useSite();
  // one request for every card's count; without it the cards still show, without stock links
  const counts = useResource(modelCountsResource);
  const lineup = isManufacturer(brand) ? LINEUPS[brand] : null;
  const searches = useResource(workTruckSearchCountsResource, isManufacturer(brand) ? brand : "isuzu");
  const inStockSearches = searches.status === "done" ? searches.value.filter((s) => s.count > 0) : [];
  const models = isManufacturer(brand) ? modelsOf(brand) : [];
  usePageHead(
    lineup && isManufacturer(brand)
      ? {
          title: lineup.title,
          description: lineup.intro,
          canonical: paths.lineup(brand),
          image: models[0] ? socialImageFor(models[0].image) : undefined,
          jsonLd: [
            itemListJsonLd(
              siteUrl,
              lineup.heading,
              models.map((m) => ({
                name: m.name,
                path: paths.model(m.manufacturer, m.id),
                image: socialImageFor(m.image),
              })),
            ),
            breadcrumbJsonLd(siteUrl, [{ name: lineup.crumb, path: paths.lineup(brand) }]),
          ],
        }
      : null,
  );
  if (!lineup) return <Redirect to={paths.lineup("isuzu")} />;
  const phone = lineup.phone(business);
  return (
    <div className="catalog-page">
      <h1 className="catalog-page__title">{lineup.heading}</h1>
      <p className="catalog-page__intro">{lineup.intro}</p>
      <p className="catalog-page__call">
        Call us: <a href={telHref(phone)}>{phone}</a>
      </p>
      <FleetQuoteCount />
      {inStockSearches.length > 0 ? (
        <nav className="catalog-searches" aria-labelledby="catalog-searches-title">
          <h2 id="catalog-searches-title" className="catalog-searches__title">
            In stock now, by the work
          </h2>
          <ul className="catalog-searches__list">
            {inStockSearches.map(({ search, count }) => (
              <li key={search.id}>
                <Link className="catalog-searches__link" to={workTruckSearchHref(search)}>
                  {search.label} <span className="catalog-searches__count">({count} in stock)</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ul className="catalog-grid">
        {models.map((m) => (
          <ModelCard key={m.id} model={m} inStock={counts.status === "done" ? inStockCount(m, counts.value) : null} />
        ))}
      </ul>
    </div>
  );
}
