import { breadcrumbJsonLd, Link, usePageHead, useResource, useSite } from "remote-kit";
import {
  type Promotion,
  type PromotionDepartment,
  paths,
  promotionRendering,
  promotionsForDepartment,
  telHref,
} from "shared-types";
import { promotionsResource } from "../api/resources";
import brakes from "../assets/parts-special-brakes.svg";
import filters from "../assets/parts-special-filters.svg";
import wipers from "../assets/parts-special-wipers.svg";

/**
 * A special's HTML with its headings placed under the page's title: its highest heading becomes an h2 and the
 * rest keep their steps, whatever levels its author chose (a page's headings never skip a level). The API's
 * sanitiser writes every tag plainly (`<h3>`, `</h3>`), so the tags are found as written.
 */
export function headingsUnderTitle(html: string): string {
  const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
  if (levels.length === 0) return html;
  const shift = 2 - Math.min(...levels);
  return html.replace(/<(\/?)h([1-6])(?=[\s>])/g, (_tag, close: string, level: string) => {
    return `<${close}h${Math.min(6, Number(level) + shift)}`;
  });
}

function PromotionView({ promotion }: { promotion: Promotion }) {
  switch (promotionRendering(promotion)) {
    case "html":
      return (
        <div
          className="service-promo"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the API sends promotion HTML sanitised to formatting tags
          dangerouslySetInnerHTML={{ __html: headingsUnderTitle(promotion.html) }}
        />
      );
    case "linked-image":
      return (
        <a className="service-promo" href={promotion.url}>
          <img src={promotion.image} alt={promotion.title || "Current special"} width={1200} height={400} />
        </a>
      );
    case "image":
      return (
        <img
          className="service-promo"
          src={promotion.image}
          alt={promotion.title || "Current special"}
          width={1200}
          height={400}
        />
      );
    default:
      return null;
  }
}

function useSpecialsHead(title: string, description: string, path: string) {
  const { siteUrl } = useSite();
  usePageHead({
    title,
    description,
    canonical: path,
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: "Specials", path: paths.specials() },
        ...(path === paths.specials() ? [] : [{ name: title.replace(/, Calgary$/, ""), path }]),
      ]),
    ],
  });
}

/** /sales-specials and /service-specials: the department's promotions, lowest rank first. */
export function PromotionsPage({ department }: { department: Exclude<PromotionDepartment, "parts"> }) {
  const load = useResource(promotionsResource);
  const { business } = useSite();
  const title = department === "sales" ? "Sales Specials" : "Service Specials";
  useSpecialsHead(
    `${title}, Calgary`,
    department === "sales"
      ? "This month's offers on new and used GM and Isuzu fleet trucks and vans at our Calgary dealership."
      : "This month's service specials for fleet trucks, vans and buses at our Calgary heavy-duty shop.",
    department === "sales" ? paths.salesSpecials() : paths.serviceSpecials(),
  );
  const list = load.status === "done" ? promotionsForDepartment(load.value, department) : [];
  const phone = department === "sales" ? business.phone_sales : business.phone_service;
  return (
    <div className="service-page">
      <h1 className="service-page__title">{title}</h1>
      {load.status === "loading" ? <p className="service-muted">Loading...</p> : null}
      {load.status === "failed" ? (
        <p role="status">
          Our specials can't be shown right now. Call <a href={telHref(phone)}>{phone}</a> to hear this month's offers.
        </p>
      ) : null}
      {load.status === "done" && list.length === 0 ? (
        <p>
          There are no current specials. Call <a href={telHref(phone)}>{phone}</a> for fleet pricing.
        </p>
      ) : null}
      {load.status === "done" ? (
        <div className="service-promos">
          {list.map((p, i) => (
            <PromotionView key={p.id ?? `${p.department}-${p.rank}-${i}`} promotion={p} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function PartsSpecialsPage() {
  useSpecialsHead(
    "Parts Specials, Calgary",
    "Filter packs, heavy-duty brake pads and rotors, and winter wiper blades at fleet prices from our Calgary parts department.",
    paths.partsSpecials(),
  );
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
  useSpecialsHead(
    "Specials, Calgary",
    "Current sales, service and parts specials at Summit Heavy Fleet, Calgary's GM and Isuzu fleet dealer.",
    paths.specials(),
  );
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
