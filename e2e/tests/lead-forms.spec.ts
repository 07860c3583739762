import { createHmac } from "node:crypto";
import { LEAD_FORMS, MARKETING_CONSENT } from "shared-types";
import { LEAD_MESSAGES } from "../../mfe-leads/src/copy";
import { allMessages, messagesAbout, recipientsOf, sourceOf } from "../fixtures/delivered-leads";
import { formOf, SCENARIOS, storedOf, uniqueEmail } from "../fixtures/lead-form-scenarios";
import {
  API_INTERNAL_URL,
  API_STAFF_URL,
  E2E_ADMIN_TOKEN,
  E2E_LEAD_INBOXES,
  E2E_LEADS_EXPORT_TOKEN,
  E2E_PORTS,
  E2E_SIGNING_SECRET,
  SITE_URL,
} from "../fixtures/site-processes";
import { leadsFrom } from "../fixtures/stored-leads";
import { expect, test } from "../fixtures/test";

const CAPTURE = "**/api/leads/capture";

test.describe("every enquiry form in the composed site", () => {
  for (const scenario of SCENARIOS) {
    test(`${scenario.form}: a failed send keeps everything, the retry is stored once`, async ({ page, pageErrors }) => {
      const path = await scenario.path();
      await page.goto(path);
      const form = formOf(page, scenario.form);
      await expect(form).toBeVisible();
      // rendered by team leads inside the page of the remote that owns the route
      await expect(
        page.locator(`[data-remote="${scenario.region}"] form[data-lead-form="${scenario.form}"]`),
      ).toHaveCount(1);
      if (scenario.prefilled)
        await expect(form.getByLabel(scenario.prefilled.label)).toHaveValue(scenario.prefilled.value);
      // team leads' styles travel with the form, and its honeypot stays out of a person's sight
      await expect(form.locator(".leads-form__input").first()).toHaveCSS("padding-top", "10px");
      await expect(form.locator('input[name="website"]')).not.toBeInViewport();

      const email = uniqueEmail(scenario.form);
      await form.getByLabel("First Name").fill("Robin");
      await form.getByRole("textbox", { name: /^Email/ }).fill(email);
      for (const [label, value] of Object.entries(scenario.extra ?? {})) await form.getByLabel(label).fill(value);

      // the server refuses it once (a 4xx is not retried): the visitor sees why and keeps what they typed
      await page.route(CAPTURE, (route) =>
        route.fulfill({ status: 400, contentType: "application/json", body: '{"message":"refused"}' }),
      );
      await form.getByRole("button").last().click();
      await expect(form.getByText(LEAD_MESSAGES.failure)).toBeVisible();
      await expect(form.getByLabel("First Name")).toHaveValue("Robin");
      await expect(form.getByRole("textbox", { name: /^Email/ })).toHaveValue(email);
      await expect(form.getByRole("button").last()).toBeEnabled();
      await page.unroute(CAPTURE);

      const sent = page.waitForRequest(CAPTURE);
      await form.getByRole("button").last().click();
      const body = (await sent).postDataJSON();
      expect(body).toMatchObject({
        form: scenario.form,
        destination: LEAD_FORMS[scenario.form].destination,
        FirstName: "Robin",
        Email: email,
      });
      expect(body["-url"]).toContain(SITE_URL);
      const region = page.locator(`[data-remote="${scenario.region}"]`);
      for (const line of scenario.success) await expect(region.getByText(line, { exact: true })).toBeVisible();

      const stored = await leadsFrom(email);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ form: scenario.form, destination: LEAD_FORMS[scenario.form].destination });
      expect(stored[0]?.fields).toMatchObject({ first_name: "Robin", ...storedOf(scenario, path) });

      // and it reaches the dealership: the CRM's ADF email and the right desk's notification, once each
      const leadId = stored[0]?.id ?? "";
      const desk = E2E_LEAD_INBOXES[LEAD_FORMS[scenario.form].department];
      await expect.poll(() => recipientsOf(leadId), { timeout: 15_000 }).toEqual([E2E_LEAD_INBOXES.crm, desk].sort());
      const messages = await messagesAbout(leadId);
      const notice = messages.find((m) => m.envelope.to[0]?.address === desk);
      expect(notice && (await sourceOf(notice))).toMatch(new RegExp(`^Reply-To: ${email}\\r?$`, "m"));
      expect(notice?.text).toContain(LEAD_FORMS[scenario.form].title);
      const adf = messages.find((m) => m.envelope.to[0]?.address === E2E_LEAD_INBOXES.crm);
      expect(adf?.text).toContain(`<prospect status="new">`);
      expect(adf?.text).toContain(`>${leadId}</id>`);
      expect(pageErrors).toEqual([]);
    });
  }

  test("required fields are highlighted and announced before anything is sent", async ({ page }) => {
    await page.goto("/contact");
    const form = formOf(page, "contact");
    let posted = 0;
    page.on("request", (r) => r.url().endsWith("/api/leads/capture") && posted++);
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(form.getByRole("alert").filter({ hasText: "First Name is required" })).toBeVisible();
    await expect(form.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByRole("textbox", { name: /^Email/ })).toHaveAttribute("aria-invalid", "true");
    expect(posted).toBe(0);
  });
});

test.describe("no lead is lost, none is stored twice", () => {
  test("an answer lost on the way back is retried with the same key and stored once", async ({ page, pageErrors }) => {
    let attempts = 0;
    const keys: string[] = [];
    await page.route(CAPTURE, async (route) => {
      attempts++;
      keys.push((await route.request().headerValue("idempotency-key")) ?? "");
      if (attempts === 1) {
        await route.fetch(); // the server stores the lead...
        await route.abort("connectionreset"); // ...but the visitor's phone never hears back
      } else {
        await route.continue();
      }
    });
    await page.goto("/contact");
    const form = formOf(page, "contact");
    const email = uniqueEmail("lost-answer");
    await form.getByLabel("First Name").fill("Kai");
    await form.getByRole("textbox", { name: /^Email/ }).fill(email);
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(LEAD_MESSAGES.success)).toBeVisible();
    expect(attempts).toBe(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(await leadsFrom(email)).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });

  test("what a visitor typed survives a reload until it is sent", async ({ page }) => {
    await page.goto("/contact/quote/isuzu-nrr-ev");
    const form = formOf(page, "quote");
    await form.getByLabel("First Name").fill("Noor");
    await form.getByLabel("Company").fill("Foothills Plumbing");
    await form.getByLabel("Additional Information").fill("Need two units with 16 ft boxes");
    await page.reload();
    await expect(form.getByLabel("First Name")).toHaveValue("Noor");
    await expect(form.getByLabel("Company")).toHaveValue("Foothills Plumbing");
    await expect(form.getByLabel("Additional Information")).toHaveValue("Need two units with 16 ft boxes");
    const email = uniqueEmail("draft");
    await form.getByRole("textbox", { name: /^Email/ }).fill(email);
    await form.getByRole("button", { name: "Request a Quote" }).click();
    await expect(page.getByText(LEAD_MESSAGES.success)).toBeVisible();
    await page.reload();
    await expect(form.getByLabel("First Name")).toHaveValue("");
    expect(await leadsFrom(email)).toHaveLength(1);
  });

  test("the marketing opt-in starts unticked and is stored with the exact wording the visitor saw", async ({
    page,
  }) => {
    await page.goto("/contact?utm_source=newsletter&email=someone%40example.ca#message_us");
    const form = formOf(page, "contact");
    const optIn = form.getByRole("checkbox", { name: /may email me offers/ });
    await expect(optIn).not.toBeChecked();
    await expect(form.getByText(MARKETING_CONSENT.text)).toBeVisible();
    const email = uniqueEmail("casl");
    await form.getByLabel("First Name").fill("Ola");
    await form.getByRole("textbox", { name: /^Email/ }).fill(email);
    await optIn.check();
    const sent = page.waitForRequest(CAPTURE);
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(LEAD_MESSAGES.success)).toBeVisible();
    // the form's start as the API signed it when the form appeared, not a time the browser measured
    expect((await sent).postDataJSON()).toMatchObject({
      form_started: expect.stringMatching(/^\d{13}\.[A-Za-z0-9_-]{43}$/),
      consent_version: MARKETING_CONSENT.version,
    });
    const [lead] = await leadsFrom(email);
    expect(lead).toMatchObject({
      marketing_opt_in: true,
      consent_version: MARKETING_CONSENT.version,
      consent_text: MARKETING_CONSENT.text,
    });
    // the page it came from, without what the link carried
    expect(lead?.fields["-url"]).toBe(`${SITE_URL}/contact`);
  });

  test("an opt-in without an email asks for one, and the form links to the privacy notice", async ({ page }) => {
    await page.goto("/contact/inquiry/isuzu-nrr-ev");
    const form = formOf(page, "inquiry");
    await form.getByRole("checkbox", { name: /may email me offers/ }).check();
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(form.getByText("Enter your email address to receive our offers")).toBeVisible();
    await form.getByRole("link", { name: "How we use what you send us" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy notice" })).toBeVisible();
    await expect(page.getByText(/deleted from this website's systems 12 months after they are sent/)).toBeVisible();
  });
});

test.describe("unsubscribing", () => {
  /** The link a marketing email carries (api/src/security/signing.ts unsubscribeToken). */
  const unsubscribeLink = (email: string) =>
    `/unsubscribe?email=${encodeURIComponent(email)}&token=${createHmac("sha256", E2E_SIGNING_SECRET)
      .update(`unsubscribe:${email.toLowerCase()}`)
      .digest("base64url")}`;
  const withdrawals = async (email: string) => {
    const response = await fetch(`${API_INTERNAL_URL}/api/leads/export?format=csv`, {
      headers: { authorization: `Bearer ${E2E_LEADS_EXPORT_TOKEN}` },
    });
    return (await response.text()).split("\n").filter((line) => line.includes(email));
  };

  test("an email's unsubscribe link records the withdrawal on a click, and the export stops offering that address", async ({
    page,
    pageErrors,
  }) => {
    await page.goto("/contact");
    const form = formOf(page, "contact");
    const email = uniqueEmail("unsubscribe");
    await form.getByLabel("First Name").fill("Uma");
    await form.getByRole("textbox", { name: /^Email/ }).fill(email);
    await form.getByRole("checkbox", { name: /may email me offers/ }).check();
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(LEAD_MESSAGES.success)).toBeVisible();
    expect((await withdrawals(email))[0]).toMatch(/,yes,2026-11-a,/);

    await page.goto(unsubscribeLink(email));
    await expect(page.getByText(email)).toBeVisible();
    // opening the link (as a mail scanner does) changes nothing: the click does
    expect((await withdrawals(email))[0]).toMatch(/,yes,/);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText(/we will send no more offers/)).toBeVisible();
    expect((await withdrawals(email))[0]).toMatch(/,no,2026-11-a,/);

    await page.goto(`/unsubscribe?email=${encodeURIComponent(email)}&token=${"A".repeat(43)}`);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByText(/This unsubscribe link is not valid/)).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});

test.describe("spam and forgery", () => {
  test("a bot that fills the honeypot is thanked and not stored", async ({ page }) => {
    await page.goto("/contact");
    const form = formOf(page, "contact");
    const email = uniqueEmail("bot");
    await form.getByLabel("First Name").fill("Bot");
    await form.getByRole("textbox", { name: /^Email/ }).fill(email);
    await form.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
      input.value = "http://cheap-pills.example";
    });
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(LEAD_MESSAGES.success)).toBeVisible();
    expect(await leadsFrom(email)).toHaveLength(0);
  });

  test("a held submission reaches the sales desk in the day's digest, and its link releases it into normal delivery", async ({
    page,
  }) => {
    await page.goto("/contact");
    const form = formOf(page, "contact");
    const email = uniqueEmail("held");
    await form.getByLabel("First Name").fill("Hana");
    await form.getByRole("textbox", { name: /^Email/ }).fill(email);
    await form.getByLabel("Message").fill("Two NPR-HD with 16 ft boxes, please call");
    // caught by a spam guard (the hidden field filled, as some browsers' autofill does): thanked, held back
    await form.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
      input.value = "prairie.example";
    });
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(LEAD_MESSAGES.success)).toBeVisible();
    expect(await leadsFrom(email)).toHaveLength(0);

    // the day's digest (asked for now, as staff can): to the sales desk, the submission and its release link
    const asked = await fetch(`${API_STAFF_URL}/api/leads/held/digest`, {
      method: "POST",
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    });
    expect(asked.status).toBe(200);
    const digest = (await allMessages()).find((m) => m.subject.startsWith("Possible spam") && m.text?.includes(email));
    expect(digest?.envelope.to.map((t) => t.address)).toEqual([E2E_LEAD_INBOXES.sales]);
    expect(digest?.text).toContain("Two NPR-HD with 16 ft boxes, please call");
    const link = /(https?:\/\/\S+\/api\/leads\/held\/\S+)/.exec(digest?.text?.split(email)[1] ?? "")?.[1] ?? "";
    // on the staff edge, never the public site (which does not even forward it)
    const staffEdge = `http://localhost:${E2E_PORTS.apiStaff}`;
    expect(link.startsWith(`${staffEdge}/`)).toBe(true);
    expect((await fetch(link.replace(staffEdge, SITE_URL))).status).toBe(404);

    // opening it shows the submission; only the button releases it
    await page.goto(link);
    await expect(page.getByText(email)).toBeVisible();
    expect(await leadsFrom(email)).toHaveLength(0);
    await page.getByRole("button", { name: /Not spam: release it/ }).click();
    await expect(page.getByRole("heading", { name: "Released" })).toBeVisible();
    const [lead] = await leadsFrom(email);
    expect(lead?.fields.first_name).toBe("Hana");
    // delivered as any lead: the CRM's ADF and the desk's notification (the digest that named it aside)
    const deliveries = async () =>
      (await messagesAbout(lead?.id ?? ""))
        .filter((m) => !m.subject.startsWith("Possible spam"))
        .flatMap((m) => m.envelope.to.map((t) => t.address))
        .sort();
    await expect.poll(deliveries, { timeout: 15_000 }).toEqual([E2E_LEAD_INBOXES.crm, E2E_LEAD_INBOXES.sales].sort());
  });

  test("a write without the anti-forgery header is refused", async ({ page }) => {
    await page.goto("/contact");
    const status = await page.evaluate(async () => {
      const response = await fetch("/api/leads/capture", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ form: "more-info", destination: "VehicleMoreInfo" }),
      });
      return response.status;
    });
    expect(status).toBe(403);
  });
});
