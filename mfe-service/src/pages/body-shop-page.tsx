import { useEffect } from "react";
import { Link } from "react-router-dom";
import { applyPageMeta, BODY_SHOP_ITEMS, paths } from "shared-types";

export function BodyShopPage() {
  useEffect(() => applyPageMeta("Heavy Truck Collision Centre and Body Shop, Calgary"), []);
  return (
    <div className="service-page">
      <header className="service-hero service-hero--body-shop">
        <h1 className="service-page__title">Body Shop</h1>
      </header>
      <p className="service-page__intro">
        Our collision centre repairs and refinishes everything from half-ton pickups to highway tractors, motor homes
        and buses. Two 65 ft paint booths mean a full-length unit is painted in one piece, and our estimators work
        directly with your insurer.
      </p>
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
