import type { Page } from "@playwright/test";
import { SITE_URL } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

async function apiSize(query: string): Promise<number> {
  return ((await (await fetch(`${SITE_URL}/api/inventory/all/?${query}`)).json()) as { size: number }).size;
}
const titles = (page: Page) => page.locator('[data-remote="inventory"] .inventory-item__title').allTextContents();
const countLine = (page: Page) => page.locator(".inventory-count");

test.describe("inventory search", () => {
  test("first page, the range text, paging and the pager's shape", async ({ page, pageErrors }) => {
    const total = await apiSize("");
    await page.goto("/inventory");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Your Vehicle");
    await expect(countLine(page)).toHaveText(`1 to 20 of ${total} Vehicles`);
    await expect(page.locator(".inventory-item")).toHaveCount(20);
    const firstPage = await titles(page);
    const pager = page.getByRole("navigation", { name: "Pages" });
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(countLine(page)).toHaveText(`21 to 40 of ${total} Vehicles`);
    expect(await titles(page)).not.toEqual(firstPage);
    await pager.getByRole("link", { name: "5", exact: true }).click();
    await expect(pager.getByRole("link", { name: /^\d+$/ })).toHaveText(["2", "3", "4", "5", "6", "7", "8"]);
    await expect(pager.getByRole("link", { name: "5", exact: true })).toHaveAttribute("aria-current", "page");
    // every result links to its enquiry form
    await expect(page.locator(".inventory-item").first().getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      /^\/contact\/more-info\/[A-Z0-9]+$/,
    );
    await page.goBack();
    await expect(countLine(page)).toHaveText(`21 to 40 of ${total} Vehicles`);
    expect(pageErrors).toEqual([]);
  });

  test("the toolbar filters by make and model, sorts, and the URL reproduces the view", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/inventory");
    await page.getByRole("button", { name: "Make and Model" }).click();
    await page.getByRole("button", { name: "Isuzu models" }).click();
    // click, not check(): the box follows the URL, which the click changes a moment later
    await page.getByLabel(/^NRR \(\d+\)$/).click();
    await expect(page.getByLabel(/^NRR \(\d+\)$/)).toBeChecked();
    await expect(page).toHaveURL(/filters=/);
    const nrr = await apiSize("model=NRR");
    await expect(countLine(page)).toHaveText(
      nrr > 20 ? `1 to 20 of ${nrr} Vehicles` : `${nrr} Vehicle${nrr === 1 ? "" : "s"}`,
    );
    // a make and its models are exclusive: choosing All Isuzu drops the NRR choice
    await page.getByLabel("All Isuzu").click();
    await expect(page.getByLabel("All Isuzu")).toBeChecked();
    await expect(page.getByLabel(/^NRR \(\d+\)$/)).not.toBeChecked();
    const isuzu = await apiSize("make=Isuzu");
    await expect(countLine(page)).toContainText(String(isuzu));
    await page.getByRole("button", { name: /^Sort Order/ }).click();
    await expect(page.getByRole("button", { name: "Make and Model" })).toHaveAttribute("aria-expanded", "false");
    await page.getByLabel("Price Low to High").click();
    await expect(page).toHaveURL(/sort=price_asc/);
    await expect(page.getByText("Updating results...")).toHaveCount(0);
    const prices = await page.locator(".inventory-item .inventory-price").first().textContent();
    const shared = page.url();
    await page.goto("about:blank");
    await page.goto(shared);
    await expect(countLine(page)).toContainText(String(isuzu));
    await expect(page.locator(".inventory-item .inventory-price").first()).toHaveText(prices ?? "");
    expect(pageErrors).toEqual([]);
  });

  test("a search term from the toolbar, filters straight from a link, and Clear All", async ({ page }) => {
    await page.goto("/inventory");
    await page.getByRole("button", { name: /^Search Term/ }).click();
    await page.getByPlaceholder(/Backup Camera, Lifted, Red, 2019/).fill("backup camera");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/search=backup\+camera|search=backup%20camera/);
    const searched = (await (await fetch(`${SITE_URL}/api/inventory/search/backup%20camera`)).json()) as {
      size: number;
    };
    await expect(countLine(page)).toContainText(String(searched.size));

    await page.goto(`/inventory?filters=${encodeURIComponent(JSON.stringify({ make: ["GMC"], condition: ["used"] }))}`);
    const gmcUsed = await apiSize("make=GMC&condition=used");
    await expect(countLine(page)).toContainText(String(gmcUsed));
    await expect(page.getByRole("button", { name: "Make and Model (1)" })).toBeVisible();
    await page.getByRole("button", { name: "Clear All" }).click();
    await expect(countLine(page)).toHaveText(`1 to 20 of ${await apiSize("")} Vehicles`);
  });

  test("the nav's make entry preselects the make", async ({ page }) => {
    await page.goto("/");
    await page.locator("html[data-host-ready]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Inventory" }).click();
    await page.locator(".host-nav__group--open .host-nav__submenu").getByRole("link", { name: "Isuzu" }).click();
    await expect(page).toHaveURL(/\/inventory\?filters=/);
    await expect(countLine(page)).toContainText(String(await apiSize("make=Isuzu")));
  });

  test("no match: the message, Reset all Filters, related vehicles and the find-me-this-vehicle form", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/inventory?search=amphibious");
    const empty = page.locator(".inventory-empty");
    await expect(empty).toContainText(
      "No vehicles match that criteria. Try clearing your filters, or selecting new ones",
    );
    await expect(empty.getByRole("heading", { name: "Related vehicles that might interest you:" })).toBeVisible();
    await expect(empty.locator(".inventory-item")).toHaveCount(3);
    await expect(empty.locator('form[data-lead-form="vehicle-finder"]')).toBeVisible();
    await empty.getByRole("button", { name: "Reset all Filters" }).click();
    await expect(countLine(page)).toContainText("1 to 20 of");
    expect(pageErrors).toEqual([]);
  });

  test("a reloading indicator shows while the next results load", async ({ page }) => {
    await page.goto("/inventory");
    await expect(page.locator(".inventory-item")).toHaveCount(20);
    let release: () => void = () => {};
    let markHeld: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      markHeld = resolve;
    });
    await page.route("**/api/inventory/all/**", async (route) => {
      await new Promise<void>((resolve) => {
        release = resolve;
        markHeld();
      });
      await route.continue();
    });
    // choosing in the toolbar updates the results in place (the pager's links load their page)
    await page.getByRole("button", { name: /^Sort Order/ }).click();
    await page.getByLabel("Price Low to High").check();
    await expect(page.getByText("Updating results...")).toBeVisible();
    await held; // the browser's request for the next page has been made, and waits
    release();
    await expect(page.getByText("Updating results...")).toHaveCount(0);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("two units fit on a screen below the toolbar, each with its photo, name, all-in price and key facts, the stock number once", async ({
    page,
  }) => {
    await page.goto("/inventory");
    const cards = page.locator(".inventory-list > .inventory-item");
    const toolbar = page.locator(".inventory-refine");
    // scrolled to the first card once the page has settled (its photos and islands): the toolbar is then stuck where
    // a phone shows it, under the site's header, and what it and the header cover at the top is not visible
    await expect
      .poll(async () => {
        await cards.first().evaluate((card) => card.scrollIntoView({ block: "start" }));
        return toolbar.evaluate(
          (bar) => bar.getBoundingClientRect().top - Number.parseFloat(getComputedStyle(bar).top),
        );
      })
      .toBeLessThanOrEqual(1);
    const covered = await toolbar.evaluate((bar) => bar.getBoundingClientRect().bottom);
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    if (!first || !second) throw new Error("no cards");
    expect(second.y + second.height - first.y, "two cards' height").toBeLessThanOrEqual(844 - covered);
    for (const card of [cards.nth(0), cards.nth(1)]) {
      await expect(card.locator(".inventory-item__image")).toBeVisible();
      await expect(card.locator(".inventory-item__title")).toBeVisible();
      await expect(card.locator("[data-all-in-cents]")).toBeVisible();
      await expect(card.locator(".inventory-item__work")).toBeVisible();
      expect((await card.textContent())?.match(/Stock #/g)).toHaveLength(1);
    }
  });
});

test.describe("vehicle detail and trailers", () => {
  test("the advertised price is all-in: the breakdown adds up to it, with GST stated, the stock number beside it, and search engines see the same amount", async ({
    page,
    pageErrors,
  }) => {
    const response = await fetch(`${SITE_URL}/api/inventory/all/?page_size=50&sort=price_desc`);
    const { vehicles } = (await response.json()) as {
      vehicles: { stock_number: string; low_price: number; full_price: number; charges: { amount_cents: number }[] }[];
    };
    const unit = vehicles.find((v) => v.charges.length >= 3 && (v.low_price > 0 || v.full_price > 0));
    expect(unit, "a priced unit with its charges").toBeTruthy();
    await page.goto(`/inventory/vehicle/${unit?.stock_number}`);
    const breakdown = page.locator(".inventory-breakdown");
    await expect(breakdown.getByText("What's included in the price")).toBeVisible();
    const lineCents = await breakdown
      .locator("tbody tr td")
      .allTextContents()
      .then((texts) => texts.map((t) => Math.round(Number(t.replace(/[$,]/g, "")) * 100)));
    const totalCents = Number(await breakdown.locator("tfoot td").getAttribute("data-cents"));
    expect(lineCents.length).toBe((unit?.charges.length ?? 0) + 1);
    expect(lineCents.reduce((a, b) => a + b, 0)).toBe(totalCents);
    // the headline price is that total, labelled, with the stock number; GST is said to be extra
    const headline = page.locator(".inventory-vehicle__summary [data-all-in-cents]");
    await expect(headline).toHaveAttribute("data-all-in-cents", String(totalCents));
    await expect(page.locator(".inventory-vehicle__summary .inventory-price__label")).toHaveText(
      `All-in price, plus GST · Stock #${unit?.stock_number}`,
    );
    await expect(breakdown.getByText(/Plus GST/)).toBeVisible();
    const car = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').allTextContents()).find((t) => t.includes('"Car"')) ??
        "{}",
    );
    expect(Math.round(car.offers.price * 100)).toBe(totalCents);
    // and its GVWR and payload, in kilograms
    expect(car.weightTotal).toMatchObject({ unitCode: "KGM", value: expect.any(Number) });
    expect(car.payload.value).toBeLessThan(car.weightTotal.value);
    expect(pageErrors).toEqual([]);
  });

  test("a vehicle: fields, gallery, Call Us Now, the leads form and three similar units", async ({
    page,
    pageErrors,
  }) => {
    const list = (await (await fetch(`${SITE_URL}/api/inventory/all/?page_size=1`)).json()) as {
      vehicles: { stock_number: string; year: number; make: string; model: string }[];
    };
    const unit = list.vehicles[0];
    if (!unit) throw new Error("no inventory");
    await page.goto(`/inventory/vehicle/${unit.stock_number}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${unit.year} ${unit.make} ${unit.model}`);
    await expect(page.locator(".inventory-fields")).toContainText(unit.stock_number);
    const thumbs = page.locator(".inventory-gallery button img");
    // a thumbnail is a small file of its own (the dealership's photo at 160 px), not the large one scaled down
    await expect(thumbs.first()).toHaveAttribute("src", /\/api\/media\/photos\/[0-9a-f]+\/160\.jpeg$/);
    await page.getByRole("button", { name: "Call Us Now" }).click();
    await expect(page.getByRole("link", { name: "403-555-0140" }).first()).toHaveAttribute("href", "tel:+14035550140");
    await expect(page.locator('form[data-lead-form="vehicle-contact"]')).toBeVisible();
    const similar = page.locator(".inventory-vehicle .inventory-list .inventory-item");
    await expect(similar).toHaveCount(3);
    await expect(similar.getByText(`Stock #${unit.stock_number}`)).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  test("an unknown stock number is no longer available, inside the shell, with a way back", async ({ page }) => {
    await page.goto("/inventory/vehicle/GONE0001");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This vehicle is no longer available");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.getByRole("link", { name: "Back to the inventory search" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Your Vehicle");
  });

  test("trailers: 13 rows with price or the contact text, a detail page with its extended description", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/trailer-inventory");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Trailer Inventory");
    const rows = page.locator(".inventory-item");
    await expect(rows).toHaveCount(13);
    for (const img of await rows.locator("img").all()) {
      await img.scrollIntoViewIfNeeded(); // thumbnails load lazily
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    }
    await expect(rows.first().getByRole("link", { name: "Contact Us" })).toHaveAttribute(
      "href",
      /^\/contact\/more-info\/TR\d+$/,
    );
    await page.goto("/trailer-inventory/TR410281");
    // a trailer's price is all-in too: its fees and levies, itemised, add up to it
    const headline = page.locator(".inventory-vehicle__summary [data-all-in-cents]");
    // SPEC: "SALE PRICE" with the price, which says too that it is all-in
    await expect(page.locator(".inventory-vehicle__summary .inventory-price__heading")).toHaveText("SALE PRICE");
    await expect(page.locator(".inventory-vehicle__summary .inventory-price__label")).toHaveText(
      "All-in price, plus GST · Stock #TR410281",
    );
    const trailerLines = await page
      .locator(".inventory-breakdown tbody td")
      .allTextContents()
      .then((texts) => texts.map((t) => Math.round(Number(t.replace(/[$,]/g, "")) * 100)));
    expect(trailerLines.length).toBe(4);
    expect(String(trailerLines.reduce((a, b) => a + b, 0))).toBe(await headline.getAttribute("data-all-in-cents"));
    await expect(page.locator(".inventory-stats, .inventory-fields").first()).toContainText("TR410281");
    await expect(page.getByRole("link", { name: "Get Financing" })).toHaveAttribute("href", "/get-financing");
    await page.getByRole("button", { name: "Call Us Now" }).click();
    await expect(page.getByRole("link", { name: "403-555-0140" }).first()).toBeVisible();
    await expect(page.locator('form[data-lead-form="trailer-enquiry"]')).toBeVisible();
    await page.goto("/trailer-inventory/TR000000");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/no longer|not found|isn't in/i);
    expect(pageErrors).toEqual([]);
  });
});
