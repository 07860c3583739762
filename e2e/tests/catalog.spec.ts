import { SITE_URL } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

/** What the inventory search itself finds for one make's model (a model filter alone: SPEC §4's make/model rule). */
async function apiCount(make: string, model: string): Promise<number> {
  const query = new URLSearchParams({ model, page_size: "100" });
  const response = await fetch(`${SITE_URL}/api/inventory/all/?${query}`);
  const body = (await response.json()) as { vehicles: { make: string }[] };
  return body.vehicles.filter((v) => v.make === make).length;
}

test.describe("catalog: line-ups, models and financing", () => {
  test("the Isuzu line-up: title, Isuzu phone, 16 cards whose stock counts match the inventory", async ({
    page,
    pageErrors,
  }) => {
    const countRequests: string[] = [];
    page.on("request", (r) => r.url().includes("/api/inventory/model-counts") && countRequests.push(r.url()));
    await page.goto("/line-up/isuzu");
    await expect(page).toHaveTitle("Isuzu fleet dealer, Calgary, Alberta");
    await expect(page.locator(".catalog-page__call").getByRole("link")).toHaveText("403-555-0177");
    const cards = page.locator(".catalog-card");
    await expect(cards).toHaveCount(16);
    await expect(cards.locator("img")).toHaveCount(16);
    for (const [name, make, model] of [
      ["Isuzu NRR Diesel", "Isuzu", "NRR"],
      ["Isuzu FVR Diesel Class 7", "Isuzu", "FVR"],
      ["Isuzu NRR EV", "Isuzu", "NRR EV"],
    ] as const) {
      const card = cards.filter({ has: page.getByRole("heading", { name, exact: true }) });
      const expected = await apiCount(make, model);
      if (expected > 0) {
        await expect(card.getByRole("link", { name: `${expected} In Stock` })).toBeVisible();
      } else {
        await expect(card.getByRole("link", { name: "Make an Inquiry" })).toBeVisible();
      }
    }
    // every card's count came with the page, from one request of the catalog's server: the browser asks none
    expect(countRequests).toHaveLength(0);
    // three columns from 820 px
    const tops = await cards.evaluateAll((els) =>
      els.slice(0, 3).map((e) => Math.round(e.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  test("the GM line-up on a phone: one column, the sales phone, an in-stock link that filters the inventory", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/line-up/gm");
    await expect(page).toHaveTitle("GM fleet dealer, Calgary, Alberta");
    await expect(page.locator(".catalog-page__call").getByRole("link")).toHaveText("403-555-0140");
    const cards = page.locator(".catalog-card");
    await expect(cards).toHaveCount(10);
    const lefts = await cards.evaluateAll((els) =>
      els.slice(0, 2).map((e) => Math.round(e.getBoundingClientRect().left)),
    );
    expect(lefts[0]).toBe(lefts[1]);
    const stock = page.getByRole("link", { name: /In Stock$/ }).first();
    await stock.click();
    await expect(page).toHaveURL(/\/inventory\?.*filters=/);
    await expect(page.getByRole("heading", { level: 1, name: "Find Your Vehicle" })).toBeVisible();
  });

  test("a model page: spec tables, the four links and its own title and description", async ({ page, pageErrors }) => {
    await page.goto("/line-up/isuzu/isuzu-nqr-diesel");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Isuzu NQR Diesel");
    await expect(page).toHaveTitle("Isuzu NQR diesel low cab forward trucks, Calgary");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /17,950 lb GVWR/);
    for (const caption of ["Under and Behind Cab", "Interior", "Warranty", "Support", "Accessories"]) {
      await expect(page.locator("caption", { hasText: caption })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "403-555-0177" })).toBeVisible();
    await page.getByRole("link", { name: "Request a Quote to Purchase" }).click();
    await expect(page).toHaveURL(/\/contact\/quote\/isuzu-nqr-diesel$/);
    await expect(page.getByText("Isuzu NQR", { exact: false }).first()).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("link", { name: "See Our Full ISUZU Inventory" })).toHaveAttribute(
      "href",
      "/line-up/isuzu",
    );
    await expect(page.getByRole("link", { name: "Request a Vehicle Service" })).toHaveAttribute(
      "href",
      "/service/isuzu-nqr-diesel",
    );
    expect(pageErrors).toEqual([]);
  });

  test("an unknown model says Invalid Model ID; the old shared FVR id still opens an FVR", async ({ page }) => {
    await page.goto("/line-up/isuzu/isuzu-npr-zz");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invalid Model ID");
    await page.goto("/line-up/isuzu/isuzu-fvr-diesel");
    await expect(page).toHaveURL(/\/line-up\/isuzu\/isuzu-fvr-diesel-class-6$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Isuzu FVR Diesel Class 6");
  });

  test("financing explains both leases and embeds the credit application with a fallback link", async ({ page }) => {
    await page.route("https://www.dealertrack.ca/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<h1>Credit application</h1>" }),
    );
    await page.goto("/get-financing");
    await expect(page.getByRole("heading", { name: "Open-End Lease" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Closed-End Lease" })).toBeVisible();
    await page.getByRole("link", { name: "Apply for Financing" }).first().click();
    await expect(page).toHaveURL(/\/get-financing\/form$/);
    const frame = page.locator("iframe.catalog-credit-frame");
    await expect(frame).toBeVisible();
    const width = await frame.evaluate((f) => f.getBoundingClientRect().width);
    const container = await page.locator(".catalog-page").evaluate((c) => c.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(container * 0.9);
    await expect(page.frameLocator("iframe.catalog-credit-frame").getByRole("heading")).toHaveText(
      "Credit application",
    );
    await expect(page.getByRole("link", { name: "open the credit application in a new tab" })).toHaveAttribute(
      "target",
      "_blank",
    );
  });
});
