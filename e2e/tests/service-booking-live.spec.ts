import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";

/** Marks the page's window: the mark is still there only if no page has loaded since (a replaced address is not). */
async function markWindow(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => Object.assign(window, { bookingMark: true }));
  return () => page.evaluate(() => (window as { bookingMark?: boolean }).bookingMark === true);
}

test.describe("booking with scripts: the free times follow the work in place", () => {
  test("adding a vehicle updates the times and the vehicles, the address, and keeps what was typed", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/book-service?work=oil-air-fuel-filter-changes");
    const samePage = await markWindow(page);
    await page.getByLabel("First name").fill("Dana");
    await page
      .getByRole("group", { name: /^Vehicle 1:/ })
      .getByLabel("Make")
      .fill("Isuzu");

    await page.getByRole("button", { name: "Add another vehicle" }).click();
    await expect(page.getByLabel("Vehicle 2")).toBeFocused();
    await expect(page.locator(".service-booking__status")).toHaveText(
      "Choose a service for each vehicle to see its free times.",
    );
    await page.getByLabel("Vehicle 2").selectOption("alignments");

    await expect(page.locator(".service-booking__status")).toHaveText(/^\d+ free times? shown for 2 vehicles$/);
    await expect(page.getByRole("group", { name: "Vehicle 2: Alignments" })).toBeVisible();
    await expect(page.locator('input[name="startsAt"]').first()).toBeVisible();
    expect(page.url()).toMatch(/\/book-service\?work=oil-air-fuel-filter-changes&work=alignments$/);
    await expect(page.getByLabel("Vehicle 2")).toBeFocused();
    await expect(page.getByLabel("First name")).toHaveValue("Dana");
    await expect(page.getByRole("group", { name: /^Vehicle 1:/ }).getByLabel("Make")).toHaveValue("Isuzu");
    expect(await samePage()).toBe(true);
    expect(pageErrors).toEqual([]);

    // the address shows the same visit after a reload
    await page.reload();
    await expect(page.getByRole("group", { name: "Vehicle 2: Alignments" })).toBeVisible();
  });

  test.describe("the first touch, before any code has arrived", () => {
    test.use({ reachEveryIsland: false, hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

    test("a choice made on the select at once after the page loads updates the times in place", async ({
      page,
      pageErrors,
    }) => {
      await page.goto("/book-service?work=oil-air-fuel-filter-changes");
      const samePage = await markWindow(page);
      const vehicle = page.getByLabel("Vehicle 1");
      await vehicle.tap();
      await vehicle.selectOption("alignments");
      await expect(page.getByRole("group", { name: "Vehicle 1: Alignments" })).toBeVisible();
      await expect(page.locator(".service-booking__status")).toHaveText(/^\d+ free times? shown for 1 vehicle$/);
      expect(page.url()).toMatch(/\/book-service\?work=alignments$/);
      expect(await samePage()).toBe(true);
      expect(pageErrors).toEqual([]);
    });
  });
});
