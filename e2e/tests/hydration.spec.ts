import { DEV_SITE_URL, SITE_URL } from "../fixtures/site-processes";
import { expect, reachIslands, test } from "../fixtures/test";

/**
 * Against the host serving React's development build, which reports every hydration mismatch (text, attributes,
 * structure) on the console: each kind of route must adopt the server's HTML as it is, without a second fetch.
 */
test.use({ baseURL: DEV_SITE_URL });

async function anAvailableStockNumber(): Promise<string> {
  const response = await fetch(`${SITE_URL}/api/inventory/all/?page_size=1`);
  return ((await response.json()) as { vehicles: { stock_number: string }[] }).vehicles[0]?.stock_number ?? "";
}

const ROUTES = [
  "/",
  "/contact",
  "/contact/more-info/TR410281",
  "/contact/inquiry/isuzu-nrr-ev",
  "/contact/quote/gmc-sierra-2500hd",
  "/line-up/isuzu",
  "/line-up/gm/chevrolet-silverado-2500hd",
  "/get-financing",
  "/get-financing/form",
  "/inventory",
  "/inventory?page=2&sort=price_asc",
  "/inventory?search=unicorn",
  "/inventory/vehicle/NOPE0000",
  "/trailer-inventory",
  "/trailer-inventory/TR410281",
  "/service",
  "/service/isuzu-nrr-diesel",
  "/parts/isuzu-npr-gas",
  "/services/commercial-vehicle-inspection",
  "/body-shop",
  "/body-shop-services/estimates",
  "/sales-specials",
  "/service-specials",
  "/parts-specials",
  "/specials",
];

test("every kind of route hydrates the server's HTML with no warning and no second fetch", async ({
  page,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const routes = [...ROUTES, `/inventory/vehicle/${await anAvailableStockNumber()}`];
  const problems: string[] = [];
  page.on("console", (message) => {
    // a page that answers 404 (a unit no longer for sale) is reported by the browser itself: expected
    if (/^Failed to load resource: the server responded with a status of 404/.test(message.text())) return;
    if (message.type() === "error" || message.type() === "warning")
      problems.push(`${message.type()}: ${message.text()}`);
  });
  const dataRequests: string[] = [];
  // not page data: drawn images, and the signed moment a form appeared (one per visitor, so never in the HTML)
  const notPageData = ["/api/media/", "/api/leads/start"];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/") && !notPageData.some((p) => url.pathname.startsWith(p))) {
      dataRequests.push(url.pathname);
    }
  });
  for (const path of routes) {
    problems.length = 0;
    dataRequests.length = 0;
    await page.goto(path);
    const serverHeading = await page.locator("h1").first().elementHandle();
    // the region is hydrated when its remote's code has run: the host marks the page ready, and the remote's
    // own interactive pieces respond
    await page.locator("html[data-host-ready]").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    // every island became interactive: none failed to load or hydrate
    const failed = await page
      .locator('fleet-island:not([data-island-state="hydrated"])')
      .evaluateAll((islands) => islands.map((i) => i.getAttribute("data-island")));
    expect(failed, `${path}: islands not hydrated`).toEqual([]);
    expect(problems, `${path}: console`).toEqual([]);
    expect(dataRequests, `${path}: data fetched again in the browser`).toEqual([]);
    // hydration adopts the server's nodes; a client re-render would have replaced the heading
    expect(
      await page.evaluate((h) => h?.isConnected && h === document.querySelector("h1"), serverHeading),
      `${path}: the server's heading was replaced`,
    ).toBe(true);
  }
  expect(pageErrors).toEqual([]);
});

test("islands are interactive; a link loads the page the server composed, with its own head", async ({
  page,
  pageErrors,
}) => {
  await page.goto("/inventory");
  await page.getByRole("button", { name: /^Year/ }).click();
  await expect(page.getByRole("button", { name: /^Year/ })).toHaveAttribute("aria-expanded", "true");
  await page.locator(".inventory-item__title a").first().click();
  await expect(page.locator(".inventory-vehicle__summary")).toBeVisible();
  await expect(page).toHaveTitle(/for sale in Calgary \| Stock #/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/inventory\/vehicle\//);
  await expect
    .poll(() => page.locator('script[type="application/ld+json"]').allTextContents())
    .toContainEqual(expect.stringContaining('"@type":"Car"'));
  // every island of the vehicle page hydrates on its own once reached for
  await page.locator("html[data-host-ready]").waitFor({ state: "attached" });
  await reachIslands(page);
  const states = await page
    .locator("fleet-island")
    .evaluateAll((islands) =>
      islands.map((i) => `${i.getAttribute("data-island")}=${i.getAttribute("data-island-state")}`),
    );
  expect(states).toEqual(
    expect.arrayContaining(["leads/vehicle-contact-form=hydrated", "inventory/island/gallery=hydrated"]),
  );
  expect(states.every((s) => s.endsWith("=hydrated"))).toBe(true);
  expect(pageErrors).toEqual([]);
});
