import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { FORM_FIELD, NATIVE_SUBMIT_ATTRIBUTE, type SubmittedForm } from "remote-kit/protocol";
import { createRemoteRenderer } from "remote-kit/render";
import { TEST_SITE } from "remote-kit/testing";
import { LEAD_SPAM_GUARD, leadFormElementId } from "shared-types";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const captureLead = vi.fn();
vi.mock("../src/api/capture-lead", () => ({ captureLead: (...args: unknown[]) => captureLead(...args) }));
const fetchFormStart = vi.fn();
vi.mock("../src/api/form-start", () => ({ fetchFormStart: () => fetchFormStart(), SIGNED_START: /./ }));
/** The start the API signed when the page was made (rendered into the form's HTML). */
const PAGE_START = `1763800000000.${"p".repeat(43)}`;
vi.mock("../src/api/page-form-start", () => ({ fetchFormStartForPage: async () => PAGE_START }));
const { default: VehicleContactForm } = await import("../src/forms/vehicle-contact-form");
const { formStartResource } = await import("../src/api/resources");
const { default: ServiceBookingForm } = await import("../src/forms/service-booking-form");
const { LEADS_REMOTE } = await import("../src/remote");

/** Team leads' server, rendering its forms as fragments for other teams' pages (as server-entry.tsx does). */
const renderer = createRemoteRenderer({
  // the two forms under test, as src/remote.ts declares them
  declaration: {
    ...LEADS_REMOTE,
    fragments: {
      "./vehicle-contact-form": LEADS_REMOTE.fragments["./vehicle-contact-form"],
      "./service-booking-form": LEADS_REMOTE.fragments["./service-booking-form"],
    },
  },
  builtAt: "2026-01-01T00:00:00.000Z",
  routes: [],
  App: () => null,
  fragments: {
    "./vehicle-contact-form": {
      component: VehicleContactForm,
      load: (_props, { preload }) => void preload(formStartResource),
    },
    "./service-booking-form": { component: ServiceBookingForm },
  },
  submitForm: async () => {
    throw new Error("not under test here");
  },
});

async function fragment(module: string, props: Record<string, unknown>, form?: SubmittedForm) {
  return (await renderer.renderFragment({ module, props, site: TEST_SITE, path: "/inventory/vehicle/A1", form })).html;
}

/** A fragment in the page as the host composes it, then hydrated by its own root as the host's page script does. */
async function hydrate(html: string) {
  document.body.insertAdjacentHTML("beforeend", `<div id="page">${html}</div>`);
  const island = document.querySelector("fleet-island") as HTMLElement;
  const problems: unknown[] = [];
  const props = JSON.parse(island.dataset.props ?? "{}");
  const form = island.dataset.form ? JSON.parse(island.dataset.form) : null;
  const { default: Island } = await import(`../src/forms/${island.dataset.island?.split("/")[1]}.tsx`);
  hydrateRoot(island, Island.hydrationTree(props, form), { onRecoverableError: (error) => problems.push(error) });
  await waitFor(() => expect(screen.getByRole("button", { name: /Submit|Book/ })).toBeTruthy());
  // hydrated: the form library has taken the inputs over (a draft is saved as the visitor types)
  await new Promise((resolve) => setTimeout(resolve, 50));
  return problems;
}

const VEHICLE = { stockNumber: "A1", vin: "1GB3KZCY5NF123456", make: "Chevrolet", model: "Silverado 3500HD" };

beforeEach(() => {
  captureLead.mockReset();
  captureLead.mockResolvedValue({ id: "lead-1", received_at: "2026-11-22T08:00:00Z" });
  fetchFormStart.mockReset();
  fetchFormStart.mockResolvedValue(`1763800000000.${"s".repeat(43)}`);
});
afterEach(() => {
  document.getElementById("page")?.remove();
});

describe("a form's server HTML works without its code", () => {
  it("is a form that posts to its own page, saying whose form it is, when the page was served, and what the visitor did not type", async () => {
    const html = await fragment("./vehicle-contact-form", VEHICLE);
    const page = new DOMParser().parseFromString(html, "text/html");
    const form = page.querySelector("form") as HTMLFormElement;
    expect(form.getAttribute("method")).toBe("post");
    // no action: it posts to the address of the page it is on, whichever team's page that is
    expect(form.hasAttribute("action")).toBe(false);
    const hidden = Object.fromEntries(
      [...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [input.name, input.value]),
    );
    expect(hidden).toEqual({
      [FORM_FIELD]: "leads:vehicle-contact",
      [LEAD_SPAM_GUARD.startedField]: PAGE_START,
      stock_number: "A1",
      vin: VEHICLE.vin,
      make: "Chevrolet",
      model: "Silverado 3500HD",
    });
    // every field a visitor types has its name, and the prefilled message is in the HTML itself
    const names = [...form.querySelectorAll("input:not([type=hidden]), textarea")].map((e) => e.getAttribute("name"));
    expect(names).toEqual([
      "first_name",
      "last_name",
      "company",
      "email",
      "day_phone",
      "message",
      "website",
      "marketing_opt_in",
    ]);
    expect(form.querySelector("textarea")?.textContent).toBe(
      "I am interested in this vehicle. Can you send me more information?",
    );
  });

  it("tells two forms of one page apart by what they are for", async () => {
    const top = await fragment("./service-booking-form", {
      section: "service",
      serviceTitle: "Alignments",
      placement: "top",
    });
    expect(top).toContain(`name="${FORM_FIELD}" value="leads:service-booking:service-Alignments-top"`);
  });

  it("shows a refused post again: what was typed, the reason beside each field, a message for the form", async () => {
    const sent: SubmittedForm = {
      id: "leads:vehicle-contact",
      values: { first_name: "", email: "dana@", message: "Is it still here?", marketing_opt_in: "on" },
      errors: { first_name: "First Name is required", email: "Enter a valid email address" },
    };
    const html = await fragment("./vehicle-contact-form", VEHICLE, sent);
    const page = new DOMParser().parseFromString(html, "text/html");
    expect((page.querySelector('input[name="email"]') as HTMLInputElement).getAttribute("value")).toBe("dana@");
    expect(page.querySelector("textarea")?.textContent).toBe("Is it still here?");
    expect(page.querySelector('input[name="marketing_opt_in"]')?.hasAttribute("checked")).toBe(true);
    expect(page.getElementById("leads-vehicle-contact-first_name-error")?.textContent).toBe("First Name is required");
    expect(page.getElementById("leads-vehicle-contact-email-error")?.textContent).toBe("Enter a valid email address");
    expect(page.querySelector(".leads-form__failure")?.textContent).toContain("Please check the highlighted fields");
  });
});

describe("a vehicle's form told its unit by the page it is on", () => {
  it("is the same form for every unit, and sends the unit the page gives it, with scripts and without", async () => {
    const asked = await renderer.renderFragment({
      module: "./vehicle-contact-form",
      props: {},
      site: TEST_SITE,
      path: "/",
    });
    // the host is told which props the page may give instead, so it asks without them next time
    expect(asked.takesFromPage).toEqual(["stockNumber", "vin", "make", "model"]);
    const html = await fragment("./vehicle-contact-form", {});
    // one fragment for every unit's page: nothing of a unit in it, the same HTML whichever page asks
    expect(html).not.toContain("stock_number");
    expect(await fragment("./vehicle-contact-form", {})).toBe(html);
    // the unit's page adds its unit with form="…" (team inventory's vehicle page), outside team leads' HTML
    const unit = { stock_number: "A9", vin: "1GB3YSE70RF000009", make: "Isuzu", model: "NPR-HD" };
    const given = Object.entries(unit)
      .map(
        ([name, value]) =>
          `<input type="hidden" form="${leadFormElementId("vehicle-contact")}" name="${name}" value="${value}">`,
      )
      .join("");
    document.body.insertAdjacentHTML("beforeend", `<div id="page">${html}${given}</div>`);
    const form = document.querySelector("#page form") as HTMLFormElement;
    expect(form.id).toBe(leadFormElementId("vehicle-contact"));
    // what a browser posts without scripts: the form's own fields and the page's
    expect(Object.fromEntries(new FormData(form))).toMatchObject({ [FORM_FIELD]: "leads:vehicle-contact", ...unit });
    const island = document.querySelector("#page fleet-island") as HTMLElement;
    hydrateRoot(island, VehicleContactForm.hydrationTree({}, null));
    await userEvent.type(await screen.findByLabelText(/First Name/), "Dana");
    await userEvent.type(screen.getByLabelText(/Email/), "dana@example.ca");
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(captureLead).toHaveBeenCalledTimes(1));
    expect(captureLead.mock.calls[0]?.[0]).toMatchObject({ first_name: "Dana", form: "vehicle-contact", ...unit });
  });
});

describe("a form whose code arrives late", () => {
  it("hydrates the refused post as it was shown, and a reason goes once its field is changed", async () => {
    const sent: SubmittedForm = {
      id: "leads:vehicle-contact",
      values: { first_name: "", email: "dana@example.ca" },
      errors: { first_name: "First Name is required" },
    };
    const problems = await hydrate(await fragment("./vehicle-contact-form", VEHICLE, sent));
    expect(problems).toEqual([]);
    expect(screen.getByText("First Name is required")).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/First Name/), "Dana");
    await waitFor(() => expect(screen.queryByText("First Name is required")).toBeNull());
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe("dana@example.ca");
  });

  it("keeps what was typed before it arrived, and sends it with the start the page was served with", async () => {
    const html = await fragment("./vehicle-contact-form", VEHICLE);
    document.body.insertAdjacentHTML("beforeend", `<div id="typing">${html}</div>`);
    // the visitor types into the server's HTML, before any script runs
    (document.querySelector('#typing input[name="first_name"]') as HTMLInputElement).value = "Dana";
    (document.querySelector('#typing input[name="email"]') as HTMLInputElement).value = "dana@example.ca";
    const island = document.querySelector("#typing fleet-island") as HTMLElement;
    const problems: unknown[] = [];
    hydrateRoot(island, VehicleContactForm.hydrationTree(VEHICLE, null), {
      onRecoverableError: (error) => problems.push(error),
    });
    await waitFor(() => expect(screen.getByRole("button", { name: "Submit" })).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(problems).toEqual([]);
    expect((screen.getByLabelText(/First Name/) as HTMLInputElement).value).toBe("Dana");
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe("dana@example.ca");
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(captureLead).toHaveBeenCalledTimes(1));
    const [lead] = captureLead.mock.calls[0] as [Record<string, unknown>];
    expect(lead).toMatchObject({ first_name: "Dana", email: "dana@example.ca", stock_number: "A1" });
    // the fill time counts from when the page was served, not from when the code arrived
    expect(lead[LEAD_SPAM_GUARD.startedField]).toBe(PAGE_START);
    expect(fetchFormStart).not.toHaveBeenCalled();
    document.getElementById("typing")?.remove();
  });

  it("never sends again what the browser is already sending itself", async () => {
    const html = await fragment("./vehicle-contact-form", VEHICLE);
    document.body.insertAdjacentHTML("beforeend", `<div id="page">${html}</div>`);
    const form = document.querySelector("#page form") as HTMLFormElement;
    // the host's page script marked it: the visitor pressed Submit before the code came
    form.setAttribute(NATIVE_SUBMIT_ATTRIBUTE, "");
    const island = document.querySelector("#page fleet-island") as HTMLElement;
    hydrateRoot(island, VehicleContactForm.hydrationTree(VEHICLE, null));
    const button = await screen.findByRole("button", { name: "Sending..." });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    form.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(captureLead).not.toHaveBeenCalled();
  });
});
