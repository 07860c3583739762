import type {
  AutoDealer,
  BreadcrumbList,
  DayOfWeek,
  ItemList,
  OpeningHoursSpecification,
  PostalAddress,
  WithContext,
} from "schema-dts";
import { type BusinessDetails, closuresAhead, type Department, dealershipToday, paths } from "shared-types";
import { absoluteUrl } from "./protocol.js";

/** Structured data (schema.org, JSON-LD) the pages put in their head; typed with schema-dts. */

export function dealerId(siteUrl: string): string {
  return `${siteUrl}/#dealer`;
}

/**
 * A department's hours in its structured data: its week, days with the same hours grouped (closed and
 * by-appointment days left out), and its closures not over yet as schema.org writes a day closed (opening and
 * closing at midnight), when it has any.
 */
function hoursOf(business: BusinessDetails, department: Department) {
  const groups = new Map<string, OpeningHoursSpecification & { dayOfWeek: DayOfWeek[] }>();
  for (const day of business.hours[department]) {
    for (const { open: opens, close: closes } of day.segments) {
      const group = groups.get(`${opens}-${closes}`) ?? {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: [],
        opens,
        closes,
      };
      group.dayOfWeek.push(`https://schema.org/${day.day}` as DayOfWeek);
      groups.set(`${opens}-${closes}`, group);
    }
  }
  const closed = closuresAhead(business.closures, dealershipToday())
    .filter((closure) => closure.departments.includes(department))
    .map(
      (closure): OpeningHoursSpecification => ({
        "@type": "OpeningHoursSpecification",
        validFrom: closure.from,
        validThrough: closure.to,
        opens: "00:00",
        closes: "00:00",
        description: closure.note,
      }),
    );
  return {
    openingHoursSpecification: [...groups.values()],
    ...(closed.length > 0 ? { specialOpeningHoursSpecification: closed } : {}),
  };
}

/**
 * The dealership, with its service department, parts department and body shop as departments, each with its own
 * hours (the body shop keeps the service department's hours).
 */
export function dealerJsonLd(siteUrl: string, business: BusinessDetails): WithContext<AutoDealer> {
  const address: PostalAddress = {
    "@type": "PostalAddress",
    streetAddress: business.address.line1,
    addressLocality: business.address.city,
    addressRegion: business.address.province,
    postalCode: business.address.postal_code,
    addressCountry: "CA",
  };
  const department = <T extends "AutoRepair" | "AutoPartsStore" | "AutoBodyShop">(
    type: T,
    page: string,
    name: string,
    telephone: string,
    hours: Department,
  ) => ({
    "@type": type,
    "@id": `${siteUrl}/#${page}`,
    name: `${business.name} ${name}`,
    url: `${siteUrl}/${page}`,
    telephone,
    ...hoursOf(business, hours),
    address,
    parentOrganization: { "@id": dealerId(siteUrl) },
  });
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    "@id": dealerId(siteUrl),
    name: business.name,
    url: `${siteUrl}/`,
    email: business.primary_email,
    telephone: business.phone_sales,
    address,
    geo: { "@type": "GeoCoordinates", latitude: business.geo.latitude, longitude: business.geo.longitude },
    ...hoursOf(business, "sales"),
    brand: ["Isuzu", "Chevrolet", "GMC", "Buick"].map((name) => ({ "@type": "Brand", name })),
    contactPoint: [
      { "@type": "ContactPoint", contactType: "sales", telephone: business.phone_sales, areaServed: "CA" },
      { "@type": "ContactPoint", contactType: "Isuzu truck sales", telephone: business.phone_isuzu, areaServed: "CA" },
      { "@type": "ContactPoint", contactType: "customer service", telephone: business.phone_service },
    ],
    department: [
      department("AutoRepair", "service", "Service Department", business.phone_service, "service"),
      department("AutoPartsStore", "parts", "Parts Department", business.phone_sales, "parts"),
      department("AutoBodyShop", "body-shop", "Collision Centre", business.phone_service, "service"),
    ],
  };
}

interface TrailStep {
  name: string;
  path: string;
}

/** Every trail starts at the home page: a page names only the steps after it. */
const HOME_STEP: TrailStep = { name: "Home", path: paths.home() };

export function breadcrumbJsonLd(siteUrl: string, trailAfterHome: readonly TrailStep[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [HOME_STEP, ...trailAfterHome].map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: absoluteUrl(siteUrl, step.path),
    })),
  };
}

interface ListedItem extends TrailStep {
  image?: string;
}

/** A list page (inventory results, a line-up, the trailers): its items in order, each with its own page. */
export function itemListJsonLd(siteUrl: string, name: string, items: readonly ListedItem[]): WithContext<ItemList> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      url: absoluteUrl(siteUrl, item.path),
      ...(item.image && absoluteUrl(siteUrl, item.image) ? { image: absoluteUrl(siteUrl, item.image) } : {}),
    })),
  };
}
