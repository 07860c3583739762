import { Fragment } from "react";
import { breadcrumbJsonLd, Link, PeerForm, Redirect, usePageHead, useResource, useSite } from "remote-kit";
import { useParams } from "remote-kit/router";
import { paths, telHref } from "shared-types";
import { sectionPageResource } from "../api/resources";
import { BODY_SHOP_ESTIMATE, BookLink } from "../components/book-link";
import { PageHero } from "../components/page-hero";
import CONSUMES from "../contracts/consumes";
import { HEADER_HEIGHT, HEADER_IMAGES, HEADER_WIDTH, type SectionPage } from "../data/service-pages";

const HOMES = {
  service: { path: "/service", label: "All services", crumb: "Service" },
  "body-shop": { path: "/body-shop", label: "Body shop services", crumb: "Body Shop" },
} as const;

function BookingForm({ page, placement }: { page: SectionPage; placement: string }) {
  return (
    <section className="service-form" aria-label={`Book: ${page.title}`}>
      <PeerForm
        use={CONSUMES.modules.serviceBookingForm}
        props={{ section: page.section, serviceTitle: page.title, placement }}
      />
    </section>
  );
}

/** /services/{link} and /body-shop-services/{link}: one page per item, with its inline booking form(s). */
export function SectionItemPage({ section }: { section: SectionPage["section"] }) {
  const { link = "" } = useParams();
  const { siteUrl, business } = useSite();
  const load = useResource(sectionPageResource, section, link);
  const page = load.status === "done" ? load.value : null;
  const path = section === "service" ? paths.servicePage(link) : paths.bodyShopPage(link);
  usePageHead(
    page
      ? {
          title: page.metaTitle,
          description: page.metaDescription,
          canonical: path,
          jsonLd: [
            breadcrumbJsonLd(siteUrl, [
              { name: HOMES[section].crumb, path: HOMES[section].path },
              { name: page.title, path },
            ]),
          ],
        }
      : null,
  );
  if (load.status === "loading") return <p className="service-page service-muted">Loading...</p>;
  if (load.status === "failed") {
    return (
      <div className="service-page" role="alert">
        <h1 className="service-page__title">This page can't be shown right now</h1>
        <p>
          Please try again in a moment, or see <Link to={HOMES[section].path}>{HOMES[section].label}</Link>.
        </p>
      </div>
    );
  }
  if (!page) return <Redirect to={HOMES[section].path} />;
  const phone = section === "service" ? business.phone_service : business.phone_sales;
  return (
    <div className="service-page">
      <PageHero title={page.title} image={HEADER_IMAGES[page.header]} width={HEADER_WIDTH} height={HEADER_HEIGHT} />
      <p className="service-breadcrumb">
        <Link to={HOMES[section].path}>{HOMES[section].label}</Link>
      </p>
      <div className="service-article">
        <div className="service-article__text">
          <p className="service-page__intro">{page.lead}</p>
          <BookLink
            work={section === "service" ? link : BODY_SHOP_ESTIMATE}
            label={section === "service" ? "Book a time for this service" : "Book an estimate appointment"}
          />
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
