import { REMOTE_NAMES, type RemoteName } from "shared-types";
import {
  API_STAFF_URL,
  API_URL,
  E2E_ADMIN_TOKEN,
  restartRemote,
  SITE_URL,
  stopRemote,
} from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

const HOME_OF: Record<RemoteName, { path: string; heading: RegExp }> = {
  catalog: { path: "/line-up/gm", heading: /GM Fleet Trucks and Vans/ },
  inventory: { path: "/trailer-inventory", heading: /Trailer Inventory/ },
  service: { path: "/service", heading: /Service Department/ },
  leads: { path: "/contact", heading: /Contact Us/ },
};

/**
 * Makes sure the page at `path` is made now, not served from a copy kept from before (an outage, or its end): when what it
 * answers is not yet `madeNow`, staff save the dealership's details (unchanged), which purges every composed page,
 * and the page is asked for until it is. (A throwaway query parameter no longer makes a page of its own: it is
 * redirected to the page's address, whose copy the site holds.)
 */
async function madeDuringOutage(path: string, madeNow: (html: string) => boolean): Promise<void> {
  const page = async () => madeNow(await (await fetch(`${SITE_URL}${path}`)).text());
  if (await page()) return;
  const details = await (await fetch(`${API_URL}/api/business-details`)).text();
  const saved = await fetch(`${API_STAFF_URL}/api/business-details`, {
    method: "PUT",
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, "content-type": "application/json" },
    body: details,
  });
  expect(saved.status).toBe(200);
  await expect.poll(page, { timeout: 10_000 }).toBe(true);
}

test.describe("a remote that is down", () => {
  for (const name of REMOTE_NAMES) {
    test(`${name} down: a page served before stays as it was; a new one's region falls back, the rest keeps working, Retry recovers`, async ({
      page,
      pageErrors,
    }) => {
      await fetch(`${SITE_URL}${HOME_OF[name].path}`);
      await stopRemote(name);
      try {
        // the copy the site kept is served whole while the remote is down
        const kept = await fetch(`${SITE_URL}${HOME_OF[name].path}`);
        expect(kept.status).toBe(200);
        const keptHtml = await kept.text();
        expect(keptHtml).not.toContain("data-remote-unavailable");
        // the page made now has no region of the remote's: other bytes than the copy
        await madeDuringOutage(HOME_OF[name].path, (html) => html !== keptHtml);
        await page.goto(HOME_OF[name].path);
        const fallback = page.locator(`[data-remote-unavailable="${name}"]`);
        await expect(fallback).toBeVisible({ timeout: 15_000 });
        await expect(fallback).toContainText("can't be shown right now");
        await expect(fallback.getByRole("link", { name: "403-555-0140" })).toHaveAttribute("href", "tel:+14035550140");

        // the shell and the other remotes still work
        const other = REMOTE_NAMES.find((n) => n !== name) as RemoteName;
        await page.goto(HOME_OF[other].path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(HOME_OF[other].heading);
        await page.getByRole("link", { name: "Summit Heavy Fleet home" }).click();
        await expect(page.getByRole("heading", { name: "Fleet Solutions" })).toBeVisible();

        await page.goBack();
        await page.goBack();
        await expect(fallback).toBeVisible({ timeout: 15_000 });
      } finally {
        await restartRemote(name);
      }
      const navigations: string[] = [];
      page.on("framenavigated", (frame) => navigations.push(frame.url()));
      await page.getByRole("button", { name: "Retry" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(HOME_OF[name].heading);
      expect(navigations).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  }
});

test("leads down: a trailer page still shows the trailer and the phone, and the form comes back on request", async ({
  page,
  pageErrors,
}) => {
  await stopRemote("leads");
  try {
    await madeDuringOutage("/trailer-inventory/TR410281", (html) => html.includes("fleet-peer-form--unavailable"));
    await page.goto("/trailer-inventory/TR410281");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const unavailable = page.locator(".fleet-peer-form--unavailable");
    await expect(unavailable).toContainText("can't be shown right now", { timeout: 15_000 });
    await expect(unavailable.getByRole("link", { name: "403-555-0140" })).toBeVisible();
  } finally {
    await restartRemote("leads");
  }
  await page.getByRole("button", { name: "Try the form again" }).click();
  await expect(page.locator('form[data-lead-form="trailer-enquiry"]')).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test.describe("a remote whose code does not arrive", () => {
  test.use({ reachEveryIsland: false });

  test("its server HTML stays, and works, never a fallback in its place", async ({ page, pageErrors }) => {
    // the server composed the page, but inventory's code never reaches this browser
    await page.route("**/remotes/inventory/**/*.js", () => {
      // never answered: the host gives up after its timeout
    });
    const stock = (
      (await (await page.request.get("/api/inventory/all/?page_size=1")).json()) as {
        vehicles: { stock_number: string }[];
      }
    ).vehicles[0]?.stock_number;
    // the page as the site makes it with every remote up: not one made while an earlier test's outage of team leads
    // was still ending (its form's region would be the fallback the browser fills in later, with no island)
    await madeDuringOutage(`/inventory/vehicle/${stock}`, (html) =>
      html.includes('data-island="leads/vehicle-contact-form"'),
    );
    // the page's preloads of the remote's code never answer, so its load event never comes
    await page.goto(`/inventory/vehicle/${stock}`, { waitUntil: "commit" });
    // the visitor reaches for the gallery: its code is asked for, and never comes
    await page.locator(".inventory-gallery").hover();
    const gallery = page.locator('fleet-island[data-island="inventory/island/gallery"]');
    await expect(gallery).toHaveAttribute("data-island-state", "loading");
    await page.waitForTimeout(3000);
    await expect(gallery).toHaveAttribute("data-island-state", "loading");
    await expect(gallery.locator("img").first()).toBeVisible();
    await expect(page.locator("[data-remote-unavailable]")).toHaveCount(0);
    // the call button is still what the server sent: a link that calls
    await expect(page.getByRole("link", { name: "Call Us Now" })).toHaveAttribute("href", /^tel:/);
    // and the parts whose code does arrive are interactive: team leads' form
    await page.locator('form[data-lead-form="vehicle-contact"]').getByLabel("First Name").focus();
    await expect(page.locator('fleet-island[data-island="leads/vehicle-contact-form"]')).toHaveAttribute(
      "data-island-state",
      "hydrated",
    );
    expect(pageErrors).toEqual([]);
  });
});
