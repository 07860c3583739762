import type { Page } from "@playwright/test";
import { PUBLIC_SITE_URL, SITE_URL } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

/** A unit for sale now, as the API has it. */
async function anAvailableVehicle(): Promise<{ stock_number: string; year: number; make: string; model: string }> {
  const response = await fetch(`${SITE_URL}/api/inventory/all/?page_size=1&sort=age_desc`);
  return (
    (await response.json()) as { vehicles: { stock_number: string; year: number; make: string; model: string }[] }
  ).vehicles[0] as never;
}

interface ServerPage {
  path: string;
  h1: RegExp;
  /** The schema.org types the page's structured data must include. */
  jsonLd: string[];
}

/** Every kind of route of SPEC §2: what the server's HTML alone must carry. */
const PAGES: ServerPage[] = [
  { path: "/", h1: /Quality Fleet Vehicles & Services/, jsonLd: ["AutoDealer"] },
  { path: "/contact", h1: /Contact Us/, jsonLd: ["AutoDealer", "BreadcrumbList"] },
  { path: "/line-up/isuzu", h1: /Isuzu Commercial Trucks/, jsonLd: ["ItemList", "BreadcrumbList"] },
  { path: "/line-up/gm", h1: /GM Fleet Trucks and Vans/, jsonLd: ["ItemList", "BreadcrumbList"] },
  { path: "/line-up/isuzu/isuzu-nrr-diesel", h1: /Isuzu NRR Diesel/, jsonLd: ["ProductModel", "BreadcrumbList"] },
  { path: "/inventory", h1: /Find Your Vehicle/, jsonLd: ["ItemList", "BreadcrumbList"] },
  { path: "/trailer-inventory", h1: /Trailer Inventory/, jsonLd: ["ItemList", "BreadcrumbList"] },
  { path: "/trailer-inventory/TR410281", h1: /Haulmark Transport 7x16/, jsonLd: ["Vehicle", "BreadcrumbList"] },
  { path: "/get-financing", h1: /Fleet Financing/, jsonLd: ["BreadcrumbList"] },
  { path: "/get-financing/form", h1: /Online Credit Application/, jsonLd: ["BreadcrumbList"] },
  { path: "/service", h1: /Service Department/, jsonLd: ["BreadcrumbList"] },
  { path: "/service/isuzu-nrr-diesel", h1: /Service Department/, jsonLd: ["BreadcrumbList"] },
  { path: "/parts", h1: /Parts Department/, jsonLd: ["BreadcrumbList"] },
  {
    path: "/services/commercial-vehicle-inspection",
    h1: /Commercial Vehicle Inspection/,
    jsonLd: ["BreadcrumbList"],
  },
  { path: "/body-shop", h1: /Body Shop/, jsonLd: ["BreadcrumbList"] },
  { path: "/body-shop-services/sand-blasting", h1: /Sand Blasting/, jsonLd: ["BreadcrumbList"] },
  { path: "/sales-specials", h1: /Sales Specials/, jsonLd: ["BreadcrumbList"] },
  { path: "/service-specials", h1: /Service Specials/, jsonLd: ["BreadcrumbList"] },
  { path: "/parts-specials", h1: /Parts Specials/, jsonLd: ["BreadcrumbList"] },
  { path: "/specials", h1: /Specials/, jsonLd: ["BreadcrumbList"] },
  { path: "/contact/more-info/TR410281", h1: /Haulmark Transport 7x16/, jsonLd: [] },
  { path: "/contact/inquiry/isuzu-nrr-ev", h1: /More Information/, jsonLd: [] },
  { path: "/contact/quote/gmc-sierra-2500hd", h1: /More Information/, jsonLd: [] },
];

/** What a crawler or link preview sees: the server's HTML, no script run. */
async function readHead(page: Page) {
  const meta = (selector: string) => page.locator(selector).first().getAttribute("content");
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as Record<string, unknown>,
  );
  return {
    title: await page.title(),
    description: await meta('meta[name="description"]'),
    canonical: await page.locator('link[rel="canonical"]').getAttribute("href"),
    ogTitle: await meta('meta[property="og:title"]'),
    ogImage: await page.locator('meta[property="og:image"]').count(),
    twitterCard: await meta('meta[name="twitter:card"]'),
    jsonLd,
    types: jsonLd.map((item) => item["@type"] as string),
  };
}

test.describe("every route arrives as complete HTML", () => {
  test.use({ javaScriptEnabled: false });

  test("each kind of route: its content, its own head and its structured data, before any script", async ({ page }) => {
    const vehicle = await anAvailableVehicle();
    const pages: ServerPage[] = [
      ...PAGES,
      {
        path: `/inventory/vehicle/${vehicle.stock_number}`,
        h1: new RegExp(`${vehicle.year} ${vehicle.make} ${vehicle.model}`),
        jsonLd: ["Car", "BreadcrumbList"],
      },
    ];
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const expected of pages) {
      await page.goto(expected.path);
      await expect(page.getByRole("heading", { level: 1 }).first(), expected.path).toHaveText(expected.h1);
      const head = await readHead(page);
      expect(head.title, expected.path).not.toBe("Summit Heavy Fleet");
      expect(head.description?.length ?? 0, `${expected.path} description`).toBeGreaterThan(40);
      expect(head.canonical, expected.path).toBe(`${PUBLIC_SITE_URL}${expected.path === "/" ? "/" : expected.path}`);
      expect(head.ogTitle, expected.path).toBe(head.title);
      expect(head.twitterCard, expected.path).toMatch(/^summary/);
      for (const type of expected.jsonLd) expect(head.types, expected.path).toContain(type);
      titles.add(head.title);
      descriptions.add(head.description ?? "");
    }
    // service and parts for a model share their department's heading, never its title
    expect(titles.size).toBe(pages.length);
    expect(descriptions.size).toBe(pages.length);
  });

  test("a vehicle page: Car with its Offer in CAD, VIN, odometer in km, brand, model, year, images and seller", async ({
    page,
  }) => {
    const vehicle = await anAvailableVehicle();
    await page.goto(`/inventory/vehicle/${vehicle.stock_number}`);
    const { jsonLd } = await readHead(page);
    const car = jsonLd.find((item) => item["@type"] === "Car") as Record<string, unknown>;
    expect(car.vehicleIdentificationNumber).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(car.mileageFromOdometer).toMatchObject({ "@type": "QuantitativeValue", unitCode: "KMT" });
    expect(car.brand).toEqual({ "@type": "Brand", name: vehicle.make });
    expect(car.model).toBe(vehicle.model);
    expect(car.vehicleModelDate).toBe(String(vehicle.year));
    // the dealership's photographs, as large JPEGs any reader of structured data can take
    const images = car.image as string[];
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((src) => /\/api\/media\/photos\/[0-9a-f]{32}\/1280\.jpeg$/.test(src))).toBe(true);
    expect(images.every((src) => src.startsWith(`${PUBLIC_SITE_URL}/`))).toBe(true);
    expect(car.offers).toMatchObject({
      "@type": "Offer",
      availability: "https://schema.org/InStock",
      seller: { "@id": `${PUBLIC_SITE_URL}/#dealer` },
    });
    const offer = car.offers as { price?: number; priceCurrency?: string };
    if (offer.price !== undefined) expect(offer.priceCurrency).toBe("CAD");
    expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(
      /^https:\/\/summitheavyfleet\.ca\/api\/media\/photos\/[0-9a-f]{32}\/1280\.jpeg$/,
    );
  });

  test("the dealership: address, phones, geo and its three departments with their own hours", async ({ page }) => {
    await page.goto("/contact");
    const dealer = (await readHead(page)).jsonLd.find((item) => item["@type"] === "AutoDealer") as Record<
      string,
      unknown
    >;
    expect(dealer.address).toMatchObject({ addressLocality: "Calgary", addressRegion: "AB" });
    expect(dealer.telephone).toBe("403-555-0140");
    expect(dealer.geo).toMatchObject({ "@type": "GeoCoordinates" });
    const departments = dealer.department as { "@type": string; openingHoursSpecification: unknown[] }[];
    expect(departments.map((d) => d["@type"])).toEqual(["AutoRepair", "AutoPartsStore", "AutoBodyShop"]);
    const parts = departments[1]?.openingHoursSpecification as { dayOfWeek: string[]; opens: string }[];
    // parts is open on Saturday (SPEC §9), sales is not
    expect(parts.some((h) => h.dayOfWeek.includes("https://schema.org/Saturday") && h.opens === "08:00")).toBe(true);
    const sales = dealer.openingHoursSpecification as { dayOfWeek: string[] }[];
    expect(sales.some((h) => h.dayOfWeek.includes("https://schema.org/Saturday"))).toBe(false);
  });

  test("the inventory's filters and page come from the URL, on the server", async ({ page }) => {
    await page.goto(`/inventory?page=2&filters=${encodeURIComponent(JSON.stringify({ make: ["Isuzu"] }))}`);
    await expect(page.locator(".inventory-count")).toHaveText(/^21 to \d+ of \d+ Vehicles$/);
    const titles = await page.locator(".inventory-item__title").allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toContain("Isuzu");
    await expect(page).toHaveTitle("Isuzu trucks and vans for sale, Calgary (page 2)");
  });

  test("the embedded page data cannot break out of its script element", async ({ page, request }) => {
    const hostile = "</script><script>window.pwned=1</script><!--";
    const response = await request.get(`/inventory?search=${encodeURIComponent(hostile)}`);
    const html = await response.text();
    const blocks = html.match(/<script type="application\/json"[^>]*>[\s\S]*?<\/script>/g) ?? [];
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    for (const block of blocks) {
      const body = block.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "");
      expect(body).not.toContain("</script");
      expect(body).not.toContain("<!--");
      JSON.parse(body);
    }
    await page.goto(`/inventory?search=${encodeURIComponent(hostile)}`);
    await expect(page.getByRole("heading", { level: 1, name: "Find Your Vehicle" })).toBeVisible();
  });
});
