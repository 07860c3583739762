import { execFileSync } from "node:child_process";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import ICAL from "ical.js";
import { allMessages, type CaughtMessage, sourceOf } from "../fixtures/delivered-leads";
import { uniqueEmail } from "../fixtures/lead-form-scenarios";
import { DESK_URL, E2E_PORTS, E2E_STAFF_CLI_TOKEN_FILE, root } from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

/** A visitor's browser on a phone, with scripts off: every step is a page the server composes. */
async function phoneWithoutScripts(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  return context.newPage();
}

/** The newest message to an address whose subject starts so, once it has come. */
async function messageTo(address: string, subject: string): Promise<CaughtMessage> {
  let found: CaughtMessage | undefined;
  await expect(async () => {
    found = (await allMessages())
      .filter((m) => m.envelope.to.some((to) => to.address === address) && m.subject.startsWith(subject))
      .at(-1);
    expect(found).toBeDefined();
  }).toPass({ timeout: 15_000 });
  return found as CaughtMessage;
}

/** Fills one vehicle of the booking form. */
async function describeVehicle(page: Page, index: number, vehicle: { year: string; make: string; model: string }) {
  const unit = page.getByRole("group", { name: new RegExp(`^Vehicle ${index + 1}:`) });
  await unit.getByLabel("Year").fill(vehicle.year);
  await unit.getByLabel("Make").fill(vehicle.make);
  await unit.getByLabel("Model").fill(vehicle.model);
}

async function fillVisitor(page: Page, email: string) {
  await page.getByLabel("First name").fill("Dana");
  await page.getByLabel("Company (optional)").fill("Prairie Couriers");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("403-555-0199");
}

/** `npm run staff:invite` against the suite's API; opening its link signs the member in. */
async function signInAs(page: Page, email: string, role: string) {
  const output = execFileSync(process.execPath, [join(root, "api/dist/src/staff/invite.js"), email, role], {
    env: { ...process.env, API_STAFF_PORT: String(E2E_PORTS.apiStaff), STAFF_CLI_TOKEN_FILE: E2E_STAFF_CLI_TOKEN_FILE },
    encoding: "utf8",
  });
  await page.goto(output.trim().split("\n").at(-1) ?? "");
  await page.getByRole("button", { name: "Sign in" }).click();
}

test.describe("booking the service bay", () => {
  test("a fleet books three units from a phone with scripts off, gets the invite, and the service manager runs the visit on the desk", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await phoneWithoutScripts(browser);
    const email = uniqueEmail("booking");
    await page.goto("/service");
    await page.getByRole("link", { name: "Book a service appointment" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a Service Appointment");
    await page.getByLabel("Vehicle 1").selectOption("commercial-vehicle-inspection");
    await page.getByRole("button", { name: "Add another vehicle" }).click();
    await page.getByLabel("Vehicle 2").selectOption("oil-air-fuel-filter-changes");
    await page.getByRole("button", { name: "Add another vehicle" }).click();
    await page.getByLabel("Vehicle 3").selectOption("alignments");
    await page.getByRole("button", { name: "Show free times" }).click();
    const first = page.locator('input[name="startsAt"]').first();
    const startsAt = await first.getAttribute("value");
    await first.check();
    await describeVehicle(page, 0, { year: "2021", make: "Isuzu", model: "NPR-HD" });
    await describeVehicle(page, 1, { year: "2019", make: "Chevrolet", model: "Express 3500" });
    await describeVehicle(page, 2, { year: "2022", make: "GMC", model: "Sierra 3500HD" });
    await page
      .getByRole("group", { name: /^Vehicle 1:/ })
      .getByLabel("VIN (optional)")
      .fill("1GCEK19T3XE000000");
    await fillVisitor(page, email);
    // and again by distance: each vehicle's odometer now, readings sent later on the plan's page
    await page.getByLabel(/^Again by distance/).check();
    await page.getByLabel("Every how many km").fill("15,000");
    for (const [index, odometer] of ["84,200", "120000", "45000"].entries()) {
      await page
        .getByRole("group", { name: new RegExp(`^Vehicle ${index + 1}:`) })
        .getByLabel("Odometer in km (optional)")
        .fill(odometer);
    }
    await page.getByRole("button", { name: "Book this time" }).click();
    // a VIN whose check digit does not hold: the page again, everything typed kept, the reason by the field
    await expect(page.getByText("VIN is not valid")).toBeVisible();
    await expect(page.getByRole("group", { name: /^Vehicle 3:/ }).getByLabel("Model")).toHaveValue("Sierra 3500HD");
    await expect(page.locator(`input[name="startsAt"][value="${startsAt}"]`)).toBeChecked();
    await page
      .getByRole("group", { name: /^Vehicle 1:/ })
      .getByLabel("VIN (optional)")
      .fill("");
    await page.getByRole("button", { name: "Book this time" }).click();
    await expect(page.getByRole("status")).toContainText("Your appointment is booked");
    await expect(page.locator(".service-booking__summary")).toContainText("Commercial Vehicle Inspection");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const booked = await messageTo(email, "Your service appointment FQ-");
    const source = await sourceOf(booked);
    expect(source).not.toContain("Prairie");
    const calendar = /BEGIN:VCALENDAR[\s\S]+?END:VCALENDAR/.exec(
      source.replace(/=\r?\n/g, "").replace(/\r\n /g, ""),
    )?.[0];
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(calendar ?? "")).getFirstSubcomponent("vevent") ?? undefined,
    );
    expect(event.startDate.toJSDate().toISOString()).toBe(startsAt);

    // the fleet's plan, from the booking's page: a reading near the distance books that vehicle's next visit
    await page.getByRole("link", { name: /see the plan/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Service Plan");
    await expect(page.locator(".service-booking__summary")).toContainText("Every 15,000 km");
    await page.getByLabel(/^Vehicle 1: 2021 Isuzu NPR-HD/).fill("98,200");
    await page.getByRole("button", { name: "Send the readings" }).click();
    await expect(page.getByRole("status")).toContainText("A vehicle is due");
    await expect(page.locator(".service-booking__visits li")).toHaveCount(2);

    const desk = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signInAs(desk, `service-${Date.now()}@summit.example`, "service_manager");
    const day = new Date(startsAt ?? "").toLocaleDateString("en-CA", { timeZone: "America/Edmonton" });
    await desk.goto(`${DESK_URL}/bookings?from=${day}`);
    const visit = desk
      .locator(".desk-booking")
      .filter({ hasText: "Prairie Couriers" })
      .filter({ hasText: "Express 3500" });
    await expect(visit).toHaveCount(1);
    await expect(visit).toContainText("Plan: Every 15,000 km");
    // the day bay by bay, each with its time left
    await expect(desk.locator(".desk-bay").filter({ has: desk.getByRole("heading", { name: "Bay 2" }) })).toContainText(
      / free of \d+ h/,
    );
    await expect(desk.getByText(/^All bays: .* free of .* h\.$/)).toBeVisible();
    await visit.getByRole("button", { name: "Confirm" }).click();
    await expect(desk.getByRole("status")).toContainText("Confirmed");
    await visit.getByRole("button", { name: "Arrived" }).click();
    await visit.getByRole("button", { name: "Ready: tell the customer" }).click();
    await expect(visit).toContainText("Ready for pick-up");
    await messageTo(email, "Ready for pick-up");
    const { violations } = await new AxeBuilder({ page: desk }).withTags(["wcag2a", "wcag2aa", "wcag22aa"]).analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  });

  test("every way in books with scripts off: a service page, the body shop, a model's service page", async ({
    browser,
  }) => {
    const page = await phoneWithoutScripts(browser);
    await page.goto("/services/alignments");
    await page.getByRole("link", { name: "Book a time for this service" }).click();
    await expect(page.getByLabel("Vehicle 1")).toHaveValue("alignments");
    await expect(page.locator('input[name="startsAt"]').first()).toBeAttached();
    await page.goto("/body-shop-services/estimates");
    await page.getByRole("link", { name: "Book an estimate appointment" }).click();
    await expect(page.getByLabel("Vehicle 1")).toHaveValue("body-shop-estimate");
    await expect(page.getByRole("group", { name: /^Vehicle 1: Body Shop Estimate/ })).toBeVisible();
    await page.goto("/body-shop");
    await expect(page.getByRole("link", { name: "Book an estimate appointment" })).toBeVisible();
    await page.goto("/service/chevrolet-colorado");
    await page.getByRole("link", { name: "Book a service appointment" }).click();
    await expect(page).toHaveURL(/\/book-service$/);
  });

  test("the booking's link: opening it changes nothing, moving it once spends it, cancelling tells the calendar", async ({
    browser,
  }) => {
    const page = await phoneWithoutScripts(browser);
    const email = uniqueEmail("booking-link");
    await page.goto("/book-service?work=oil-air-fuel-filter-changes");
    await page.locator('input[name="startsAt"]').nth(1).check();
    await describeVehicle(page, 0, { year: "2020", make: "Isuzu", model: "NRR" });
    await fillVisitor(page, email);
    await page.getByRole("button", { name: "Book this time" }).click();
    const link = page.url().replace(/\?.*$/, "");
    for (let visit = 0; visit < 2; visit++) {
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Your Service Appointment" })).toBeVisible();
    }
    await page.locator('input[name="startsAt"]').nth(4).check();
    await page.getByRole("button", { name: "Move to this time" }).click();
    await expect(page.getByRole("status")).toContainText("Your appointment has moved");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
    await page.goBack();
    await page.getByRole("button", { name: "Cancel this appointment" }).click();
    await expect(page.getByRole("status")).toContainText("Your appointment is cancelled");
    const cancelled = await messageTo(email, "Your service appointment is cancelled");
    expect(await sourceOf(cancelled)).toContain("METHOD:CANCEL");
  });
});
