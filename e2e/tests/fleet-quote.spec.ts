import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FLEET_QUOTE_ADD, vinCheckDigit } from "shared-types";
import { allMessages, type CaughtMessage, messagesAbout } from "../fixtures/delivered-leads";
import { uniqueEmail } from "../fixtures/lead-form-scenarios";
import { E2E_LEAD_INBOXES, SITE_URL } from "../fixtures/site-processes";
import { leadsFrom } from "../fixtures/stored-leads";
import { expect, test } from "../fixtures/test";

/** A VIN whose check digit holds, and the same VIN with its ninth character wrong. */
const withCheckDigit = (vin: string) => `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;
const VINS = [withCheckDigit("1GTW7AFG0K1234567"), withCheckDigit("1GTW7BFG0J1000017")];
const wrongDigit = (vin: string) => `${vin.slice(0, 8)}${vin[8] === "1" ? "2" : "1"}${vin.slice(9)}`;

const ADF_DTD = new URL("../../api/adf/adf-1.0.dtd", import.meta.url).pathname;

/** Problems xmllint finds in a document against the ADF 1.0 DTD ("" when it validates). */
function adfProblems(xml: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "fleet-adf-")), "lead.xml");
  writeFileSync(file, xml);
  try {
    execFileSync("xmllint", ["--noout", "--dtdvalid", ADF_DTD, file], { stdio: "pipe" });
    return "";
  } catch (error) {
    return (error as { stderr?: Buffer }).stderr?.toString() ?? "invalid";
  }
}

async function stockNumbers(count: number): Promise<string[]> {
  const response = await fetch(`${SITE_URL}/api/inventory/all/?page_size=${count}`);
  return ((await response.json()) as { vehicles: { stock_number: string }[] }).vehicles.map((v) => v.stock_number);
}

async function eventually<T>(read: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - started > ms) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test.describe("the fleet quote", () => {
  test("with scripts off: three units and a model with quantities and two trade-ins arrive as one valid ADF lead, once", async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const [first, second, third] = await stockNumbers(3);
    const units = [first, second, third] as string[];

    // each unit's page: how many, then "Add to fleet quote"; the browser lands on the list, which says what it added
    for (const [index, stock] of units.entries()) {
      await page.goto(`/inventory/vehicle/${stock}`);
      const add = page.locator(".inventory-vehicle__fleet form[data-fleet-quote-add]");
      await add.getByLabel(FLEET_QUOTE_ADD.quantityLabel).fill(String(index + 1));
      await add.getByRole("button", { name: new RegExp(`^${FLEET_QUOTE_ADD.submitLabel}`) }).click();
      await expect(page).toHaveURL(new RegExp(`/fleet-quote\\?added=${stock}$`));
      await expect(page.getByRole("status").filter({ hasText: `stock ${stock}` })).toBeVisible();
    }
    // a line-up model (to order), from team catalog's page
    await page.goto("/line-up/isuzu/isuzu-nrr-ev");
    const model = page.locator(".catalog-model__fleet form[data-fleet-quote-add]");
    await model.getByLabel(FLEET_QUOTE_ADD.quantityLabel).fill("6");
    await model.getByRole("button", { name: new RegExp(`^${FLEET_QUOTE_ADD.submitLabel}`) }).click();
    await expect(page).toHaveURL(/\/fleet-quote\?added=isuzu-nrr-ev$/);
    await expect(page.getByRole("heading", { name: "Vehicles: 12 units" })).toBeVisible();
    await expect(page.locator(".leads-fleet-line")).toHaveCount(4);

    // a line's body notes and quantity, changed on the list
    const modelLine = page.locator(".leads-fleet-line").filter({ hasText: "line-up model" });
    await modelLine.getByLabel("Body or upfit notes").fill("16 ft dry-freight box with liftgate");
    await modelLine.getByRole("button", { name: "Update" }).click();
    await expect(
      page.locator(".leads-fleet-line").filter({ hasText: "line-up model" }).getByLabel("Body or upfit notes"),
    ).toHaveValue("16 ft dry-freight box with liftgate");

    // a trade-in whose VIN fails its check digit is refused beside the field, with everything typed kept
    const tradeIn = page.locator(".leads-fleet-trade-in-form");
    const fillTradeIn = async (vin: string, year: string, model: string) => {
      await tradeIn.getByLabel(/^Year/).fill(year);
      await tradeIn.getByLabel(/^Make/).fill("GMC");
      await tradeIn.getByLabel(/^Model/).fill(model);
      await tradeIn.getByLabel(/^VIN/).fill(vin);
      await tradeIn.getByLabel(/^Odometer/).fill("281,500");
      await tradeIn.getByRole("button", { name: "Add trade-in" }).click();
    };
    await fillTradeIn(wrongDigit(VINS[0]!), "2019", "Savana 3500");
    await expect(page.locator(".leads-fleet-trade-in-form").getByRole("alert").first()).toContainText("check digit");
    await expect(page.locator(".leads-fleet-trade-in-form").getByLabel(/^Model/)).toHaveValue("Savana 3500");
    await fillTradeIn(VINS[0]!, "2019", "Savana 3500");
    await expect(page.locator(".leads-fleet-trade-in")).toHaveCount(1);
    await fillTradeIn(VINS[1]!, "2018", "Savana 2500");
    await expect(page.locator(".leads-fleet-trade-in")).toHaveCount(2);

    // the request: the company and its delivery, sent as one lead
    const email = uniqueEmail("fleet-quote");
    const send = page.locator('form[data-lead-form="fleet-quote"]');
    await send.getByLabel(/^Company/).fill("Bow River Couriers Ltd.");
    await send.getByLabel(/^First Name/).fill("Fran");
    await send.getByLabel(/^Last Name/).fill("Lee");
    await send.getByRole("textbox", { name: /^Email/ }).fill(email);
    await send.getByLabel(/^Phone Number/).fill("403-555-0142");
    await send.getByLabel(/^GM Fleet Account Number/).fill("A1B2C3");
    await send.getByLabel(/^PO Number/).fill("PO-2026-118");
    await send.getByLabel(/^Required By/).fill("2027-03-31");
    await send.getByLabel(/^Delivery City/).fill("Red Deer");
    await send.getByLabel(/^Delivery Province/).selectOption("AB");
    await send.getByLabel(/^How You Intend to Pay/).selectOption("Closed-end lease");
    const posted = page.waitForRequest((request) => request.method() === "POST");
    await send.getByRole("button", { name: "Send Fleet Quote Request" }).click();
    const post = await posted;
    await expect(page).toHaveURL(/\/contact\/thank-you\?form=fleet-quote&/);
    const reference = (await page.locator(".leads-reference").textContent()) ?? "";
    expect(reference).toMatch(/^FQ-[0-9A-F]{8}$/);

    const [lead] = await eventually(async () => {
      const found = await leadsFrom(email);
      return found.length > 0 ? found : undefined;
    }, "the stored lead");
    const id = lead!.id;
    const mails = await eventually(async () => {
      const found = await messagesAbout(id);
      return found.length >= 2 ? found : undefined;
    }, "the CRM's and the desk's emails");
    const adf = mails.find((m) => m.envelope.to.some((to) => to.address === E2E_LEAD_INBOXES.crm))?.text ?? "";
    expect(adfProblems(adf)).toBe("");
    expect(adf.match(/<vehicle interest="buy"/g)).toHaveLength(4);
    expect(adf.match(/<vehicle interest="trade-in"/g)).toHaveLength(2);
    for (const stock of units) expect(adf).toContain(`<stock>${stock}</stock>`);
    expect(adf).toContain("Quantity: 6");
    expect(adf).toContain("16 ft dry-freight box with liftgate");
    expect(adf).toContain('<id source="GM Fleet Account Number">A1B2C3</id>');
    expect(adf).toContain('<name part="full" type="business">Bow River Couriers Ltd.</name>');
    const desk = mails.find((m) => m.envelope.to.some((to) => to.address === E2E_LEAD_INBOXES.sales));
    expect(desk?.html).toContain("<caption");
    const copy = await eventually<CaughtMessage>(
      async () => (await allMessages()).find((m) => m.envelope.to.some((to) => to.address === email)),
      "the visitor's copy",
    );
    expect(copy.subject).toContain(reference);

    // the same request sent again (a resent page): the same answer, nothing stored twice
    const again = await context.request.post(post.url(), {
      headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE_URL, referer: post.url() },
      data: post.postData() ?? "",
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    expect(again.headers().location).toContain(`ref=${reference}`);
    expect(await leadsFrom(email)).toHaveLength(1);
    // and the list is empty now
    await page.goto("/fleet-quote");
    await expect(page.getByText("Your fleet quote is empty.")).toBeVisible();
    await context.close();
  });

  test("with scripts, a unit is added in place from the inventory list and the count says so; a bad VIN is refused inline", async ({
    page,
  }) => {
    await page.goto("/inventory");
    const firstCard = page.locator(".inventory-item").first();
    await firstCard.getByLabel(FLEET_QUOTE_ADD.quantityLabel).fill("2");
    await firstCard.getByRole("button", { name: new RegExp(`^${FLEET_QUOTE_ADD.submitLabel}`) }).click();
    await expect(firstCard.getByRole("status")).toHaveText("Added. Your fleet quote has 2 units.");
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(page.locator(".leads-fleet-count__link")).toHaveText("Your fleet quote (2 units)");
    // a quantity the list cannot take: the API's reason, in place
    await firstCard.getByLabel(FLEET_QUOTE_ADD.quantityLabel).fill("0");
    await firstCard.getByRole("button", { name: new RegExp(`^${FLEET_QUOTE_ADD.submitLabel}`) }).click();
    await expect(firstCard.getByRole("status")).toHaveText("Quantity must be at least 1");

    await page.goto("/fleet-quote");
    await expect(page.locator(".leads-fleet-line")).toHaveCount(1);
    const tradeIn = page.locator(".leads-fleet-trade-in-form");
    await tradeIn.getByLabel(/^Year/).fill("2019");
    await tradeIn.getByLabel(/^Make/).fill("GMC");
    await tradeIn.getByLabel(/^Model/).fill("Savana");
    await tradeIn.getByLabel(/^VIN/).fill(wrongDigit(VINS[0]!));
    await tradeIn.getByLabel(/^Odometer/).fill("1000");
    const navigations: string[] = [];
    page.on("framenavigated", (frame) => navigations.push(frame.url()));
    await tradeIn.getByRole("button", { name: "Add trade-in" }).click();
    await expect(tradeIn.getByRole("alert").first()).toContainText("check digit");
    expect(navigations).toEqual([]);
  });

  test.describe("on a phone, a tap at once after load", () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, reachEveryIsland: false });

    test("is sent in place by the page's own script, with no team's code: the visitor stays on the list", async ({
      page,
      pageErrors,
    }) => {
      await page.goto("/inventory", { waitUntil: "commit" });
      const card = page.locator(".inventory-item").first();
      await card.getByRole("button", { name: new RegExp(`^${FLEET_QUOTE_ADD.submitLabel}`) }).tap();
      await expect(card.getByRole("status")).toHaveText(/^Added\. Your fleet quote has \d+ units?\.$/);
      await expect(page).toHaveURL(/\/inventory$/);
      // nothing of team leads' runs for it in the browser
      expect(
        await page.evaluate(() =>
          performance.getEntriesByType("resource").some((r) => r.name.includes("/remotes/leads/")),
        ),
      ).toBe(false);
      expect(pageErrors).toEqual([]);
    });
  });
});
