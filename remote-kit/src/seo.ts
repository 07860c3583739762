import type {
  AutoBodyShop,
  AutoDealer,
  AutoPartsStore,
  AutoRepair,
  BreadcrumbList,
  DayOfWeek,
  ItemList,
  OpeningHoursSpecification,
  PostalAddress,
  WithContext,
} from "schema-dts";
import {
  type BusinessDetails,
  closuresAhead,
  type DayHours,
  type Department,
  dealershipToday,
  paths,
} from "shared-types";
import { absoluteUrl } from "./protocol.js";

/** Structured data (schema.org, JSON-LD) the pages put in their head; typed with schema-dts. */

export function dealerId(siteUrl: string): string {
  return `${siteUrl}/#dealer`;
}

/** Days with the same hours grouped into one specification; closed and by-appointment days are left out. */
export function openingHoursSpecification(week: readonly DayHours[]): OpeningHoursSpecification[] {
  const groups = new Map<string, { days: DayOfWeek[]; opens: string; closes: string }>();
  for (const day of week) {
    for (const segment of day.segments) {
      const key = `${segment.open}-${segment.close}`;
      const group = groups.get(key) ?? { days: [], opens: segment.open, closes: segment.close };
      group.days.push(`https://schema.org/${day.day}` as DayOfWeek);
      groups.set(key, group);
    }
  }
  return [...groups.values()].map((g) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: g.days,
    opens: g.opens,
    closes: g.closes,
  }));
}

/** The department's closures not over yet, as schema.org writes a day closed: opening and closing at midnight. */
export function specialOpeningHoursSpecification(
  business: BusinessDetails,
  department: Department,
  today = dealershipToday(),
): OpeningHoursSpecification[] {
  return closuresAhead(business.closures, today)
    .filter((closure) => closure.departments.includes(department))
    .map((closure) => ({
      "@type": "OpeningHoursSpecification",
      validFrom: closure.from,
      validThrough: closure.to,
      opens: "00:00",
      closes: "00:00",
      description: closure.note,
    }));
}

/** The department's closures in its structured data, when it has any. */
const closedDays = (business: BusinessDetails, department: Department) => {
  const days = specialOpeningHoursSpecification(business, department);
  return days.length > 0 ? { specialOpeningHoursSpecification: days } : {};
};

function postalAddress(business: BusinessDetails): PostalAddress {
  const { address } = business;
  return {
    "@type": "PostalAddress",
    streetAddress: address.line1,
    addressLocality: address.city,
    addressRegion: address.province,
    postalCode: address.postal_code,
    addressCountry: "CA",
  };
}

/**
 * The dealership, with its service department, parts department and body shop as departments, each with its own
 * hours (the body shop keeps the service department's hours).
 */
export function dealerJsonLd(siteUrl: string, business: BusinessDetails): WithContext<AutoDealer> {
  const address = postalAddress(business);
  const common = { address, parentOrganization: { "@id": dealerId(siteUrl) } };
  const service: AutoRepair = {
    "@type": "AutoRepair",
    "@id": `${siteUrl}/#service`,
    name: `${business.name} Service Department`,
    url: `${siteUrl}/service`,
    telephone: business.phone_service,
    openingHoursSpecification: openingHoursSpecification(business.hours.service),
    ...closedDays(business, "service"),
    ...common,
  };
  const parts: AutoPartsStore = {
    "@type": "AutoPartsStore",
    "@id": `${siteUrl}/#parts`,
    name: `${business.name} Parts Department`,
    url: `${siteUrl}/parts`,
    telephone: business.phone_sales,
    openingHoursSpecification: openingHoursSpecification(business.hours.parts),
    ...closedDays(business, "parts"),
    ...common,
  };
  const bodyShop: AutoBodyShop = {
    "@type": "AutoBodyShop",
    "@id": `${siteUrl}/#body-shop`,
    name: `${business.name} Collision Centre`,
    url: `${siteUrl}/body-shop`,
    telephone: business.phone_service,
    openingHoursSpecification: openingHoursSpecification(business.hours.service),
    ...closedDays(business, "service"),
    ...common,
  };
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
    openingHoursSpecification: openingHoursSpecification(business.hours.sales),
    ...closedDays(business, "sales"),
    brand: [
      { "@type": "Brand", name: "Isuzu" },
      { "@type": "Brand", name: "Chevrolet" },
      { "@type": "Brand", name: "GMC" },
      { "@type": "Brand", name: "Buick" },
    ],
    contactPoint: [
      { "@type": "ContactPoint", contactType: "sales", telephone: business.phone_sales, areaServed: "CA" },
      { "@type": "ContactPoint", contactType: "Isuzu truck sales", telephone: business.phone_isuzu, areaServed: "CA" },
      { "@type": "ContactPoint", contactType: "customer service", telephone: business.phone_service },
    ],
    department: [service, parts, bodyShop],
  };
}

export interface TrailStep {
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

export interface ListedItem {
  name: string;
  path: string;
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
