import { useEffect, useState } from "react";
import { Navigate, useParams } from "react-router-dom";
import { applyPageMeta, BUSINESS_DETAILS, type Manufacturer, type ModelCounts, telHref } from "shared-types";
import { fetchModelCounts, inStockCount } from "../api/model-counts";
import { ModelCard } from "../components/model-card";
import { modelsOf } from "../data/lineup-models";

const LINEUPS: Record<Manufacturer, { title: string; heading: string; intro: string; phone: string }> = {
  isuzu: {
    title: "Isuzu fleet dealer, Calgary, Alberta",
    heading: "Isuzu Commercial Trucks",
    intro:
      "Low cab forward gas, diesel and electric trucks from class 3 to class 7, specified and upfit for your routes by Calgary's Isuzu truck dealer.",
    phone: BUSINESS_DETAILS.phone_isuzu,
  },
  gm: {
    title: "GM fleet dealer, Calgary, Alberta",
    heading: "GM Fleet Trucks and Vans",
    intro:
      "Chevrolet and GMC pickups and cargo vans for trades, utilities and service fleets, with fleet pricing and factory orders through our GM fleet team.",
    phone: BUSINESS_DETAILS.phone_sales,
  },
};

export function LineupPage() {
  const { brand = "" } = useParams();
  const lineup = brand === "isuzu" || brand === "gm" ? LINEUPS[brand] : null;
  const [counts, setCounts] = useState<ModelCounts | null>(null);
  useEffect(() => {
    if (lineup) applyPageMeta(lineup.title, lineup.intro);
  }, [lineup]);
  useEffect(() => {
    // one request for every card's count; without it the cards still show, without stock links
    fetchModelCounts().then(setCounts, () => setCounts(null));
  }, []);
  if (!lineup) return <Navigate to="/line-up/isuzu" replace />;
  const models = modelsOf(brand as Manufacturer);
  return (
    <div className="catalog-page">
      <h1 className="catalog-page__title">{lineup.heading}</h1>
      <p className="catalog-page__intro">{lineup.intro}</p>
      <p className="catalog-page__call">
        Call us: <a href={telHref(lineup.phone)}>{lineup.phone}</a>
      </p>
      <ul className="catalog-grid">
        {models.map((m) => (
          <ModelCard key={m.id} model={m} inStock={counts ? inStockCount(m, counts) : null} />
        ))}
      </ul>
    </div>
  );
}
