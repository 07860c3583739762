import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { withVirtualAuthenticator } from "../fixtures/chromium";
import { allMessages } from "../fixtures/delivered-leads";
import { formOf, uniqueEmail } from "../fixtures/lead-form-scenarios";
import {
  API_STAFF_URL,
  API_URL,
  DESK_URL,
  E2E_ADMIN_TOKEN,
  E2E_PORTS,
  E2E_SAMPLE_FEED_DIR,
  E2E_STAFF_CLI_TOKEN_FILE,
  root,
  SITE_URL,
} from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

/** `npm run staff:invite -- <email> <role>` against the suite's API: its last line is the enrolment link. */
function inviteFromCommandLine(email: string, role: string): string {
  const output = execFileSync(process.execPath, [join(root, "api/dist/src/staff/invite.js"), email, role], {
    env: { ...process.env, API_STAFF_PORT: String(E2E_PORTS.apiStaff), STAFF_CLI_TOKEN_FILE: E2E_STAFF_CLI_TOKEN_FILE },
    encoding: "utf8",
  });
  return output.trim().split("\n").at(-1) ?? "";
}

/** Opens a sign-in link as the member would: the page's button signs them in. */
async function signInWith(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Signs in by email: asks for a link on the desk, reads it from the mail catcher, opens it. */
async function signInByEmail(page: Page, email: string) {
  await page.goto(`${DESK_URL}/sign-in`);
  await page.getByLabel("Your work email").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await expect(page.getByRole("status")).toContainText("a sign-in link is on its way");
  let link = "";
  await expect(async () => {
    const message = (await allMessages())
      .filter((m) => m.envelope.to.some((to) => to.address === email) && m.subject.includes("sign-in link"))
      .at(-1);
    link = /https?:\/\/\S+\/sign-in\/link\?token=[\w-]+/.exec(message?.text ?? "")?.[0] ?? "";
    expect(link).not.toBe("");
  }).toPass({ timeout: 10_000 });
  await signInWith(page, link);
}

/** A visitor's enquiry through the public site's contact form (the sales desk's). */
async function sendContactLead(page: Page, firstName: string): Promise<void> {
  await page.goto("/contact");
  const form = formOf(page, "contact");
  await form.getByLabel("First Name").fill(firstName);
  await form.getByRole("textbox", { name: /^Email/ }).fill(uniqueEmail("desk"));
  await form.getByRole("button", { name: /Submit/ }).click();
  await expect(page.getByRole("status").filter({ hasText: /Thank you/ })).toBeVisible();
}

// the desk's pages carry no script: each member's browser here runs with scripts off
test.describe("the staff desk", () => {
  test("the first admin comes from the command line; an admin invites a sales manager, who signs in by email, claims a lead and marks it contacted; the audit log shows both", async ({
    browser,
  }) => {
    const visitor = await browser.newPage({ javaScriptEnabled: true });
    const customer = `Deskcheck${Date.now()}`;
    await sendContactLead(visitor, customer);
    await visitor.close();

    const admin = await browser.newPage({ javaScriptEnabled: false });
    const adminEmail = uniqueEmail("owner");
    const enrol = inviteFromCommandLine(adminEmail, "admin");
    expect(enrol).toMatch(new RegExp(`^${DESK_URL}/sign-in/link\\?token=[\\w-]{43}$`));
    await signInWith(admin, enrol);
    await expect(admin.getByRole("heading", { name: "Leads" })).toBeVisible();
    // the same link never signs anyone in again
    await signInWith(admin, enrol);
    await expect(admin.getByRole("alert")).toContainText("used or has expired");
    // inviting a member again hands nobody a link to their account: theirs goes to their own address
    expect(inviteFromCommandLine(adminEmail, "admin")).toContain("changes their role");
    await signInByEmail(admin, adminEmail);

    const salesEmail = uniqueEmail("sales-manager");
    await admin.goto(`${DESK_URL}/staff`);
    await admin.getByLabel("Their work email").fill(salesEmail);
    await admin.getByLabel("Role", { exact: true }).selectOption("sales_manager");
    await admin.getByRole("button", { name: "Invite" }).click();
    await expect(admin.getByRole("status")).toContainText(`${salesEmail} is invited`);
    await expect(admin.getByRole("listitem").filter({ hasText: salesEmail })).toContainText("Sales manager");

    const sales = await browser.newPage({ javaScriptEnabled: false });
    await signInByEmail(sales, salesEmail);
    await sales.goto(`${DESK_URL}/leads?q=${customer}`);
    const lead = sales.locator(".desk-lead").filter({ hasText: customer });
    await expect(lead).toContainText("nobody yet");
    await expect(lead).toContainText("department-email");
    await lead.getByRole("button", { name: "Claim" }).click();
    await expect(sales.getByRole("status")).toContainText("Claimed");
    await expect(lead).toContainText(`by ${salesEmail}`);
    await lead.getByRole("button", { name: "Mark contacted" }).click();
    await expect(sales.getByRole("status")).toContainText("Marked contacted");
    await expect(lead.getByRole("button", { name: "Mark contacted" })).toHaveCount(0);
    // the ledger as filtered, as a spreadsheet
    const [download] = await Promise.all([
      sales.waitForEvent("download"),
      sales.getByRole("link", { name: "Download these leads (CSV)" }).click(),
    ]);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv.split("\n")[0]).toContain("received_at,form,department,name");
    expect(csv).toContain(customer);
    expect(csv).toContain(salesEmail);
    // a sales manager's role does not include the audit log or the staff list: the server says so
    const refused = await sales.goto(`${DESK_URL}/audit`);
    expect(refused?.status()).toBe(403);
    await expect(sales.getByRole("heading", { name: "Not part of your role" })).toBeVisible();
    expect((await sales.goto(`${DESK_URL}/staff`))?.status()).toBe(403);

    await admin.goto(`${DESK_URL}/audit`);
    const rows = admin.getByRole("row").filter({ hasText: salesEmail });
    await expect(rows.filter({ hasText: "lead.claim" })).toHaveCount(1);
    await expect(rows.filter({ hasText: "lead.contacted" })).toHaveCount(1);
    await expect(admin.getByRole("row").filter({ hasText: `staff:${salesEmail}` })).toContainText("staff.invite");

    // signing out ends the session on the server: the old cookie opens nothing
    const cookies = await sales.context().cookies();
    await sales.getByRole("button", { name: "Sign out" }).click();
    await expect(sales.getByRole("heading", { name: "Sign in" })).toBeVisible();
    await sales.context().addCookies(cookies);
    await sales.goto(`${DESK_URL}/leads`);
    await expect(sales.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });

  test("each role sees its own department's leads: a service manager not the sales desk's, marketing none", async ({
    browser,
  }) => {
    const visitor = await browser.newPage({ javaScriptEnabled: true });
    const customer = `Servicecheck${Date.now()}`;
    await sendContactLead(visitor, customer);
    await visitor.close();
    const service = await browser.newPage({ javaScriptEnabled: false });
    await signInWith(service, inviteFromCommandLine(uniqueEmail("service-manager"), "service_manager"));
    await service.goto(`${DESK_URL}/leads?q=${customer}`);
    await expect(service.getByText("No leads match.")).toBeVisible();
    const marketing = await browser.newPage({ javaScriptEnabled: false });
    await signInWith(marketing, inviteFromCommandLine(uniqueEmail("marketing"), "marketing"));
    // marketing's desk is the specials
    await expect(marketing.getByRole("heading", { name: "Specials", level: 1 })).toBeVisible();
    await expect(marketing.getByRole("link", { name: "Leads" })).toHaveCount(0);
    expect((await marketing.goto(`${DESK_URL}/leads`))?.status()).toBe(403);
  });

  test("a desk releases a held enquiry from the desk, and the day's digest links to the held list", async ({
    browser,
  }) => {
    const visitor = await browser.newPage({ javaScriptEnabled: true });
    await visitor.goto("/contact");
    const form = formOf(visitor, "contact");
    const customer = `Heldcheck${Date.now()}`;
    await form.getByLabel("First Name").fill(customer);
    await form.getByRole("textbox", { name: /^Email/ }).fill(uniqueEmail("held-desk"));
    // caught by a spam guard (the hidden field filled, as some browsers' autofill does): thanked, held back
    await form.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
      input.value = "prairie.example";
    });
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(visitor.getByText("Thank you!").first()).toBeVisible();
    await visitor.close();
    const digest = await fetch(`${API_STAFF_URL}/api/leads/held/digest`, {
      method: "POST",
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    });
    expect(digest.status).toBe(200);
    const message = (await allMessages()).find(
      (m) => m.subject.startsWith("Possible spam") && m.text?.includes(customer),
    );
    expect(message?.text).toContain(`on the staff desk: ${DESK_URL}/held`);

    const sales = await browser.newPage({ javaScriptEnabled: false });
    await signInWith(sales, inviteFromCommandLine(uniqueEmail("held-sales"), "sales_manager"));
    await sales.goto(`${DESK_URL}/held`);
    const held = sales.locator(".desk-lead").filter({ hasText: customer });
    await expect(held).toContainText("Held because");
    await held.getByRole("button", { name: "Not spam: release it" }).click();
    await expect(sales.getByRole("status")).toContainText("Released");
    await expect(sales.locator(".desk-lead").filter({ hasText: customer })).toHaveCount(0);
    await sales.goto(`${DESK_URL}/leads?q=${customer}`);
    await expect(sales.locator(".desk-lead").filter({ hasText: customer })).toContainText("nobody yet");
  });

  test("an admin closes the dealership for a holiday and changes Saturday's service hours: every page shows both within 5 s, with the closure in the structured data", async ({
    browser,
  }) => {
    const original = await (await fetch(`${API_URL}/api/business-details`)).json();
    const restore = () =>
      fetch(`${API_STAFF_URL}/api/business-details`, {
        method: "PUT",
        headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(original),
      });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Edmonton" }).format(new Date());
    const note = `Inventory count ${Date.now()}`;
    const admin = await browser.newPage({ javaScriptEnabled: false });
    try {
      await signInWith(admin, inviteFromCommandLine(uniqueEmail("hours-admin"), "admin"));
      await admin.getByRole("link", { name: "Hours and details" }).click();
      await admin.getByLabel("First day closed").fill(today);
      await admin.getByLabel("Last day closed").fill(today);
      await admin.getByLabel("Why (shown to visitors)").fill(note);
      await admin.getByRole("button", { name: "Add the closure" }).click();
      await expect(admin.getByRole("status")).toContainText("Closure added");
      await admin.getByRole("group", { name: "Service hours" }).getByLabel("Saturday").fill("09:00-13:00");
      await admin.getByRole("button", { name: "Save the details and hours" }).click();
      await expect(admin.getByRole("status")).toContainText("Saved");

      const home = async () => (await fetch(`${SITE_URL}/`)).text();
      await expect.poll(async () => (await home()).includes(note), { timeout: 5_000 }).toBe(true);
      const html = await home();
      expect(html).toContain(`Today:</strong> Closed`);
      expect(html).toMatch(
        /"specialOpeningHoursSpecification":\[\{"@type":"OpeningHoursSpecification","validFrom":"\d{4}-\d\d-\d\d"/,
      );
      const visitor = await browser.newPage({ javaScriptEnabled: false });
      await visitor.goto("/contact");
      await expect(visitor.getByText(`Today: Closed`).first()).toBeVisible();
      await expect(visitor.getByRole("contentinfo")).toContainText(note);
      await expect(
        visitor
          .getByRole("contentinfo")
          .locator("table", { hasText: "Service Hours" })
          .locator("tr", { hasText: "Saturday" }),
      ).toContainText("9:00 AM - 1:00 PM");
      await visitor.close();
      // an empty day is refused with its reason, and what was typed stays
      await admin.getByRole("group", { name: "Parts hours" }).getByLabel("Sunday").fill("");
      await admin.getByLabel("Sales phone", { exact: true }).fill("403-555-0111");
      await admin.getByRole("button", { name: "Save the details and hours" }).click();
      await expect(admin.getByRole("alert")).toContainText("Parts hours, Sunday");
      await expect(admin.getByLabel("Sales phone", { exact: true })).toHaveValue("403-555-0111");
      await admin.goto(`${DESK_URL}/audit`);
      await expect(admin.getByRole("row").filter({ hasText: "business.update" }).first()).toContainText(note);
    } finally {
      expect((await restore()).status).toBe(200);
    }
  });

  test("a sales manager lowers a unit's price with a reason: its page shows the new all-in price within 5 s, and the change is kept through imports until cleared", async ({
    browser,
  }) => {
    const listed = (await (await fetch(`${API_URL}/api/inventory/all/?page_size=60`)).json()) as {
      vehicles: { stock_number: string; low_price: number }[];
    };
    // a unit with a sale price of its own (one priced at MSRP alone shows that instead)
    const unit = listed.vehicles.filter((vehicle) => vehicle.low_price > 5_000).at(-1);
    if (!unit) throw new Error("no unit on offer");
    const allInCents = async () =>
      Number(
        /data-all-in-cents="(\d+)"/.exec(
          await (await fetch(`${SITE_URL}/inventory/vehicle/${unit.stock_number}`)).text(),
        )?.[1],
      );
    const before = await allInCents();
    const sales = await browser.newPage({ javaScriptEnabled: false });
    await signInWith(sales, inviteFromCommandLine(uniqueEmail("units-sales"), "sales_manager"));
    await sales.getByRole("link", { name: "Units" }).click();
    await sales.getByLabel("Stock number, VIN, make or model").fill(unit.stock_number);
    await sales.getByRole("button", { name: "Find" }).click();
    await sales.getByRole("link", { name: new RegExp(`^${unit.stock_number}:`) }).click();
    try {
      await sales.getByLabel("Sale price (whole dollars)").fill(String(unit.low_price - 1000));
      // a change needs its reason: the browser itself asks for it (the API refuses one without, too)
      await sales.getByRole("button", { name: "Save the change" }).click();
      await expect(sales.locator("#desk-unit-reason:invalid")).toHaveCount(1);
      await expect(sales.getByLabel("Sale price (whole dollars)")).toHaveValue(String(unit.low_price - 1000));
      await sales.getByLabel("Why (kept with the change)").fill("Matching a fleet quote for Prairie Haulage");
      await sales.getByRole("button", { name: "Save the change" }).click();
      await expect(sales.getByRole("status").first()).toContainText("Saved");
      await expect(sales.getByText("Feed imports keep this change")).toBeVisible();
      await expect.poll(allInCents, { timeout: 5_000 }).toBe(before - 100_000);
    } finally {
      // as it was: the price back, then the change cleared
      await sales.getByLabel("Sale price (whole dollars)").fill(String(unit.low_price));
      await sales.getByLabel("Why (kept with the change)").fill("Back to the feed's price");
      await sales.getByRole("button", { name: "Save the change" }).click();
      await sales.getByRole("button", { name: /Clear the change/ }).click();
      await expect(sales.getByRole("status").first()).toContainText("Cleared");
    }
    await expect.poll(allInCents, { timeout: 5_000 }).toBe(before);
  });

  test("marketing posts a special with scripts off: previewed as the sanitiser leaves it, an image through the photo pipeline, on the site within 5 s, then moved and scheduled; a service manager may not touch it", async ({
    browser,
  }) => {
    const title = `Winter tires ${Date.now()}`;
    const marketingEmail = uniqueEmail("specials-marketing");
    const marketing = await browser.newPage({ javaScriptEnabled: false });
    await signInWith(marketing, inviteFromCommandLine(marketingEmail, "marketing"));
    await marketing.getByRole("link", { name: "New special" }).click();
    await marketing.getByLabel("Department").selectOption("sales");
    await marketing.getByLabel(/^Title/).fill(title);
    await marketing
      .getByLabel(/^Text/)
      .fill(`<h2>${title}</h2><p onclick="steal()">On every 2026 Silverado HD.</p><script>steal()</script>`);
    await marketing.getByLabel(/^Link for the image/).fill("javascript:steal()");
    await marketing.getByRole("button", { name: "Preview" }).click();
    const preview = marketing.locator(".desk-preview__body");
    await expect(preview.getByRole("heading", { name: title })).toBeVisible();
    expect(await preview.innerHTML()).not.toMatch(/script|onclick/);
    // a link that is not one is refused with its reason, and what was typed stays
    await marketing.getByRole("button", { name: "Create the special" }).click();
    await expect(marketing.getByRole("alert")).toContainText("Link to a page of this site");
    await expect(marketing.getByLabel(/^Title/)).toHaveValue(title);
    await marketing.getByLabel(/^Link for the image/).fill("/inventory");
    await marketing.getByRole("button", { name: "Create the special" }).click();
    await expect(marketing.getByRole("status")).toContainText("Created");
    const specialUrl = marketing.url().replace(/\?.*$/, "");

    const specials = async () => (await fetch(`${SITE_URL}/sales-specials`)).text();
    await expect.poll(async () => (await specials()).includes(title), { timeout: 5_000 }).toBe(true);
    expect(await specials()).not.toContain("steal()");

    // its image: uploaded as a file, stored through the photo pipeline (a JPEG of the API's own)
    // one of the sample feed's photographs, as a phone's would be uploaded
    const photos = join(E2E_SAMPLE_FEED_DIR, "photos");
    const image = readFileSync(join(photos, readdirSync(photos).find((name) => name.endsWith(".jpg")) ?? ""));
    await marketing.getByLabel(/Add one/).setInputFiles({ name: "tires.jpg", mimeType: "image/jpeg", buffer: image });
    await marketing.getByRole("button", { name: "Upload the image" }).click();
    await expect(marketing.getByRole("status")).toContainText("Image saved");
    const src = await marketing.getByRole("img", { name: title }).getAttribute("src");
    expect(src).toMatch(/^\/photos\/[0-9a-f]{32}\/1280\.jpeg$/);
    const served = await marketing.request.get(`${DESK_URL}${src}`);
    expect(served.headers()["content-type"]).toBe("image/jpeg");
    const publicImage = await fetch(`${SITE_URL}${src?.replace("/photos/", "/api/media/photos/")}`);
    expect(publicImage.status).toBe(200);
    // not an image: refused with the pipeline's reason
    await marketing.getByLabel(/Replace it with/).setInputFiles({
      name: "tires.png",
      mimeType: "image/png",
      buffer: Buffer.from("<svg onload=steal()>"),
    });
    await marketing.getByRole("button", { name: "Upload the image" }).click();
    await expect(marketing.getByRole("alert")).toContainText("not a JPEG, PNG, WebP or AVIF");

    // moved to the top of the sales specials: the public page shows it first within 5 s
    await marketing.goto(`${DESK_URL}/specials`);
    const firstSales = async () => {
      const html = await specials();
      return html.indexOf(title) >= 0 && html.indexOf(title) < html.indexOf("Winter Fleet Event");
    };
    for (let i = 0; i < 10 && !(await firstSales()); i++) {
      const move = marketing.getByRole("button", { name: `Move ${title} up` });
      if ((await move.count()) === 0) break;
      await move.click();
      await expect(marketing.getByRole("status")).toContainText("Moved");
    }
    await expect.poll(firstSales, { timeout: 5_000 }).toBe(true);

    // a service manager may not edit a sales special (403), nor is it in their list
    const service = await browser.newPage({ javaScriptEnabled: false });
    await signInWith(service, inviteFromCommandLine(uniqueEmail("specials-service"), "service_manager"));
    await service.goto(`${DESK_URL}/specials`);
    await expect(service.getByRole("link", { name: title })).toHaveCount(0);
    expect((await service.goto(specialUrl))?.status()).toBe(403);
    await service.close();

    // scheduled to start next year: off the site within 5 s; then removed
    await marketing.goto(specialUrl);
    await marketing.getByLabel(/^First day shown/).fill("2099-01-01");
    await marketing.getByRole("button", { name: "Save the special" }).click();
    await expect(marketing.getByRole("status")).toContainText("Saved");
    await expect.poll(async () => (await specials()).includes(title), { timeout: 5_000 }).toBe(false);
    await marketing.goto(`${DESK_URL}/specials`);
    await expect(marketing.locator(".desk-special", { hasText: title })).toContainText("not shown today");
    await marketing.getByRole("button", { name: `Remove ${title}` }).click();
    await expect(marketing.getByRole("status")).toContainText("Removed");

    const admin = await browser.newPage({ javaScriptEnabled: false });
    await signInWith(admin, inviteFromCommandLine(uniqueEmail("specials-admin"), "admin"));
    await admin.goto(`${DESK_URL}/audit`);
    for (const action of ["special.create", "special.image", "special.update", "special.remove"]) {
      await expect(
        admin.getByRole("row").filter({ hasText: action }).filter({ hasText: marketingEmail }).first(),
      ).toBeVisible();
    }
  });

  test("marketing puts a notice at the top of every page for its days, with its link, and takes it down", async ({
    browser,
  }) => {
    const text = `Open house Saturday ${Date.now()}: coffee and test drives`;
    const marketing = await browser.newPage({ javaScriptEnabled: false });
    await signInWith(marketing, inviteFromCommandLine(uniqueEmail("notice-marketing"), "marketing"));
    await marketing.getByRole("link", { name: "Site notice" }).click();
    await marketing.getByLabel(/^The notice/).fill(text);
    await marketing.getByLabel(/^Its link/).fill("http://elsewhere.example");
    await marketing.getByRole("button", { name: "Save the notice" }).click();
    await expect(marketing.getByRole("alert")).toContainText("Link to a page of this site");
    await expect(marketing.getByLabel(/^The notice/)).toHaveValue(text);
    await marketing.getByLabel(/^Its link/).fill("/inventory");
    await marketing.getByRole("button", { name: "Save the notice" }).click();
    try {
      await expect(marketing.getByRole("status")).toContainText("Saved");
      for (const path of ["/", "/inventory", "/service"]) {
        await expect
          .poll(async () => (await (await fetch(`${SITE_URL}${path}`)).text()).includes(text), { timeout: 5_000 })
          .toBe(true);
      }
      const visitor = await browser.newPage({ javaScriptEnabled: false });
      await visitor.goto("/contact");
      await expect(visitor.getByRole("link", { name: text })).toHaveAttribute("href", "/inventory");
      await visitor.close();
    } finally {
      await marketing.goto(`${DESK_URL}/texts`);
      await marketing.getByRole("button", { name: "Take the notice down" }).click();
      await expect(marketing.getByRole("status")).toContainText("Taken down");
    }
    await expect
      .poll(async () => (await (await fetch(`${SITE_URL}/`)).text()).includes(text), { timeout: 5_000 })
      .toBe(false);
  });

  test("a service manager sets the service hours: the site shows them within 5 s; the sales hours and the rest are not theirs", async ({
    browser,
  }) => {
    const original = await (await fetch(`${API_URL}/api/business-details`)).json();
    const service = await browser.newPage({ javaScriptEnabled: false });
    try {
      await signInWith(service, inviteFromCommandLine(uniqueEmail("hours-service"), "service_manager"));
      await service.getByRole("link", { name: "Opening hours" }).click();
      await expect(service.getByRole("group", { name: "Sales hours" })).toHaveCount(0);
      await service.getByRole("group", { name: "Service hours" }).getByLabel("Friday").fill("07:00-15:00");
      await service.getByRole("group", { name: "Parts hours" }).getByLabel("Monday").fill("seven till four");
      await service.getByRole("button", { name: "Save the hours" }).click();
      // words are a day's text (By Appointment Only); an empty day is refused and what was typed stays
      await expect(service.getByRole("status")).toContainText("Saved");
      await service.getByRole("group", { name: "Parts hours" }).getByLabel("Monday").fill("");
      await service.getByRole("button", { name: "Save the hours" }).click();
      await expect(service.getByRole("alert")).toContainText("Parts hours, Monday");
      await expect(service.getByRole("group", { name: "Service hours" }).getByLabel("Friday")).toHaveValue(
        "07:00-15:00",
      );
      const footer = async () => (await fetch(`${SITE_URL}/contact`)).text();
      await expect
        .poll(async () => /Friday<\/t[dh]><td[^>]*>7:00 AM - 3:00 PM/.test(await footer()), { timeout: 5_000 })
        .toBe(true);
      // the whole of the details is an admin's: the desk sends a service manager to their hours, the API refuses the rest
      await service.goto(`${DESK_URL}/business`);
      expect(service.url()).toBe(`${DESK_URL}/hours`);
      const whole = await service.request.post(`${DESK_URL}/business`, {
        form: { phone_sales: "403-555-0000" },
        headers: { origin: DESK_URL },
      });
      expect(whole.status()).toBe(403);
    } finally {
      await fetch(`${API_STAFF_URL}/api/business-details`, {
        method: "PUT",
        headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(original),
      });
    }
  });

  test("an admin uploads the feed by hand: the run lists each rejected row with its line and reason; a sales manager has no feeds", async ({
    browser,
  }) => {
    const sample = readFileSync(join(E2E_SAMPLE_FEED_DIR, "inventory.csv"), "utf8");
    const header = sample.split("\r\n")[0] ?? "";
    const columns = header.split(",");
    const bad = columns.map((column) => (column === "Stock" ? "BAD-ROW-1" : column === "Year" ? "20x6" : "")).join(",");
    const file = `${sample.trimEnd()}\r\n${bad}\r\n`;
    // the file's own line (a description may hold line breaks inside its quotes)
    const badLine = file.trimEnd().split("\n").length;
    const admin = await browser.newPage({ javaScriptEnabled: false });
    await signInWith(admin, inviteFromCommandLine(uniqueEmail("feeds-admin"), "admin"));
    await admin.getByRole("link", { name: "Feeds" }).click();
    await admin
      .getByLabel(/The inventory feed/)
      .setInputFiles({ name: "dms-export.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await admin.getByRole("button", { name: "Upload and import" }).click();
    // the import runs on its own: the page says so and refreshes itself until the run ends
    await expect(admin.getByRole("status")).toContainText("Started");
    const run = admin.locator(".desk-lead").first();
    await expect(run).toContainText("dms-export.csv, uploaded on the desk by");
    await expect(async () => {
      await admin.reload();
      await expect(run).toContainText("imported", { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(run).toContainText(`Line ${badLine} (stock BAD-ROW-1): VIN`);
    await expect(admin.getByText("No feed address is set (FEED_URL)")).toBeVisible();
    const sales = await browser.newPage({ javaScriptEnabled: false });
    await signInWith(sales, inviteFromCommandLine(uniqueEmail("feeds-sales"), "sales_manager"));
    await expect(sales.getByRole("link", { name: "Feeds" })).toHaveCount(0);
    expect((await sales.goto(`${DESK_URL}/feeds`))?.status()).toBe(403);
  });

  test("a member adds a passkey for this device and signs in with it, no email needed (a virtual authenticator)", async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await withVirtualAuthenticator(context, page);
    const email = uniqueEmail("passkey");
    await signInWith(page, inviteFromCommandLine(email, "sales_manager"));
    await page.getByRole("link", { name: "Your account" }).click();
    await expect(page.getByText("No passkey yet")).toBeVisible();
    await page.getByRole("button", { name: "Add a passkey for this device" }).click();
    await expect(page.getByRole("status")).toContainText("Passkey added");
    await expect(page.getByText("1 passkey on your account")).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("heading", { name: "Leads" })).toBeVisible();
    await expect(page.getByText(`${email} (Sales manager)`)).toBeVisible();
    await context.close();
  });

  test("works at 390 px with no serious accessibility finding (axe, WCAG 2.2 AA)", async ({ browser }) => {
    // axe on every page of the desk, one after the other
    test.setTimeout(90_000);
    // (axe itself runs as a script in the page)
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const axe = async () => {
      const { violations } = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
    };
    await page.goto(`${DESK_URL}/sign-in`);
    expect(await axe()).toEqual([]);
    // a visitor and a member whose names and addresses run to 60 characters: the cards and the header wrap them
    const long = `${"Bartholomew-Alexander".repeat(2)}-Montgomery-Whit`.slice(0, 60);
    const visitor = await browser.newPage();
    await visitor.goto("/contact");
    const form = formOf(visitor, "contact");
    await form.getByLabel("First Name").fill(long);
    await form
      .getByRole("textbox", { name: /^Email/ })
      .fill(`${"x".repeat(60 - "@fleet.example".length)}@fleet.example`);
    await form.getByRole("button", { name: /Submit/ }).click();
    await expect(visitor.getByRole("status").filter({ hasText: /Thank you/ })).toBeVisible();
    await visitor.close();
    const adminEmail = `${"desk-walk-admin-".repeat(3)}${Date.now()}`.slice(0, 60 - "@summit.example".length);
    await signInWith(page, inviteFromCommandLine(`${adminEmail}@summit.example`, "admin"));
    await page.goto(`${DESK_URL}/leads?q=${encodeURIComponent(long)}`);
    await expect(page.locator(".desk-lead").filter({ hasText: long })).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "a long name").toBeLessThanOrEqual(390);
    for (const path of [
      "/leads",
      "/held",
      "/bookings",
      "/bookings?view=week",
      "/bookings/capacity",
      "/units?q=isuzu",
      "/business",
      "/specials",
      "/specials/new",
      "/feeds",
      "/texts",
      "/staff",
      "/audit",
      "/account",
    ]) {
      await page.goto(`${DESK_URL}${path}`);
      expect(await axe(), path).toEqual([]);
      // nothing runs off the side of a phone's screen
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    await context.close();
  });
});
