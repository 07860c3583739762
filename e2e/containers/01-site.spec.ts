import { expect, test } from "@playwright/test";
import { withVirtualAuthenticator } from "../fixtures/chromium";
import { DESK_URL, inviteLink, SITE_URL, stackFetch, uniqueEmail } from "./stack";

test.describe("the production stack over HTTPS", () => {
  test("pages come over HTTP/2 with HSTS, from the shared cache once made", async () => {
    const first = await stackFetch(`${SITE_URL}/line-up/isuzu`);
    expect(first.status).toBe(200);
    expect(first.headers.get("strict-transport-security")).toContain("max-age=63072000");
    await first.text();
    const again = await stackFetch(`${SITE_URL}/line-up/isuzu`);
    await again.text();
    expect(again.headers.get("x-cache")).toBe("HIT");
    const plain = await stackFetch(`http://${new URL(SITE_URL).host}/contact`).catch(() => null);
    if (plain) expect([301, 302, 308]).toContain(plain.status);
  });

  test("every team's pages and the fragments they borrow are composed (the cross-remote smoke)", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect((await response?.request().response())?.headers()).toBeTruthy();
    await expect(page.getByRole("navigation").first()).toBeVisible();

    await page.goto("/inventory");
    const vehicle = page.locator('a[href^="/inventory/vehicle/"]').first();
    await expect(vehicle).toBeVisible();
    await vehicle.click();
    // inventory's page with team leads' form in it
    await expect(
      page
        .locator("form")
        .filter({ has: page.getByRole("button", { name: /Submit|Send/ }) })
        .first(),
    ).toBeVisible();

    for (const path of ["/line-up/isuzu", "/service", "/body-shop", "/contact", "/fleet-quote"]) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(200);
      await expect(page.locator("main h1").first(), path).toBeVisible();
    }
  });

  test("a visitor's enquiry is answered with thanks, over HTTPS, with scripts", async ({ page }) => {
    await page.goto("/contact");
    const form = page.locator('form[data-lead-form="contact"]');
    await form.getByLabel("First Name").fill("Stackvisitor");
    await form.getByRole("textbox", { name: /^Email/ }).fill(uniqueEmail("stack"));
    await page.waitForTimeout(3_100); // a person takes longer than the spam guard's 3 s
    await form.getByRole("button", { name: /Submit/ }).click();
    await expect(page.getByRole("status").filter({ hasText: /Thank you/ })).toBeVisible();
  });

  test("the desk answers on its own name only, and its session cookie is Secure", async ({ page }) => {
    // the site's name never reaches the desk: its sign-in path is just an old link to the home page
    const onTheSite = await stackFetch(`${SITE_URL}/sign-in`);
    expect(onTheSite.status).toBe(301);
    expect(onTheSite.headers.get("location")).toBe("/");
    expect((await stackFetch(`${SITE_URL}/api/staff/session`)).status).toBe(404);
    const desk = await stackFetch(`${DESK_URL}/sign-in`);
    expect(desk.status).toBe(200);
    expect(desk.headers.get("strict-transport-security")).toContain("max-age=63072000");

    await page.goto(inviteLink(uniqueEmail("stack-admin"), "admin"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();
    const session = (await page.context().cookies(DESK_URL)).find((c) => c.httpOnly);
    expect(session?.secure).toBe(true);
  });

  test("a member adds a passkey from their own browser and signs in with it", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await withVirtualAuthenticator(context, page);
    const email = uniqueEmail("stack-passkey");
    await page.goto(inviteLink(email, "sales_manager"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Your account" }).click();
    await page.getByRole("button", { name: "Add a passkey for this device" }).click();
    await expect(page.getByRole("status")).toContainText("Passkey added");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByText(`${email} (Sales manager)`)).toBeVisible();
    await context.close();
  });
});
