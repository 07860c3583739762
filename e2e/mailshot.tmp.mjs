import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
const r = await fetch("http://localhost:4173/api/inventory/all/?page_size=1").then((r) => r.json());
const stock = r.vehicles[0].stock_number;
await page.goto(`http://localhost:4173/inventory/vehicle/${stock}`);
const form = page.locator('form[data-lead-form="vehicle-contact"]');
await form.getByLabel("First Name").fill("Val");
await form.getByLabel("Last Name").fill("Hughes");
await form.getByRole("textbox", { name: /^Email/ }).fill("val@hughes.example");
await page.waitForTimeout(3500);
await form.getByRole("button").last().click();
await page.waitForTimeout(2500);
const mails = await fetch("http://localhost:1080/api/email").then((r) => r.json());
console.log(mails.map((m) => `${m.envelope.to[0].address} | ${m.subject}`).join("\n"));
const notice = mails.find((m) => !m.subject.startsWith("ADF"));
for (const [w, h] of [[1366, 900], [390, 844]]) {
  const p = await browser.newPage({ viewport: { width: w, height: h } });
  await p.goto(`http://localhost:1080/api/email/${notice.id}/html`);
  await p.screenshot({ path: `/tmp/shots/mail-${w}.png`, fullPage: true });
}
console.log(await fetch("http://localhost:4173/api/health/deliveries").then((r) => r.text()));
await browser.close();
