import { breadcrumbJsonLd, Link, usePageHead, useSite } from "remote-kit";
import { paths } from "shared-types";
import { BODY_SHOP_ESTIMATE, BookLink } from "../components/book-link";
import { PageHero } from "../components/page-hero";
import { HEADER_HEIGHT, HEADER_IMAGES, HEADER_WIDTH } from "../data/service-pages";
import { BODY_SHOP_ITEMS } from "../data/site-sections";

export function BodyShopPage() {
  const { siteUrl } = useSite();
  usePageHead({
    title: "Heavy Truck Collision Centre and Body Shop, Calgary",
    description:
      "Collision repair, frame straightening and paint for trucks, buses and motor homes, with two 65 ft paint booths.",
    canonical: paths.bodyShop(),
    jsonLd: [breadcrumbJsonLd(siteUrl, [{ name: "Body Shop", path: paths.bodyShop() }])],
  });
  return (
    <div className="service-page">
      <PageHero title="Body Shop" image={HEADER_IMAGES.paint} width={HEADER_WIDTH} height={HEADER_HEIGHT} />
      <p className="service-page__intro">
        Our collision centre repairs and refinishes everything from half-ton pickups to highway tractors, motor homes
        and buses. Two 65 ft paint booths mean a full-length unit is painted in one piece, and our estimators work
        directly with your insurer.
      </p>
      <BookLink work={BODY_SHOP_ESTIMATE} label="Book an estimate appointment" />
      <ul className="service-grid">
        {BODY_SHOP_ITEMS.map((item) => (
          <li key={item.link}>
            <Link className="service-grid__link" to={paths.bodyShopPage(item.link)}>
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
