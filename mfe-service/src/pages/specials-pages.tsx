import DOMPurify from "dompurify";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import {
  applyPageMeta,
  BUSINESS_DETAILS,
  type Promotion,
  type PromotionDepartment,
  paths,
  promotionRendering,
  promotionsForDepartment,
  telHref,
} from "shared-types";
import { fetchPromotions } from "../api/promotions-api";
import brakes from "../assets/parts-special-brakes.svg";
import filters from "../assets/parts-special-filters.svg";
import wipers from "../assets/parts-special-wipers.svg";

function PromotionView({ promotion }: { promotion: Promotion }) {
  switch (promotionRendering(promotion)) {
    case "html":
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify
      return <div className="service-promo" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(promotion.html) }} />;
    case "linked-image":
      return (
        <a className="service-promo" href={promotion.url}>
          <img src={promotion.image} alt="Current special" width={1200} height={400} />
        </a>
      );
    case "image":
      return <img className="service-promo" src={promotion.image} alt="Current special" width={1200} height={400} />;
    default:
      return null;
  }
}

type Load = { status: "loading" } | { status: "done"; list: Promotion[] } | { status: "failed" };

/** /sales-specials and /service-specials: the department's promotions, lowest rank first. */
export function PromotionsPage({ department }: { department: Exclude<PromotionDepartment, "parts"> }) {
  const [load, setLoad] = useState<Load>({ status: "loading" });
  const title = department === "sales" ? "Sales Specials" : "Service Specials";
  useEffect(() => applyPageMeta(`${title}, Calgary`), [title]);
  useEffect(() => {
    let current = true;
    fetchPromotions().then(
      (list) => current && setLoad({ status: "done", list: promotionsForDepartment(list, department) }),
      () => current && setLoad({ status: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [department]);
  const phone = department === "sales" ? BUSINESS_DETAILS.phone_sales : BUSINESS_DETAILS.phone_service;
  return (
    <div className="service-page">
      <h1 className="service-page__title">{title}</h1>
      {load.status === "loading" ? <p className="service-muted">Loading...</p> : null}
      {load.status === "failed" ? (
        <p role="status">
          Our specials can't be shown right now. Call <a href={telHref(phone)}>{phone}</a> to hear this month's offers.
        </p>
      ) : null}
      {load.status === "done" && load.list.length === 0 ? (
        <p>
          There are no current specials. Call <a href={telHref(phone)}>{phone}</a> for fleet pricing.
        </p>
      ) : null}
      {load.status === "done" ? (
        <div className="service-promos">
          {load.list.map((p) => (
            <PromotionView key={p.id} promotion={p} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function PartsSpecialsPage() {
  useEffect(() => applyPageMeta("Parts Specials, Calgary"), []);
  return (
    <div className="service-page">
      <h1 className="service-page__title">Parts Specials</h1>
      <div className="service-promos">
        {[
          [filters, "Filter packs for fleets: buy 5, get 1 free"],
          [brakes, "15% off heavy-duty brake pads and rotors"],
          [wipers, "Winter wiper blades and washer fluid, case pricing"],
        ].map(([src, alt]) => (
          <img key={src} className="service-promo" src={src} alt={alt} width={1200} height={400} />
        ))}
      </div>
    </div>
  );
}

/** The footer's /specials: an index of the three specials pages. */
export function SpecialsIndexPage() {
  useEffect(() => applyPageMeta("Specials, Calgary"), []);
  return (
    <div className="service-page">
      <h1 className="service-page__title">Specials</h1>
      <ul className="service-grid">
        <li>
          <Link className="service-grid__link" to={paths.salesSpecials()}>
            Sales Specials
          </Link>
        </li>
        <li>
          <Link className="service-grid__link" to={paths.serviceSpecials()}>
            Service Specials
          </Link>
        </li>
        <li>
          <Link className="service-grid__link" to={paths.partsSpecials()}>
            Parts Specials
          </Link>
        </li>
      </ul>
    </div>
  );
}
