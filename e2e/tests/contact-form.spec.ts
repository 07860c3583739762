import { expect, test } from "../fixtures/test";

test.describe("the contact form", () => {
  test("requires first name and email, then sends the lead", async ({ page, pageErrors }) => {
    await page.goto("/contact");
    const form = page.locator("#message_us form");
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(form.getByText("First Name is required")).toBeVisible();
    await expect(form.getByLabel("First Name")).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("First Name").fill("Dana");
    await form.getByLabel("Email").fill("dana@example.ca");
    await form.getByLabel("Message").fill("We need six NRR box trucks by spring.");
    const request = page.waitForRequest("**/api/leads/capture");
    await form.getByRole("button", { name: "Submit" }).click();
    const body = (await request).postDataJSON();
    expect(body).toMatchObject({
      destination: "ContactUs",
      first_name: "Dana",
      email: "dana@example.ca",
      FirstName: "Dana",
      Email: "dana@example.ca",
    });
    expect(body["-url"]).toMatch(/\/contact$/);
    await expect(page.getByText("Thank you! We will reach out to you soon with a reply.")).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test("a failed send shows the error, keeps every field and re-enables submit", async ({ page }) => {
    await page.route("**/api/leads/capture", (route) => route.fulfill({ status: 503, body: "{}" }));
    await page.goto("/contact");
    const form = page.locator("#message_us form");
    await form.getByLabel("First Name").fill("Sam");
    await form.getByLabel("Email").fill("sam@example.ca");
    await form.getByRole("button", { name: "Submit" }).click();
    await expect(
      form.getByText("Oh no. Looks like something went wrong when sending your message. Please try again."),
    ).toBeVisible();
    await expect(form.getByLabel("First Name")).toHaveValue("Sam");
    await expect(form.getByRole("button", { name: "Submit" })).toBeEnabled();
  });
});
