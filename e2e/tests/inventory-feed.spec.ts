import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { API_STAFF_URL, E2E_ADMIN_TOKEN, E2E_SAMPLE_FEED_DIR, SITE_URL } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

/** The sample feed the API's seed wrote and imported into the suite's empty database (api/src/seed/sample-feed.ts). */
const SAMPLE_FEED = join(E2E_SAMPLE_FEED_DIR, "inventory.csv");

/** Sends a feed as the DMS does: 202 and a background run, whose status is read until it ends. */
async function upload(csv: string) {
  const admin = { authorization: `Bearer ${E2E_ADMIN_TOKEN}` };
  const response = await fetch(`${API_STAFF_URL}/api/admin/feeds/inventory?source=e2e`, {
    method: "POST",
    headers: { ...admin, "content-type": "text/csv" },
    body: csv,
  });
  expect(response.status).toBe(202);
  const { status_url } = (await response.json()) as { status_url: string };
  let run: { outcome: string; report: Record<string, unknown> } = { outcome: "running", report: {} };
  await expect(async () => {
    run = await (await fetch(`${API_STAFF_URL}${status_url}`, { headers: admin })).json();
    expect(run.outcome).not.toBe("running");
  }).toPass({ timeout: 60_000 });
  return { outcome: run.outcome, report: run.report };
}

test.describe("the dealership's feed drives the site", () => {
  const original = readFileSync(SAMPLE_FEED, "utf8");
  const rows = parse(original, { columns: true, bom: true }) as Record<string, string>[];
  const [sold, pending] = rows;
  // whatever happens here, the suite's other specs find the stock as the sample feed made it
  test.afterAll(async () => {
    expect((await upload(original)).outcome).toBe("imported");
  });

  test("photos as the browser should fetch them, a sale-pending unit marked, a sold unit gone within a minute (410)", async ({
    page,
    pageErrors,
  }) => {
    if (!sold || !pending) throw new Error("the sample feed has no units");
    await page.goto(`/inventory/vehicle/${sold.Stock}`);
    // the main photo: AVIF, WebP and JPEG at the widths it has, its size given, fetched at once and first
    const main = page.locator(".inventory-gallery picture").first();
    await expect(main.locator("source[type='image/avif']")).toHaveAttribute("srcset", /\/1280\.avif 1280w/);
    await expect(main.locator("source[type='image/webp']")).toHaveAttribute("sizes", "(min-width: 900px) 640px, 100vw");
    const img = main.locator("img");
    await expect(img).toHaveAttribute("fetchpriority", "high");
    await expect(img).toHaveAttribute("loading", "eager");
    await expect(img).toHaveAttribute("width", "1600");
    await expect(img).toHaveAttribute("height", "1200");
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // thumbnails are small files, not the large ones scaled down
    const thumbnail = page.locator(".inventory-gallery__thumbs img").first();
    await expect(thumbnail).toHaveAttribute("srcset", /^\S+\/160\.jpeg 160w$/);
    const chosen = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.includes("/api/media/photos/"))
        .map((entry) => entry.name.replace(/^.*\/photos\/\w+\//, "")),
    );
    expect(chosen.some((file) => /^(640|960|1280|1600)\.avif$/.test(file))).toBe(true);

    const changed = rows
      .filter((row) => row !== sold)
      .map((row) => (row === pending ? { ...row, Status: "Sale Pending" } : row));
    const { outcome, report } = await upload(stringify(changed, { header: true, columns: Object.keys(sold) }));
    expect(outcome).toBe("imported");
    expect(report).toMatchObject({ marked_sold: 1, updated: 1, added: 0, rejected: [] });

    // the page composed before the import is purged: within a minute the unit answers 410 with similar units
    await expect
      .poll(async () => (await fetch(`${SITE_URL}/inventory/vehicle/${sold.Stock}`)).status, { timeout: 60_000 })
      .toBe(410);
    const gone = await page.goto(`/inventory/vehicle/${sold.Stock}`);
    expect(gone?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This unit has been sold");
    await expect(page.locator(".inventory-similar li, .inventory-item").first()).toBeVisible();
    await page.goto(`/inventory?search=${sold.Stock}`);
    await expect(page.locator(".inventory-count")).toHaveText("0 Vehicles");

    await page.goto(`/inventory/vehicle/${pending.Stock}`);
    await expect(page.getByRole("status").filter({ hasText: "Sale pending" })).toBeVisible();
    // structured data says so too: spoken for, not in stock
    const offers = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "{}")));
    const car = offers.flat().find((item: { "@type"?: string }) => item["@type"] === "Car") as {
      offers?: { availability?: string };
    };
    expect(car.offers?.availability).toBe("https://schema.org/Reserved");
    await page.goto(`/inventory?search=${pending.Stock}`);
    await expect(page.locator(".inventory-item__badge")).toHaveText("Sale pending");
    expect(pageErrors).toEqual([]);
  });
});
