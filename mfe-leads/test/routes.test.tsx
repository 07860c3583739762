import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderAt as renderRoute } from "remote-kit/test-harness";
import { describe, expect, it, vi } from "vitest";

const NRR_EV = {
  id: "isuzu-nrr-ev",
  make: "Isuzu",
  model: ["NRR EV"],
  name: "Isuzu NRR EV",
  image: "/nrr-ev.svg",
};

vi.mock("../src/api/unit-lookup", () => ({
  findUnit: async (stock: string) =>
    stock === "T1007"
      ? { kind: "trailer", stockNumber: stock, title: "7x14 Cargo", image: null, href: "/trailer-inventory/T1007" }
      : null,
}));
// team catalog's published line-up, as the pages read it (remote-kit loadDeclaredPeerData)
vi.mock("remote-kit", async (original) => ({
  ...(await original<typeof import("remote-kit")>()),
  loadDeclaredPeerData: async () => ({ models: [NRR_EV], legacyIds: {} }),
}));
vi.mock("../src/api/form-start", () => ({ fetchFormStart: async () => `1763800000000.${"s".repeat(43)}` }));
const fetchPrivacyFacts = vi.fn();
const unsubscribe = vi.fn();
vi.mock("../src/api/consent", () => ({
  fetchPrivacyFacts: () => fetchPrivacyFacts(),
  unsubscribe: (...args: unknown[]) => unsubscribe(...args),
}));
fetchPrivacyFacts.mockResolvedValue({ lead_retention_days: 365, quarantine_retention_days: 30 });
const { default: LeadsRoutes, LEADS_ROUTES } = await import("../src/routes");

const renderAt = (path: string) => renderRoute(path, <LeadsRoutes />);

// Every route this remote declares (its manifest tells the host, so the host sends these paths here): each renders its page.
const PAGES: Record<string, [path: string, heading: string]> = {
  "/contact": ["/contact", "Contact Us"],
  "/contact/more-info/:id": ["/contact/more-info/T1007", "7x14 Cargo"],
  "/contact/inquiry/:id": ["/contact/inquiry/isuzu-nrr-ev", "More Information"],
  "/contact/quote/:id": ["/contact/quote/isuzu-nrr-ev", "More Information"],
  "/privacy": ["/privacy", "Privacy notice"],
  "/unsubscribe": ["/unsubscribe?email=a%40b.ca&token=t", "Unsubscribe from our emails"],
  "/contact/thank-you": ["/contact/thank-you?form=trailer-enquiry&from=%2Ftrailer-inventory%2FT1007", "Thank you!"],
  "/fleet-quote": ["/fleet-quote", "Your fleet quote"],
  "/saved-search": ["/saved-search?done=sent", "Check your email"],
};

describe("team leads's route table", () => {
  it("has a page test for every route it declares", () => {
    expect(Object.keys(PAGES).sort()).toEqual(LEADS_ROUTES.map((r) => r.path).sort());
  });

  for (const pattern of LEADS_ROUTES.map((r) => r.path)) {
    const [path, heading] = PAGES[pattern] ?? ["", ""];
    it(`renders ${path} with its heading`, async () => {
      await renderAt(path);
      expect((await screen.findByRole("heading", { level: 1, name: heading })).textContent).toBe(heading);
    });
  }
});

describe("pages", () => {
  it("/privacy states what is collected, why, the API's own retention periods and how to ask for deletion", async () => {
    fetchPrivacyFacts.mockResolvedValueOnce({ lead_retention_days: 180, quarantine_retention_days: 14 });
    await renderAt("/privacy");
    for (const heading of ["What we collect", "Why we collect it", "Who sees it", "How long we keep it"]) {
      expect(screen.getByRole("heading", { level: 2, name: heading })).toBeTruthy();
    }
    expect(await screen.findByText(/deleted from this website's systems 180 days after they are sent/)).toBeTruthy();
    expect(screen.getByText(/spam filter caught are deleted after 14 days/)).toBeTruthy();
    expect(screen.getByRole("heading", { name: /correcting or deleting/ })).toBeTruthy();
    expect(screen.getByText(/answer within 45 days/)).toBeTruthy();
  });

  it("/privacy without the API's settings still explains, and says to call", async () => {
    fetchPrivacyFacts.mockRejectedValueOnce(new Error("down"));
    await renderAt("/privacy");
    expect(await screen.findByText(/after a set period\. Call us/)).toBeTruthy();
  });

  it("/unsubscribe records the withdrawal only when the visitor clicks, and says it is done", async () => {
    unsubscribe.mockResolvedValueOnce("unsubscribed");
    await renderAt("/unsubscribe?email=fleet%40example.ca&token=abc");
    expect(screen.getByText("fleet@example.ca")).toBeTruthy();
    expect(unsubscribe).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText(/we will send no more offers/)).toBeTruthy();
    expect(unsubscribe).toHaveBeenCalledWith("fleet@example.ca", "abc");
  });

  it("/unsubscribe explains a link the API refused, or one cut short, with another way to ask", async () => {
    unsubscribe.mockResolvedValueOnce("invalid-link");
    await renderAt("/unsubscribe?email=fleet%40example.ca&token=forged");
    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByText(/This unsubscribe link is not valid/)).toBeTruthy();
    expect(screen.getByText(/take you off our list/)).toBeTruthy();
    await renderAt("/unsubscribe?email=fleet%40example.ca");
    expect(screen.getByText(/part of it is missing/)).toBeTruthy();
  });

  it("/contact has the three phones, the contact persons, the form and the three fragments", async () => {
    const { container } = await renderAt("/contact");
    await screen.findByRole("heading", { level: 1, name: "Contact Us" });
    for (const fragment of ["call_us", "email_us", "message_us"])
      expect(container.querySelector(`#${fragment}`)).not.toBeNull();
    expect(container.querySelector('[data-lead-form="contact"]')).not.toBeNull();
    expect(screen.getByText("Medium and Heavy Duty Fleet")).toBeTruthy();
    expect(screen.getByText("Light Duty Fleet")).toBeTruthy();
    expect(container.querySelectorAll(".leads-hours")).toHaveLength(3);
  });

  it("/contact/more-info/{stock} links a trailer to its page and carries its stock number", async () => {
    const { container } = await renderAt("/contact/more-info/T1007");
    const link = (await screen.findByRole("link", { name: "7x14 Cargo" })) as HTMLAnchorElement;
    expect(link.getAttribute("href")).toBe("/trailer-inventory/T1007");
    expect(container.querySelector('[data-lead-form="more-info"]')).not.toBeNull();
  });

  it("/contact/quote/{id} shows the model, the heading and the quote form", async () => {
    await renderAt("/contact/quote/isuzu-nrr-ev");
    expect(await screen.findByText("Isuzu NRR EV")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "More Information" })).toBeTruthy();
    expect(screen.getByText("Fill out the form and we will be in touch.")).toBeTruthy();
    expect(screen.getByLabelText("Additional Information")).toBeTruthy();
  });

  it("/contact/inquiry/{unknown} says so and still offers a way to reach us", async () => {
    const { container } = await renderAt("/contact/inquiry/isuzu-nope");
    expect(await screen.findByText(/We don't have a line-up model called "isuzu-nope"/)).toBeTruthy();
    expect(container.querySelector('[data-lead-form="contact"]')).not.toBeNull();
  });
});

describe("the thank-you page of a form sent without scripts", () => {
  it("says what that form says once sent, and leads back to the page it was on, never to another site", async () => {
    await renderAt("/contact/thank-you?form=trailer-enquiry&from=%2Ftrailer-inventory%2FT1007");
    expect(screen.getByRole("status").textContent).toBe("Thank you! We will be in touch soon.");
    expect(screen.getByRole("link", { name: "Back to the page you were on" }).getAttribute("href")).toBe(
      "/trailer-inventory/T1007",
    );
  });

  it("has the booking form's two lines, and goes home rather than to an address outside the site", async () => {
    await renderAt("/contact/thank-you?form=service-booking&from=%2F%2Fevil.example%2F");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Thank you!");
    expect(screen.getByRole("status").textContent).toBe("We will reach out to you soon with a reply.");
    expect(screen.getByRole("link", { name: "Back to the page you were on" }).getAttribute("href")).toBe("/");
  });

  it("goes home from a return address a browser would read as another site (a backslash, a tab, a line break)", async () => {
    for (const from of ["%2F%5Cevil.example", "%2F%09%2Fevil.example", "%2F%0A%2Fevil.example"]) {
      cleanup();
      await renderAt(`/contact/thank-you?form=contact&from=${from}`);
      expect(screen.getByRole("link", { name: "Back to the page you were on" }).getAttribute("href"), from).toBe("/");
    }
  });
});
