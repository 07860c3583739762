import { BODY_SHOP_ITEMS, SERVICE_ITEMS } from "../../mfe-service/src/data/site-sections";
import { expect, test } from "../fixtures/test";

test.describe("service, body shop and specials", () => {
  test("/service: the 18 service links and the request form; a link opens its page", async ({ page, pageErrors }) => {
    await page.goto("/service");
    const links = page.locator(".service-grid a");
    await expect(links).toHaveCount(18);
    await expect(page.locator('form[data-lead-form="service-request"]')).toBeVisible();
    await page.getByRole("link", { name: "Alignments", exact: true }).click();
    await expect(page).toHaveURL(/\/services\/alignments$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alignments");
    expect(pageErrors).toEqual([]);
  });

  test("every one of the 27 service and body-shop pages renders its title, header, text and booking form", async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    const pages = [
      ...SERVICE_ITEMS.map((item) => ({
        ...item,
        path: `/services/${item.link}`,
        heading: "BOOK SERVICE APPOINTMENT",
      })),
      ...BODY_SHOP_ITEMS.map((item) => ({
        ...item,
        path: `/body-shop-services/${item.link}`,
        heading: "BOOK ESTIMATE APPOINTMENT",
      })),
    ];
    expect(pages).toHaveLength(27);
    const titles = new Set<string>();
    for (const item of pages) {
      await page.goto(item.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(item.title);
      const form = page.locator('form[data-lead-form="service-booking"]').first();
      await expect(form).toBeVisible();
      await expect(form.getByRole("heading", { name: item.heading })).toBeVisible();
      const hero = page.locator(".service-hero__image");
      await expect(hero).toHaveJSProperty("complete", true);
      expect(await hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      expect(((await page.locator(".service-article__text").textContent()) ?? "").length).toBeGreaterThan(400);
      titles.add(await page.title());
    }
    expect(titles.size).toBe(27);
    expect(pageErrors).toEqual([]);
  });

  test("the inspection pages state the rules, and CVIP repeats its booking form", async ({ page }) => {
    await page.goto("/services/commercial-vehicle-inspection");
    const text = page.locator(".service-article__text");
    await expect(text).toContainText("above 11,794 kg");
    await expect(text).toContainText("above 4,500 kg");
    await expect(text).toContainText("every six months");
    await expect(page.getByRole("heading", { name: "The record of inspection" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "The inspection decal" })).toBeVisible();
    await expect(page.locator('form[data-lead-form="service-booking"]')).toHaveCount(2);
    await page.goto("/services/out-of-province-inspection");
    await expect(page.locator(".service-article__text")).toContainText("within 10 days of the inspection");
    await expect(page.locator(".service-article__text")).toContainText("within 14 days of the inspection");
  });

  test("the header background shifts on scroll, and stands still with reduced motion", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto("/services/commercial-vehicle-inspection");
    const hero = page.locator(".service-hero__image");
    await expect(hero).toBeVisible();
    const shift = () => hero.evaluate((img) => new DOMMatrix(getComputedStyle(img).transform).m42);
    const before = await shift();
    await page.mouse.wheel(0, 200);
    await expect.poll(shift).toBeGreaterThan(before + 20);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    await expect(hero).toBeVisible();
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(200);
    expect(await shift()).toBe(0);
  });

  test("/body-shop: the two 65 ft paint booths and the nine links", async ({ page }) => {
    await page.goto("/body-shop");
    await expect(page.locator(".service-page__intro")).toContainText("Two 65 ft paint booths");
    await expect(page.locator(".service-grid a")).toHaveCount(9);
  });

  test("sales and service specials show their own promotions; parts shows three images; /specials lists all", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/service-specials");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service Specials");
    await expect(page.locator(".service-promo").first()).toBeVisible();
    await page.goto("/sales-specials");
    await expect(page.locator(".service-promo").first()).toBeVisible();
    await page.goto("/parts-specials");
    const images = page.locator("img.service-promo");
    await expect(images).toHaveCount(3);
    for (const img of await images.all()) {
      await expect(img).toHaveJSProperty("complete", true);
      expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
    }
    await page.goto("/specials");
    await page.getByRole("link", { name: "Parts Specials" }).click();
    await expect(page).toHaveURL(/\/parts-specials$/);
    expect(pageErrors).toEqual([]);
  });
});
