import { dealerJsonLd, Link, usePageHead, useSite } from "remote-kit";
import type { PageHead, SiteContext } from "remote-kit/protocol";
import { inventoryHrefForMake, paths, telHref, WORK_TRUCK_SEARCHES, workTruckSearchHref } from "shared-types";
import MapPlaceholder from "./map-placeholder";

const FLEET_SOLUTIONS = [
  {
    title: "Largest selection and custom orders",
    text: "Southern Alberta's widest choice of GM and Isuzu work trucks and vans in stock, and factory orders built to your fleet's exact specification when what you need isn't on the lot.",
  },
  {
    title: "Ready to roll",
    text: "We deliver units ready for work: upfitting with the bodies and equipment you need, signage and graphics, licensing, and telematics installed before the keys change hands.",
  },
  {
    title: "Delivered anywhere in Canada",
    text: "From Calgary to your yard: we deliver or drop ship across Canada, so a fleet in Halifax buys as easily as one in Red Deer.",
  },
  {
    title: "Maintenance, financing and leasing",
    text: "Preventative maintenance programs from our own heavy-duty service department, with flexible financing and open-end or closed-end leasing to keep your capital working.",
  },
];

/** The searches the home page links: the broad ones, which the dealership always has units for. */
const HOME_SEARCHES = new Set([
  "class-4-5-box-trucks",
  "refrigerated-trucks",
  "dump-landscape-trucks",
  "cab-chassis",
  "class-3-diesel-pickups",
  "crew-cab-pickups",
  "cargo-vans",
]);

const BRANDS = [
  { name: "GMC", href: inventoryHrefForMake("GMC"), note: "Sierra pickups, Canyon and Savana vans" },
  { name: "Isuzu", href: paths.lineup("isuzu"), note: "N-Series and F-Series low cab forward trucks" },
  { name: "Chevrolet", href: paths.lineup("gm"), note: "Silverado, Colorado and Express vans" },
  { name: "Buick", href: inventoryHrefForMake("Buick"), note: "Enclave and Encore GX for sales fleets" },
];

/** The home page's head: the server writes it into the first page, the page applies it after a navigation. */
export function homeHead({ siteUrl, business }: SiteContext): PageHead {
  return {
    title: `${business.name}: GM and Isuzu fleet trucks and vans, Calgary, Alberta`,
    description:
      "Calgary's commercial truck dealer for Alberta fleets: new and used GM and Isuzu trucks and vans, trailers, fleet financing and leasing, heavy-duty service, parts and a collision centre.",
    canonical: paths.home(),
    image: "/api/media/vehicles/box-truck/f4f5f6/1/r1200",
    imageAlt: "An Isuzu low cab forward box truck",
    jsonLd: [dealerJsonLd(siteUrl, business)],
  };
}

export function HomePage() {
  const site = useSite();
  const phone = site.business.phone_sales;
  usePageHead(homeHead(site));
  return (
    <div className="host-home">
      <section className="host-hero" aria-labelledby="host-hero-title">
        <div className="host-hero__inner">
          <p className="host-hero__eyebrow">Serving Alberta businesses for over 60 years</p>
          <h1 id="host-hero-title" className="host-hero__title">
            Quality Fleet Vehicles &amp; Services
          </h1>
          <p className="host-hero__lead">
            GM and Isuzu trucks and vans for work, with the service, parts and body shop to keep them earning.
          </p>
          <Link className="host-button host-button--primary host-hero__cta" to={paths.inventory()}>
            View Our Inventory
          </Link>
        </div>
      </section>

      <section className="host-section" aria-labelledby="host-solutions-title">
        <h2 id="host-solutions-title" className="host-section__title">
          Fleet Solutions
        </h2>
        <ul className="host-solutions">
          {FLEET_SOLUTIONS.map((s) => (
            <li key={s.title} className="host-solutions__item">
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="host-section" aria-labelledby="host-work-title">
        <h2 id="host-work-title" className="host-section__title">
          Shop by the Work
        </h2>
        <ul className="host-work-searches">
          {WORK_TRUCK_SEARCHES.filter((search) => HOME_SEARCHES.has(search.id)).map((search) => (
            <li key={search.id}>
              <Link className="host-work-searches__link" to={workTruckSearchHref(search)}>
                {search.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="host-section host-section--alt" aria-labelledby="host-brands-title">
        <h2 id="host-brands-title" className="host-section__title">
          Brands We Work With
        </h2>
        <ul className="host-brands">
          {BRANDS.map((b) => (
            <li key={b.name}>
              <Link className="host-brands__card" to={b.href}>
                <span className="host-brands__name">{b.name}</span>
                <span className="host-brands__note">{b.note}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="host-section" aria-labelledby="host-visit-title">
        <h2 id="host-visit-title" className="host-section__title">
          Visit Us
        </h2>
        <div className="host-visit">
          <MapPlaceholder />
          <p className="host-visit__text">
            Call sales at <a href={telHref(phone)}>{phone}</a> or{" "}
            <Link to={paths.contact("message_us")}>send us a message</Link>.
          </p>
        </div>
      </section>
    </div>
  );
}
