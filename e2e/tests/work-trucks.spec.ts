import type { Page } from "@playwright/test";
import { SITE_URL } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

/** The search API's total for a query string: what the page's counts must agree with. */
async function apiSize(query: string): Promise<number> {
  return ((await (await fetch(`${SITE_URL}/api/inventory/all/?${query}`)).json()) as { size: number }).size;
}
const countLine = (page: Page) => page.locator(".inventory-count");
const resultsText = (n: number) => (n > 20 ? `1 to 20 of ${n} Vehicles` : `${n} Vehicle${n === 1 ? "" : "s"}`);

/** A facet checkbox and the count its label shows. */
async function facet(page: Page, label: RegExp) {
  const box = page.getByLabel(label);
  const text = (await box.locator("xpath=..").textContent()) ?? "";
  return { box, count: Number(/\((\d+)\)\s*$/.exec(text)?.[1] ?? Number.NaN) };
}

test.describe("shopping like a fleet buyer", () => {
  test("narrowing by GVWR class and body type: each count shown is what choosing it gives, and the URL keeps it", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/inventory");
    await page.getByRole("button", { name: /^Work Truck/ }).click();
    const class5 = await facet(page, /^Class 5 \(over 7,257 to 8,845 kg\) \(\d+\)$/);
    expect(class5.count).toBe(await apiSize("gvwr_class=5"));
    await class5.box.click();
    await expect(page).toHaveURL(/filters=.*gvwr_class/);
    await expect(countLine(page)).toHaveText(resultsText(class5.count));
    await expect(page.getByText("Updating results...")).toHaveCount(0);
    // with class 5 chosen, the body counts are class 5's
    const box = await facet(page, /^Dry freight box \(\d+\)$/);
    expect(box.count).toBe(await apiSize("gvwr_class=5&body_type=dry-freight-box"));
    expect(box.count).toBeGreaterThan(0);
    await box.box.click();
    await expect(countLine(page)).toHaveText(resultsText(box.count));
    await expect(page.getByRole("button", { name: "Work Truck (2)" })).toBeVisible();
    // the list says what each unit is, the way the buyer asked
    for (const line of await page.locator(".inventory-item__work").allTextContents()) {
      expect(line).toMatch(/^Class 5 · \d+ ft dry freight box · /);
    }
    // every unit listed is what was asked for
    const first = page.locator(".inventory-item__title a").first();
    await first.click();
    await expect(page.locator(".inventory-fields")).toContainText("class 5");
    await expect(page.locator(".inventory-fields")).toContainText("Dry freight box");
    await page.goBack();
    // the link reproduces the view in a new visit
    const shared = page.url();
    await page.goto("about:blank");
    await page.goto(shared);
    await expect(countLine(page)).toHaveText(resultsText(box.count));
    await page.getByRole("button", { name: "Work Truck (2)" }).click();
    await expect(page.getByLabel(/^Dry freight box \(\d+\)$/)).toBeChecked();
    expect(pageErrors).toEqual([]);
  });

  test("choosing a drivetrain (a facet added by one table entry): the count is the API's, every unit is one", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/inventory");
    await page.getByRole("button", { name: /^Work Truck/ }).click();
    await expect(page.getByRole("group", { name: "Drivetrain" })).toBeVisible();
    const fourByFour = await facet(page, /^Four-wheel drive \(4x4\) \(\d+\)$/);
    expect(fourByFour.count).toBe(await apiSize("drivetrain=4wd"));
    expect(fourByFour.count).toBeGreaterThan(0);
    await fourByFour.box.click();
    await expect(page).toHaveURL(/filters=.*drivetrain/);
    await expect(countLine(page)).toHaveText(resultsText(fourByFour.count));
    await page.locator(".inventory-item__title a").first().click();
    await expect(page.locator(".inventory-fields")).toContainText(/Drive Train\s*4WD/);
    expect(pageErrors).toEqual([]);
  });

  test("the home page and the Isuzu line-up open the common work-truck searches with true counts", async ({
    page,
    pageErrors,
  }) => {
    const boxTrucks = await apiSize("gvwr_class=4,5&body_type=dry-freight-box,refrigerated-box");
    await page.goto("/");
    await page.getByRole("link", { name: "Class 4-5 box trucks" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find Your Vehicle");
    await expect(countLine(page)).toHaveText(resultsText(boxTrucks));

    await page.goto("/line-up/isuzu");
    const searches = page.getByRole("navigation", { name: "In stock now, by the work" });
    const link = searches.getByRole("link", { name: /^Dump and landscape trucks \(\d+ in stock\)$/ });
    const shown = Number(/\((\d+) in stock\)/.exec((await link.textContent()) ?? "")?.[1]);
    expect(shown).toBe(await apiSize("body_type=dump,landscape"));
    await link.click();
    await expect(countLine(page)).toHaveText(resultsText(shown));
    expect(pageErrors).toEqual([]);
  });

  test("a vehicle page estimates the payment from its all-in price, with the disclosure, as the visitor types", async ({
    page,
    pageErrors,
  }) => {
    const { vehicles } = (await (
      await fetch(`${SITE_URL}/api/inventory/all/?page_size=20&sort=price_desc`)
    ).json()) as {
      vehicles: { stock_number: string; full_price: number }[];
    };
    const unit = vehicles.find((v) => v.full_price > 0);
    await page.goto(`/inventory/vehicle/${unit?.stock_number}`);
    const estimate = page.getByRole("region", { name: "Estimate your payment" });
    await expect(estimate).toBeVisible();
    const allIn = Number(
      await page.locator(".inventory-vehicle__summary [data-all-in-cents]").getAttribute("data-all-in-cents"),
    );
    const cad = (cents: number) =>
      new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", currencyDisplay: "narrowSymbol" }).format(
        cents / 100,
      );
    /** the annuity formula, P = F·r / (1 − (1 + r)^−n) */
    const monthly = (financed: number, apr: number, months: number) => {
      const r = apr / 100 / 12;
      return Math.round((financed * r) / (1 - (1 + r) ** -months));
    };
    const financed = allIn + Math.round(allIn * 0.05);
    await expect(estimate.getByTestId("estimate-monthly")).toHaveText(cad(monthly(financed, 7.99, 60)));
    await expect(estimate).toContainText("on approved credit (OAC)");
    await expect(estimate).toContainText(`finances ${cad(financed)} at 7.99% APR over 60 months`);
    await expect(estimate).toContainText("total cost of borrowing");
    // by keyboard: into the down payment, then the rate
    await estimate.getByLabel("Down payment").focus();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("10000");
    await expect(estimate.getByTestId("estimate-monthly")).toHaveText(cad(monthly(financed - 1_000_000, 7.99, 60)));
    await page.keyboard.press("Tab");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("abc");
    await expect(estimate.getByText("Enter a rate from 0 to 30%, for example 7.99.")).toBeVisible();
    await expect(estimate.getByLabel("Annual percentage rate (APR)")).toHaveValue("abc");
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("5.5");
    await expect(estimate.getByTestId("estimate-monthly")).toHaveText(cad(monthly(financed - 1_000_000, 5.5, 60)));
    await estimate.getByLabel("Lease (business buyers, closed-end)").check();
    await expect(estimate).toContainText("Closed-end lease estimate for business use");
    expect(pageErrors).toEqual([]);
  });
});
