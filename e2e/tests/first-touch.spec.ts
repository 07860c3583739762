import type { Page } from "@playwright/test";
import { SITE_URL } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

/** Every page the main frame went to after the one the spec opened: a first touch must add none. */
function navigationsOf(page: Page): string[] {
  const went: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) went.push(frame.url());
  });
  return went;
}

async function aVehiclePage(): Promise<string> {
  const response = await fetch(`${SITE_URL}/api/inventory/all/?page_size=1`);
  const [vehicle] = ((await response.json()) as { vehicles: { stock_number: string }[] }).vehicles;
  return `/inventory/vehicle/${vehicle?.stock_number}`;
}

test.describe("the first touch, at once after the page loads, before any code has arrived", () => {
  // the visitor has reached for nothing yet: each island's code is fetched only by the touch itself
  test.use({ reachEveryIsland: false, hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test.beforeEach(async ({ page }) => {
    // the embedded map's own page, kept off the network
    await page.route("https://www.google.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Google Maps</title><p>map</p>" }),
    );
  });

  test("a tap on the map placeholder loads the map in place (SPEC: after a click), never leaving the site", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/");
    const went = navigationsOf(page);
    await expect(page.locator("fleet-island[data-island='host/map']")).not.toHaveAttribute("data-island-state", /./);
    await page.getByRole("link", { name: /Click to load the map/ }).tap();
    await expect(page.locator("iframe.host-map")).toHaveAttribute("src", /google\.com\/maps\?output=embed/);
    expect(went).toEqual([]);
    expect(page.url()).toBe(`${SITE_URL}/`);
    expect(pageErrors).toEqual([]);
  });

  test("a tap on Call Us Now shows the sales phone as a link (SPEC), and dials nothing by itself", async ({
    page,
    pageErrors,
  }) => {
    await page.goto(await aVehiclePage());
    const went = navigationsOf(page);
    await page.getByRole("link", { name: "Call Us Now" }).tap();
    await expect(page.getByRole("link", { name: "403-555-0140" }).first()).toHaveAttribute("href", "tel:+14035550140");
    await expect(page.locator(".inventory-vehicle__summary").getByText("Call Us Now")).toHaveCount(0);
    expect(went).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test("only when the code cannot arrive does the map's link do what it does without scripts", async ({ page }) => {
    await page.goto("/");
    // from now on no script of the site arrives
    await page.route("**/*.js", () => {});
    const tapped = Date.now();
    await page.getByRole("link", { name: /Click to load the map/ }).tap();
    await page.waitForURL(/google\.com\/maps\/search/, { timeout: 10_000 });
    // it waited for the code first (the page script's deadline)
    expect(Date.now() - tapped).toBeGreaterThanOrEqual(2_500);
  });
});

test.describe("a click with no pointer resting first", () => {
  test.use({ reachEveryIsland: false });

  test("the inventory toolbar's first click opens its panel", async ({ page, pageErrors }) => {
    await page.goto("/inventory");
    const went = navigationsOf(page);
    const tab = page.getByRole("button", { name: "Year", exact: true });
    const box = await tab.boundingBox();
    if (!box) throw new Error("no Year tab");
    // straight to the tab and pressed there: no hover before it
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(tab).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator(".inventory-refine__panel")).toBeVisible();
    expect(went).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

test.describe("code at hand before the touch", () => {
  // a phone, and a visitor who reads a moment before touching anything
  test.use({ reachEveryIsland: false, hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("at the first sign of intent the code of the parts on the screen is fetched, not run: the touch fetches none", async ({
    page,
    pageErrors,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/contact");
    const form = page.locator("fleet-island[data-island='leads/contact-form']");
    // a page nobody has moved on fetches nothing (Lighthouse's load, a visitor who only reads)
    await page.waitForTimeout(1_000);
    await expect(form).not.toHaveAttribute("data-island-code", /./);
    expect(scripts).toEqual([]);
    // the visitor turns the wheel by a line
    await page.mouse.wheel(0, 20);
    await expect(form).toHaveAttribute("data-island-code", "at-hand");
    // fetched, not run: nothing is interactive yet
    await expect(form).not.toHaveAttribute("data-island-state", /./);
    expect(scripts.length).toBeGreaterThan(0);
    const fetchedBefore = scripts.length;
    await form.getByLabel("First Name").tap();
    await expect(form).toHaveAttribute("data-island-state", "hydrated");
    expect(scripts.slice(fetchedBefore)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test("a part further down has its code fetched only as it nears the screen", async ({ page }) => {
    await page.goto(await aVehiclePage());
    const gallery = page.locator("fleet-island[data-island='inventory/island/gallery']");
    const form = page.locator("fleet-island[data-island='leads/vehicle-contact-form']");
    await page.mouse.wheel(0, 20);
    await expect(gallery).toHaveAttribute("data-island-code", "at-hand");
    await expect(form).not.toHaveAttribute("data-island-code", /./);
    await form.locator("xpath=./*[1]").scrollIntoViewIfNeeded();
    await expect(form).toHaveAttribute("data-island-code", "at-hand");
  });
});
