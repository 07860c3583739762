import type { Browser, Page } from "@playwright/test";
import { LEAD_FORMS, LEAD_THANK_YOU } from "shared-types";
import { LEAD_MESSAGES } from "../../mfe-leads/src/copy";
import { recipientsOf } from "../fixtures/delivered-leads";
import { firstVehicleStockNumber, formOf, SCENARIOS, storedOf, uniqueEmail } from "../fixtures/lead-form-scenarios";
import { E2E_LEAD_INBOXES, SITE_URL } from "../fixtures/site-processes";
import { leadsFrom } from "../fixtures/stored-leads";
import { expect, test } from "../fixtures/test";

/**
 * A visitor's phone may run no script at all, or run it long after the page is on screen. Every enquiry form works
 * either way: it is a real form, sent by the browser itself to the page it is on, and nothing typed ever goes into
 * an address.
 */

/** Every address the browser asked for, to prove none of them carries what the visitor typed. */
function recordAddresses(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => seen.push(request.url()));
  page.on("framenavigated", (frame) => seen.push(frame.url()));
  return seen;
}

async function withoutScripts(browser: Browser) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return { context, page: await context.newPage() };
}

test.describe("with scripts off, every enquiry form", () => {
  for (const scenario of SCENARIOS) {
    test(`${scenario.form}: is sent by the browser, thanked on its own words, and reaches the dealership`, async ({
      browser,
    }) => {
      const { context, page } = await withoutScripts(browser);
      const seen = recordAddresses(page);
      const path = await scenario.path();
      await page.goto(path);
      const form = formOf(page, scenario.form);
      if (scenario.prefilled)
        await expect(form.getByLabel(scenario.prefilled.label)).toHaveValue(scenario.prefilled.value);
      const email = uniqueEmail(`noscript-${scenario.form}`);
      await form.getByLabel("First Name").fill("Robin");
      await form.getByRole("textbox", { name: /^Email/ }).fill(email);
      for (const [label, value] of Object.entries(scenario.extra ?? {})) await form.getByLabel(label).fill(value);
      const answer = page.waitForResponse((r) => r.request().method() === "POST");
      await form.getByRole("button").last().click();
      // stored: the browser is sent on (303) to the page that says what this form says once sent
      expect((await answer).status()).toBe(303);
      await expect(page).toHaveURL(new RegExp(`/contact/thank-you\\?form=${scenario.form}&`));
      for (const line of scenario.success) await expect(page.getByText(line, { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to the page you were on" })).toHaveAttribute(
        "href",
        path.split("#")[0] ?? path,
      );

      const [lead] = await leadsFrom(email);
      expect(lead).toMatchObject({ form: scenario.form, destination: LEAD_FORMS[scenario.form].destination });
      expect(lead?.fields).toMatchObject({ first_name: "Robin", ...storedOf(scenario, path) });
      const desk = E2E_LEAD_INBOXES[LEAD_FORMS[scenario.form].department];
      await expect
        .poll(() => recipientsOf(lead?.id ?? ""), { timeout: 15_000 })
        .toEqual([E2E_LEAD_INBOXES.crm, desk].sort());
      for (const address of seen) {
        expect(address, "an address carries what was typed").not.toContain("Robin");
        expect(address, "an address carries what was typed").not.toContain(encodeURIComponent(email));
      }
      await context.close();
    });
  }

  test("refused, comes back with what was typed and the reason beside each field, never in the address", async ({
    browser,
  }) => {
    const { context, page } = await withoutScripts(browser);
    const seen = recordAddresses(page);
    const path = `/inventory/vehicle/${await firstVehicleStockNumber()}`;
    await page.goto(path);
    const form = formOf(page, "vehicle-contact");
    await form.getByRole("textbox", { name: /^Email/ }).fill("dana-at-prairie");
    await form.getByLabel("Company").fill("Prairie Haulage");
    await form.getByLabel("Message").fill("Does it have the 16 ft box?");
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await form.getByRole("button", { name: "Submit" }).click();
    expect((await answer).status()).toBe(422);
    // the same page (another team's: inventory's vehicle page), with team leads' form as it was sent
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.locator(".inventory-vehicle__summary")).toBeVisible();
    const again = formOf(page, "vehicle-contact");
    await expect(again.getByText("First Name is required")).toBeVisible();
    await expect(again.getByText("Enter a valid email address")).toBeVisible();
    await expect(again.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
    await expect(again.getByRole("textbox", { name: /^Email/ })).toHaveValue("dana-at-prairie");
    await expect(again.getByLabel("Company")).toHaveValue("Prairie Haulage");
    await expect(again.getByLabel("Message")).toHaveValue("Does it have the 16 ft box?");
    // corrected, it goes through
    const email = uniqueEmail("noscript-corrected");
    await again.getByLabel("First Name").fill("Dana");
    await again.getByRole("textbox", { name: /^Email/ }).fill(email);
    await again.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(LEAD_MESSAGES.success, { exact: true })).toBeVisible();
    expect(await leadsFrom(email)).toHaveLength(1);
    for (const address of seen) expect(address).not.toMatch(/Prairie|dana-at-prairie|16%20ft/);
    await context.close();
  });

  test("from another site is refused, and nothing is stored", async ({ browser }) => {
    const { context, page } = await withoutScripts(browser);
    const email = uniqueEmail("forged");
    // a page elsewhere that posts to the site's contact page from a visitor's browser (cross-site)
    await page.route("https://forms.example/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<form method="post" action="${SITE_URL}/contact"><input name="fleet-form" value="leads:contact"><input name="first_name" value="Eve"><input name="email" value="${email}"><button>Send</button></form>`,
      }),
    );
    await page.goto("https://forms.example/attack");
    const answer = page.waitForResponse((r) => r.request().method() === "POST");
    await page.getByRole("button", { name: "Send" }).click();
    expect((await answer).status()).toBe(403);
    expect(await leadsFrom(email)).toHaveLength(0);
    await context.close();
  });
});

test.describe("before the page's code arrives", () => {
  // the visitor acts on the page as it arrives: nothing is made interactive for them first
  test.use({ reachEveryIsland: false });

  /** Every script of the site answers this late, as on a slow phone's connection. */
  async function slowScripts(page: Page, ms: number) {
    await page.route(/\.js(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue().catch(() => {});
    });
  }

  test("a form sent before it is interactive is stored once and thanked, and what was typed stays out of the address", async ({
    page,
  }) => {
    await slowScripts(page, 6000);
    const seen = recordAddresses(page);
    await page.goto("/trailer-inventory/TR410281", { waitUntil: "domcontentloaded" });
    const form = formOf(page, "trailer-enquiry");
    const email = uniqueEmail("early");
    await form.getByLabel("First Name").fill("Ari");
    await form.getByRole("textbox", { name: /^Email/ }).fill(email);
    await form.getByRole("button", { name: "Submit" }).click();
    // the visitor taps again while the page is still sending: nothing more is sent
    await form
      .getByRole("button", { name: "Submit" })
      .click({ timeout: 500 })
      .catch(() => {});
    await expect(page.getByText(LEAD_THANK_YOU.trailer.text, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => (await leadsFrom(email)).length, { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(1500);
    expect(await leadsFrom(email)).toHaveLength(1);
    for (const address of seen) expect(address).not.toContain("Ari");
  });

  test("what is typed before the code arrives is kept when it does, and sent with it", async ({ page, pageErrors }) => {
    await slowScripts(page, 3000);
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    const form = formOf(page, "contact");
    const email = uniqueEmail("typed-early");
    await form.getByLabel("First Name").fill("Bea");
    await form.getByRole("textbox", { name: /^Email/ }).fill(email);
    await form.getByLabel("Message").fill("Typed while the page was loading");
    // its code arrives and takes the form over (its island says so)
    await expect(page.locator('fleet-island[data-island="leads/contact-form"]')).toHaveAttribute(
      "data-island-state",
      "hydrated",
      { timeout: 20_000 },
    );
    await expect(form.getByLabel("First Name")).toHaveValue("Bea");
    await expect(form.getByLabel("Message")).toHaveValue("Typed while the page was loading");
    const sent = page.waitForRequest("**/api/leads/capture");
    await form.getByRole("button", { name: "Submit" }).click();
    expect((await sent).postDataJSON()).toMatchObject({ first_name: "Bea", email });
    await expect(form.page().getByText(LEAD_MESSAGES.success)).toBeVisible();
    expect(await leadsFrom(email)).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  test("a part whose code fails keeps its server HTML, working: its links, and its form without scripts", async ({
    page,
  }) => {
    // team leads' code cannot be had (a broken deploy); the page and its form came from the servers
    await page.route("**/remotes/leads/**/*.js", (route) => route.abort());
    const path = `/inventory/vehicle/${await firstVehicleStockNumber()}`;
    await page.goto(path);
    const form = formOf(page, "vehicle-contact");
    // the visitor reaches for the form: its code is asked for, and cannot be had
    await form.getByLabel("First Name").fill("Cy");
    const island = page.locator('fleet-island[data-island="leads/vehicle-contact-form"]');
    await expect(island).toHaveAttribute("data-island-state", "failed");
    await expect(form).toBeVisible();
    await expect(page.getByText(/can't be shown right now/)).toHaveCount(0);
    // the rest of the page is interactive as ever
    const gallery = page.locator('fleet-island[data-island="inventory/island/gallery"]');
    await page.locator(".inventory-gallery").hover();
    await expect(gallery).toHaveAttribute("data-island-state", "hydrated");
    const email = uniqueEmail("no-leads-code");
    await form.getByRole("textbox", { name: /^Email/ }).fill(email);
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(LEAD_MESSAGES.success, { exact: true })).toBeVisible();
    expect(await leadsFrom(email)).toHaveLength(1);
  });
});
