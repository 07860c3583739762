import type { BusinessDetails } from "shared-types";
import { API_STAFF_URL, API_URL, E2E_ADMIN_TOKEN, SITE_URL } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

const details = async (): Promise<BusinessDetails> =>
  (await (await fetch(`${API_URL}/api/business-details`)).json()) as BusinessDetails;

async function store(changed: BusinessDetails): Promise<void> {
  const response = await fetch(`${API_STAFF_URL}/api/business-details`, {
    method: "PUT",
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(changed),
  });
  expect(response.status).toBe(200);
}

/** The API announces the change; the site's cached pages are purged within moments (the change signal). */
const siteShows = (text: string) =>
  expect
    .poll(async () => (await (await fetch(`${SITE_URL}/contact`)).text()).includes(text), { timeout: 5_000 })
    .toBe(true);

test.describe("the dealership's details come from one source at run time", () => {
  test("Saturday's hours and the sales phone change on every page, shell and remotes, with no rebuild", async ({
    page,
    pageErrors,
  }) => {
    const original = await details();
    const changed = structuredClone(original);
    changed.hours.sales[5] = { day: "Saturday", segments: [{ open: "09:00", close: "13:00" }] };
    changed.phone_sales = "403-555-0188";
    await store(changed);
    try {
      await siteShows("403-555-0188");
      // the shell's footer (host), the contact page (team leads), a line-up page (team catalog)
      await page.goto("/contact");
      const salesHours = page.locator("table", { hasText: "Sales Hours" });
      await expect(salesHours.first().locator("tr", { hasText: "Saturday" })).toContainText("9:00 AM - 1:00 PM");
      await expect(page.getByRole("main").getByRole("link", { name: "403-555-0188" }).first()).toBeVisible();
      await page.goto("/line-up/gm");
      await expect(page.getByRole("main").getByRole("link", { name: "403-555-0188" }).first()).toBeVisible();
      await expect(
        page
          .getByRole("contentinfo")
          .locator("table", { hasText: "Sales Hours" })
          .locator("tr", { hasText: "Saturday" }),
      ).toContainText("9:00 AM - 1:00 PM");
      // and in what search engines read, from the server
      const html = await (await fetch(`${SITE_URL}/contact`)).text();
      expect(html).toContain("403-555-0188");
      expect(html).not.toContain(original.phone_sales);
      expect(pageErrors).toEqual([]);
    } finally {
      await store(original);
    }
    await siteShows(original.phone_sales);
  });
});
