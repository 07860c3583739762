import { breadcrumbJsonLd, Link, usePageHead, useSite } from "remote-kit";
import { paths } from "shared-types";

export function FinancingPage() {
  const { siteUrl } = useSite();
  usePageHead({
    title: "Fleet Financing and Leasing, Calgary",
    description:
      "Open-end and closed-end fleet leases and truck financing for Alberta businesses, with an online credit application.",
    canonical: paths.financing(),
    jsonLd: [breadcrumbJsonLd(siteUrl, [{ name: "Fleet Financing", path: paths.financing() }])],
  });
  return (
    <div className="catalog-page">
      <h1 className="catalog-page__title">Fleet Financing</h1>
      <p className="catalog-page__intro">
        Keep your capital working: finance or lease trucks and vans through our fleet team, with terms built around how
        your business uses its vehicles.
      </p>
      <div className="catalog-leases">
        <section className="catalog-lease">
          <h2>Open-End Lease</h2>
          <p>
            An open-end lease has no mileage limit and lets you end the lease early. At the end of the term, the truck
            is sold and you share in the difference between its value and the residual: a gain if it is worth more, a
            payment if it is worth less.
          </p>
          <p>
            <strong>Suits:</strong> high-mileage routes, trucks with upfit bodies, and fleets that want flexibility over
            when units are replaced.
          </p>
          <Link className="host-button host-button--primary" to={paths.financingForm()}>
            Apply for Financing
          </Link>
        </section>
        <section className="catalog-lease">
          <h2>Closed-End Lease</h2>
          <p>
            A closed-end lease fixes your payment and your mileage allowance for the term. At the end you return the
            vehicle and walk away; the residual value risk stays with the lessor.
          </p>
          <p>
            <strong>Suits:</strong> predictable budgets, light-duty pickups and vans on steady routes, and businesses
            that want no surprises at turn-in.
          </p>
          <Link className="host-button host-button--primary" to={paths.financingForm()}>
            Apply for Financing
          </Link>
        </section>
      </div>
    </div>
  );
}
