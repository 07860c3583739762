import { useEffect } from "react";
import { Navigate, useParams } from "react-router-dom";
import { applyPageMeta, BODY_SHOP_ITEMS, SERVICE_ITEMS } from "shared-types";
import { LeadsForm } from "../components/leads-form";

const SECTIONS = {
  service: {
    items: SERVICE_ITEMS,
    home: "/service",
    intro: (title: string) =>
      `${title} for commercial fleets at our Calgary heavy-duty shop. Our licensed technicians work on GM and Isuzu trucks and vans, buses and motor homes, and book fleet work around your routes so units are back earning as soon as possible.`,
  },
  "body-shop": {
    items: BODY_SHOP_ITEMS,
    home: "/body-shop",
    intro: (title: string) =>
      `${title} at our Calgary collision centre: two 65 ft paint booths and frame equipment sized for heavy trucks, motor homes and buses, with insurance claims handled directly.`,
  },
} as const;

/** /services/{link} and /body-shop-services/{link}: one page per item, with an inline booking form. */
export function SectionItemPage({ section }: { section: keyof typeof SECTIONS }) {
  const { link = "" } = useParams();
  const config = SECTIONS[section];
  const item = config.items.find((i) => i.link === link);
  useEffect(() => {
    if (item) applyPageMeta(`${item.title}, Calgary`, config.intro(item.title));
  }, [item, config]);
  if (!item) return <Navigate to={config.home} replace />;
  return (
    <div className="service-page">
      <header className={`service-hero service-hero--${section}`}>
        <h1 className="service-page__title">{item.title}</h1>
      </header>
      <p className="service-page__intro">{config.intro(item.title)}</p>
      <section className="service-form">
        <LeadsForm form="leads/service-booking-form" props={{ section, serviceTitle: item.title }} />
      </section>
    </div>
  );
}
