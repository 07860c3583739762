import { Fragment, useEffect } from "react";
import { Link, Navigate, useParams } from "react-router-dom";
import { applyPageMeta, BUSINESS_DETAILS, telHref } from "shared-types";
import { LeadsForm } from "../components/leads-form";
import { PageHero } from "../components/page-hero";
import { findSectionPage, HEADER_HEIGHT, HEADER_IMAGES, HEADER_WIDTH, type SectionPage } from "../data/service-pages";

const HOMES = {
  service: { path: "/service", label: "All services" },
  "body-shop": { path: "/body-shop", label: "Body shop services" },
} as const;

function BookingForm({ page, placement }: { page: SectionPage; placement: string }) {
  return (
    <section className="service-form" aria-label={`Book: ${page.title}`}>
      <LeadsForm
        form="leads/service-booking-form"
        props={{ section: page.section, serviceTitle: page.title, placement }}
      />
    </section>
  );
}

/** /services/{link} and /body-shop-services/{link}: one page per item, with its inline booking form(s). */
export function SectionItemPage({ section }: { section: SectionPage["section"] }) {
  const { link = "" } = useParams();
  const page = findSectionPage(section, link);
  useEffect(() => {
    if (page) applyPageMeta(page.metaTitle, page.metaDescription);
  }, [page]);
  if (!page) return <Navigate to={HOMES[section].path} replace />;
  const phone = section === "service" ? BUSINESS_DETAILS.phone_service : BUSINESS_DETAILS.phone_sales;
  return (
    <div className="service-page">
      <PageHero title={page.title} image={HEADER_IMAGES[page.header]} width={HEADER_WIDTH} height={HEADER_HEIGHT} />
      <p className="service-breadcrumb">
        <Link to={HOMES[section].path}>{HOMES[section].label}</Link>
      </p>
      <div className="service-article">
        <div className="service-article__text">
          <p className="service-page__intro">{page.lead}</p>
          {page.blocks.map((block) => (
            <Fragment key={block.heading}>
              <h2>{block.heading}</h2>
              {block.paragraphs?.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {block.list ? (
                <ul>
                  {block.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </Fragment>
          ))}
          <p>
            Questions? Call <a href={telHref(phone)}>{phone}</a>.
          </p>
        </div>
        <BookingForm page={page} placement="top" />
      </div>
      {page.forms === 2 ? <BookingForm page={page} placement="bottom" /> : null}
    </div>
  );
}
