import { REMOTE_NAMES, type RemoteName } from "shared-types";
import { restartRemote, stopRemote } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

const HOME_OF: Record<RemoteName, { path: string; heading: RegExp }> = {
  catalog: { path: "/line-up/gm", heading: /GM Fleet Trucks and Vans/ },
  inventory: { path: "/trailer-inventory", heading: /Trailer Inventory/ },
  service: { path: "/service", heading: /Service Department/ },
  leads: { path: "/contact", heading: /Contact Us/ },
};

test.describe("a remote that is down", () => {
  for (const name of REMOTE_NAMES) {
    test(`${name} down: its region falls back, the rest keeps working, Retry recovers`, async ({
      page,
      pageErrors,
    }) => {
      await stopRemote(name);
      try {
        await page.goto(HOME_OF[name].path);
        const fallback = page.locator(`[data-remote-unavailable="${name}"]`);
        await expect(fallback).toBeVisible({ timeout: 15_000 });
        await expect(fallback).toContainText("can't be shown right now");
        await expect(fallback.getByRole("link", { name: "403-555-0140" })).toHaveAttribute("href", "tel:+14035550140");

        // the shell and another remote still work, without a reload
        const other = REMOTE_NAMES.find((n) => n !== name) as RemoteName;
        await page.evaluate((p) => {
          window.history.pushState({}, "", p);
          window.dispatchEvent(new PopStateEvent("popstate"));
        }, HOME_OF[other].path);
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

  test("a remote whose code does not arrive times out into the fallback", async ({ page, pageErrors }) => {
    // the server composed the page, but the remote's code never reaches this browser (its stylesheet does: a
    // stylesheet that never answers would hold the page's paint, as any site's would)
    await page.route("**/remotes/service/**/*.js", () => {
      // never answered: the host gives up after its timeout
    });
    // the page's preloads of the remote's code never answer, so its load event never comes
    await page.goto("/body-shop", { waitUntil: "commit" });
    await expect(page.locator('[data-remote-unavailable="service"]')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.unroute("**/remotes/service/**/*.js");
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Body Shop" })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});

test("leads down: a trailer page still shows the trailer and the phone, and the form comes back on request", async ({
  page,
  pageErrors,
}) => {
  await stopRemote("leads");
  try {
    await page.goto("/trailer-inventory/TR410281");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const unavailable = page.locator(".inventory-form-unavailable");
    await expect(unavailable).toContainText("can't be shown right now", { timeout: 15_000 });
    await expect(unavailable.getByRole("link", { name: "403-555-0140" })).toBeVisible();
  } finally {
    await restartRemote("leads");
  }
  await page.getByRole("button", { name: "Try the form again" }).click();
  await expect(page.locator('form[data-lead-form="trailer-enquiry"]')).toBeVisible();
  expect(pageErrors).toEqual([]);
});
