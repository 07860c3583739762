import { expect, test } from "../fixtures/test";

test.describe("the shell", () => {
  test("the home page and shell paint from static HTML before any script runs", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Quality Fleet Vehicles & Services" })).toBeVisible();
    await expect(page.getByRole("link", { name: "View Our Inventory" })).toHaveAttribute("href", "/inventory");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.locator("footer")).toContainText("Parts Hours");
    await page.goto("/inventory");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await context.close();
  });

  test("home page: solutions, brands and a map that loads only when clicked", async ({ page, pageErrors }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Fleet Solutions" })).toBeVisible();
    await expect(page.locator(".host-solutions__item")).toHaveCount(4);
    await expect(page.getByRole("link", { name: /^Isuzu/ }).last()).toHaveAttribute("href", "/line-up/isuzu");
    await expect(page.getByRole("link", { name: /^Chevrolet/ })).toHaveAttribute("href", "/line-up/gm");
    await page.route("https://www.google.com/**", (route) =>
      route.fulfill({ body: "<p>map</p>", contentType: "text/html" }),
    );
    await expect(page.locator("iframe.host-map")).toHaveCount(0);
    // the map's island loads it in the page once its code has arrived (before, the placeholder links to the map)
    await page.locator("html[data-host-ready]").waitFor({ state: "attached" });
    await page.getByRole("link", { name: /Click to load the map/ }).click();
    await expect(page.locator("iframe.host-map")).toHaveAttribute("src", /google\.com\/maps/);
    expect(pageErrors).toEqual([]);
  });

  test("the Inventory submenu works from the keyboard and preselects a make", async ({ page, pageErrors }) => {
    await page.goto("/");
    await page.locator("html[data-host-ready]").waitFor({ state: "attached" });
    const button = page.getByRole("button", { name: "Inventory" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(".host-nav__group--open .host-nav__submenu");
    await expect(menu.getByRole("link")).toHaveText([
      "All Inventory",
      "Isuzu",
      "GMC",
      "Chevrolet",
      "Buick",
      "Trailers",
    ]);
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();

    await button.click();
    await menu.getByRole("link", { name: "GMC" }).click();
    await expect(page).toHaveURL(/\/inventory\?filters=/);
    expect(JSON.parse(new URL(page.url()).searchParams.get("filters") ?? "{}")).toEqual({ make: ["GMC"] });
    await expect(page.getByRole("heading", { name: "Find Your Vehicle" })).toBeVisible();
    await expect(page.locator(".inventory-item__title").first()).toContainText("GMC");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    expect(pageErrors).toEqual([]);
  });

  test("the Specials submenu lists Sales, Parts and Service", async ({ page }) => {
    await page.goto("/");
    await page.locator("html[data-host-ready]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Specials" }).click();
    const menu = page.locator(".host-nav__group--open .host-nav__submenu");
    await expect(menu.getByRole("link")).toHaveText(["Sales", "Parts", "Service"]);
    await menu.getByRole("link", { name: "Parts" }).click();
    await expect(page).toHaveURL(/\/parts-specials$/);
    await expect(page.getByRole("heading", { name: "Parts Specials" })).toBeVisible();
  });

  test("the footer: navigate links, address, three hours tables, contact buttons and legal lines", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    await expect(
      footer.getByRole("navigation", { name: "Navigate" }).getByRole("link", { name: "Specials" }),
    ).toHaveAttribute("href", "/specials");
    await expect(footer.locator("address")).toContainText("Calgary, AB");
    await expect(footer.locator("table caption")).toHaveText(["Sales Hours", "Service Hours", "Parts Hours"]);
    await expect(footer.locator("table").nth(1)).toContainText("By Appointment Only");
    await expect(footer.getByRole("link", { name: "Message Us" })).toHaveAttribute("href", "/contact#message_us");
    await expect(footer.getByRole("link", { name: "Call Us" })).toHaveAttribute("href", "/contact#call_us");
    await expect(footer.getByRole("link", { name: "Email Us" })).toHaveAttribute("href", "/contact#email_us");
    await expect(footer).toContainText("AMVIC Licensed Business");
    await expect(footer).toContainText("member of the Summit Automotive Group");
    await expect(footer).toContainText("© 2022-");
  });

  test("a footer button scrolls smoothly to its contact fragment, 100 px below the top", async ({ page }) => {
    await page.goto("/");
    await page.locator("footer").getByRole("link", { name: "Message Us" }).click();
    await expect(page).toHaveURL(/\/contact#message_us$/);
    const target = page.locator("#message_us");
    await expect(target).toBeVisible();
    await expect.poll(async () => Math.round((await target.boundingBox())?.y ?? -1), { timeout: 5000 }).toBe(100);
  });

  test("a navigation scrolls to the top and replaces the previous page's head with the new page's own", async ({
    page,
  }) => {
    await page.goto("/line-up/isuzu");
    await expect(page).toHaveTitle("Isuzu fleet dealer, Calgary, Alberta");
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    await page.locator("html[data-host-ready]").waitFor({ state: "attached" });
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Body Shop" }).click();
    await expect(page.getByRole("heading", { name: "Body Shop", level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page).toHaveTitle("Heavy Truck Collision Centre and Body Shop, Calgary");
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /two 65 ft paint booths/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      "https://summitheavyfleet.ca/body-shop",
    );
    // nothing of the line-up's head is left: its item list is gone with it
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
    await page.getByRole("link", { name: "Summit Heavy Fleet home" }).click();
    await expect(page).toHaveTitle(/^Summit Heavy Fleet: GM and Isuzu fleet trucks and vans/);
  });

  test("an unknown path goes home", async ({ page }) => {
    await page.goto("/no/such/page");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Quality Fleet Vehicles & Services" })).toBeVisible();
  });

  test("the mobile menu opens below 992 px and closes on navigation", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    const list = page.locator(".host-nav__list");
    await expect(list).toBeHidden();
    await page.getByRole("checkbox", { name: "Menu" }).click();
    await expect(list).toBeVisible();
    await list.getByRole("link", { name: "Financing" }).click();
    await expect(page.getByRole("heading", { name: "Fleet Financing" })).toBeVisible();
    await expect(list).toBeHidden();
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect(list).toBeVisible();
  });
});
