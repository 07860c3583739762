import { SITE_URL } from "../fixtures/site-processes";
import { expect, reactRendererCount, test } from "../fixtures/test";

/** One path per route of SPEC §2, the remote that must render it, and what it must show. */
const ROUTES: [path: string, remote: string, heading: RegExp][] = [
  ["/line-up/isuzu", "catalog", /Isuzu Commercial Trucks/],
  ["/line-up/gm", "catalog", /GM Fleet Trucks and Vans/],
  ["/line-up/isuzu/isuzu-nrr-diesel", "catalog", /Isuzu NRR Diesel/],
  ["/line-up/gm/no-such-model", "catalog", /Invalid Model ID/],
  ["/get-financing", "catalog", /Fleet Financing/],
  ["/get-financing/form", "catalog", /Online Credit Application/],
  ["/inventory", "inventory", /Find Your Vehicle/],
  ["/trailer-inventory", "inventory", /Trailer Inventory/],
  ["/trailer-inventory/TR410281", "inventory", /Haulmark Transport 7x16/],
  ["/inventory/vehicle/NOPE0000", "inventory", /no longer available/],
  ["/service", "service", /Service Department/],
  ["/service/isuzu-nrr-diesel", "service", /Service Department/],
  ["/parts", "service", /Parts Department/],
  ["/services/alignments", "service", /Alignments/],
  ["/body-shop", "service", /Body Shop/],
  ["/body-shop-services/sand-blasting", "service", /Sand Blasting/],
  ["/sales-specials", "service", /Sales Specials/],
  ["/service-specials", "service", /Service Specials/],
  ["/parts-specials", "service", /Parts Specials/],
  ["/specials", "service", /Specials/],
  ["/contact", "leads", /Contact Us/],
  ["/contact/inquiry/isuzu-nrr-ev", "leads", /More Information/],
  ["/contact/quote/gmc-sierra-2500hd", "leads", /More Information/],
  ["/contact/more-info/TR410281", "leads", /Haulmark Transport/],
];

test.describe("each route answers from its owning remote", () => {
  for (const [path, remote, heading] of ROUTES) {
    test(`${path} is rendered by ${remote}`, async ({ page, pageErrors }) => {
      await page.goto(path);
      const region = page.locator(`[data-remote="${remote}"]`);
      await expect(region.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator("[data-remote-unavailable]")).toHaveCount(0);
      expect(pageErrors).toEqual([]);
    });
  }
});

test("a vehicle page from the list, with the leads form rendered inside inventory", async ({ page, pageErrors }) => {
  await page.goto("/inventory");
  const first = page.locator(".inventory-item__title a").first();
  const title = (await first.textContent()) ?? "";
  await first.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  const form = page.locator('[data-remote="inventory"] form.leads-form');
  await expect(form.getByLabel("Message")).toHaveValue(
    "I am interested in this vehicle. Can you send me more information?",
  );
  expect(pageErrors).toEqual([]);
});

test("exactly one React runs, no remote downloads its own copy, and islands need no router", async ({
  page,
  pageErrors,
}) => {
  const reactChunks: string[] = [];
  const routerChunks: string[] = [];
  page.on("request", (request) => {
    if (/\/remotes\/[a-z]+\/assets\/.*prebuild__react/.test(request.url())) reactChunks.push(request.url());
    // the host's routing (remote-kit/router), provided to a remote only when it renders pages in the browser
    if (/\/assets\/router-[\w-]+\.js$/.test(request.url())) routerChunks.push(request.url());
  });
  const stock = (
    (await (await fetch(`${SITE_URL}/api/inventory/all/?page_size=1`)).json()) as {
      vehicles: { stock_number: string }[];
    }
  ).vehicles[0]?.stock_number;
  // pages whose islands come from one, two and three teams: the host's menu, inventory's parts, leads' form
  for (const path of ["/", "/contact", `/inventory/vehicle/${stock}`, "/inventory?search=amphibious%20snowcat"]) {
    await page.goto(path);
    await page.locator("html[data-host-ready]").waitFor({ state: "attached" });
    expect(await page.locator('fleet-island:not([data-island-state="hydrated"])').count(), path).toBe(0);
    expect(await reactRendererCount(page), path).toBe(1);
  }
  expect(reactChunks).toEqual([]);
  expect(routerChunks).toEqual([]);
  expect(pageErrors).toEqual([]);
});

test("a remote's code is fetched only for a page with its islands in it", async ({ page }) => {
  // its manifest, its entry or any of its chunks: each remote once
  const fetched = new Set<string>();
  page.on("request", (request) => {
    const match = /\/remotes\/([a-z]+)\/(mf-manifest\.json|remoteEntry\.js|assets\/.+\.js)/.exec(request.url());
    if (match?.[1]) fetched.add(match[1]);
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Fleet Solutions" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect([...fetched]).toEqual([]);
  // a line-up is plain HTML: nothing of team catalog's runs in the browser
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "GM" }).click();
  await expect(page.getByRole("heading", { name: "GM Fleet Trucks and Vans" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect([...fetched]).toEqual([]);
  // the contact page's form is team leads' island
  await page.goto("/contact");
  await page.locator("html[data-host-ready]").waitFor({ state: "attached" });
  expect([...fetched]).toEqual(["leads"]);
});
