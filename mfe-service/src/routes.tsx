import { lazyPage, type RemoteRoute, RemoteRoutes } from "remote-kit";
import { paths } from "shared-types";
import {
  bookingLinkResource,
  bookingOptionsResource,
  freeTimesResource,
  lineupModelResource,
  planLinkResource,
  promotionsResource,
  sectionPageResource,
} from "./api/resources";
import { BODY_SHOP_ITEMS, SERVICE_ITEMS } from "./data/site-sections";
import "./service.css";

// each kind of page is its own chunk
const departmentPage = (department: "service" | "parts") =>
  lazyPage(() => import("./pages/department-page").then((m) => () => <m.DepartmentPage department={department} />));
const sectionItemPage = (section: "service" | "body-shop") =>
  lazyPage(() => import("./pages/section-item-page").then((m) => () => <m.SectionItemPage section={section} />));
const specialsPage = (page: "sales" | "service" | "parts" | "index") =>
  lazyPage(() =>
    import("./pages/specials-pages").then((m) =>
      page === "parts"
        ? m.PartsSpecialsPage
        : page === "index"
          ? m.SpecialsIndexPage
          : () => <m.PromotionsPage department={page} />,
    ),
  );
const ServicePage = departmentPage("service");
const PartsPage = departmentPage("parts");
const BookingPage = lazyPage(() => import("./pages/booking-page").then((m) => m.BookingPage));
const BookingLinkPage = lazyPage(() => import("./pages/booking-link-page").then((m) => m.BookingLinkPage));
const PlanPage = lazyPage(() => import("./pages/plan-page").then((m) => m.PlanPage));
const BodyShopPage = lazyPage(() => import("./pages/body-shop-page").then((m) => m.BodyShopPage));

const withModel: RemoteRoute["load"] = async ({ params, preload }) => {
  // a model's prefill is team catalog's data: without it the page still renders, and the browser asks again
  if (params.id) await preload(lineupModelResource, params.id).catch(() => undefined);
};

/**
 * Team service's routes (written into its manifest at build time: the host sends it the paths they match), rendered by its own server and hydrated in
 * the host. Contracts used: the promotions API; team catalog's published line-up models (a model's prefill);
 * team leads' forms (leads/service-request-form, leads/parts-request-form, leads/service-booking-form) rendered in
 * the browser.
 */
export const SERVICE_ROUTES: readonly RemoteRoute[] = [
  { path: "/service", element: ServicePage, sitemap: true },
  { path: "/service/:id", element: ServicePage, load: withModel },
  {
    path: "/book-service",
    element: BookingPage,
    query: ["work", "add", "from"],
    // the free times are as of this moment: no cache keeps them
    private: true,
    load: async ({ searchParams, preload }) => {
      const { kinds } = await preload(bookingOptionsResource);
      const known = new Set(kinds.map((kind) => kind.id));
      const work = searchParams.getAll("work").filter((kind) => known.has(kind));
      if (work.length > 0)
        await preload(freeTimesResource, work, searchParams.get("from") ?? "").catch(() => undefined);
    },
    sitemap: true,
  },
  {
    path: "/book-service/:token",
    element: BookingLinkPage,
    query: ["done"],
    private: true,
    load: async ({ params, preload }) => {
      const booking = await preload(bookingLinkResource, params.token ?? "");
      if (booking?.changeable) await preload(freeTimesResource, booking.kinds, "").catch(() => undefined);
    },
  },
  {
    path: "/book-service/plan/:token",
    element: PlanPage,
    query: ["done"],
    private: true,
    load: async ({ params, preload }) => void (await preload(planLinkResource, params.token ?? "")),
  },
  { path: "/parts", element: PartsPage, sitemap: true },
  { path: "/parts/:id", element: PartsPage, load: withModel },
  {
    path: "/services/:link",
    element: sectionItemPage("service"),
    load: async ({ params, preload }) => void (await preload(sectionPageResource, "service", params.link ?? "")),
    sitemap: ({ builtAt }) => SERVICE_ITEMS.map((item) => ({ path: paths.servicePage(item.link), lastmod: builtAt })),
  },
  { path: "/body-shop", element: BodyShopPage, sitemap: true },
  {
    path: "/body-shop-services/:link",
    element: sectionItemPage("body-shop"),
    load: async ({ params, preload }) => void (await preload(sectionPageResource, "body-shop", params.link ?? "")),
    sitemap: ({ builtAt }) =>
      BODY_SHOP_ITEMS.map((item) => ({ path: paths.bodyShopPage(item.link), lastmod: builtAt })),
  },
  {
    path: "/sales-specials",
    element: specialsPage("sales"),
    load: ({ preload }) => void preload(promotionsResource).catch(() => undefined),
    sitemap: true,
  },
  {
    path: "/service-specials",
    element: specialsPage("service"),
    load: ({ preload }) => void preload(promotionsResource).catch(() => undefined),
    sitemap: true,
  },
  { path: "/parts-specials", element: specialsPage("parts"), sitemap: true },
  { path: "/specials", element: specialsPage("index"), sitemap: true },
];

export default function ServiceRoutes() {
  return <RemoteRoutes remote="service" routes={SERVICE_ROUTES} />;
}
