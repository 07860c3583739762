import { act, render as renderElement, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router-dom";
import { LEAD_SPAM_GUARD, MARKETING_CONSENT, paths } from "shared-types";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LEAD_MESSAGES } from "../src/copy";

const captureLead = vi.fn();
vi.mock("../src/api/capture-lead", () => ({ captureLead: (...args: unknown[]) => captureLead(...args) }));
/** What GET /api/leads/start answers: the moment the form appeared, signed by the API. */
const SIGNED_START = `1763800000000.${"s".repeat(43)}`;
const fetchFormStart = vi.fn();
vi.mock("../src/api/form-start", () => ({ fetchFormStart: () => fetchFormStart() }));
const { default: ContactForm } = await import("../src/forms/contact-form");
const { default: MoreInfoForm } = await import("../src/forms/more-info-form");
const { default: InquiryForm } = await import("../src/forms/inquiry-form");
const { default: QuoteForm } = await import("../src/forms/quote-form");
const { default: VehicleContactForm } = await import("../src/forms/vehicle-contact-form");
const { default: ServiceRequestForm } = await import("../src/forms/service-request-form");
const { default: PartsRequestForm } = await import("../src/forms/parts-request-form");
const { default: ServiceBookingForm } = await import("../src/forms/service-booking-form");
const { default: TrailerEnquiryForm } = await import("../src/forms/trailer-enquiry-form");
const { default: VehicleFinderForm } = await import("../src/forms/vehicle-finder-form");
const { useDraftStore } = await import("../src/stores/draft-store");

type Sent = [Record<string, unknown>, string];
const sent = () => captureLead.mock.calls as Sent[];
const lastLead = () => sent().at(-1)?.[0] ?? {};
const submit = (name: RegExp | string = /Submit|Request|Book|Find/) =>
  userEvent.click(screen.getByRole("button", { name }));
/** Forms are always rendered inside the host's router (they link to the privacy notice). */
const render = (ui: ReactElement) => renderElement(ui, { wrapper: MemoryRouter });
const fieldValue = (label: string | RegExp) =>
  (screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement).value;

beforeEach(() => {
  captureLead.mockReset();
  captureLead.mockResolvedValue({ id: "lead-1", received_at: "2026-11-22T08:00:00Z" });
  fetchFormStart.mockReset();
  fetchFormStart.mockResolvedValue(SIGNED_START);
});

describe("contact form (SPEC §5: first name and email required, no format check)", () => {
  it("highlights the touched required fields with an announced message and sends nothing", async () => {
    render(<ContactForm />);
    await userEvent.click(screen.getByLabelText(/First Name/));
    await userEvent.tab();
    expect((await screen.findByText("First Name is required")).getAttribute("role")).toBe("alert");
    expect(screen.getByLabelText(/First Name/).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText(/First Name/).className).toContain("leads-form__input--invalid");
    await submit();
    expect(await screen.findByText("Email is required")).toBeTruthy();
    expect(captureLead).not.toHaveBeenCalled();
  });

  it("checks a field once it is left and then as it changes; a refused submit focuses the first refused field", async () => {
    render(<ContactForm />);
    await userEvent.type(screen.getByLabelText(/First Name/), "D");
    // not yet left: no message while typing the first time
    expect(screen.queryByText("First Name is required")).toBeNull();
    await userEvent.clear(screen.getByLabelText(/First Name/));
    expect(screen.queryByText("First Name is required")).toBeNull();
    await userEvent.tab();
    await screen.findByText("First Name is required");
    // left once: the message goes as soon as the field holds something, and comes back when it is emptied
    await userEvent.type(screen.getByLabelText(/First Name/), "Dana");
    await waitFor(() => expect(screen.queryByText("First Name is required")).toBeNull());
    await userEvent.clear(screen.getByLabelText(/First Name/));
    await screen.findByText("First Name is required");
    await userEvent.type(screen.getByLabelText(/First Name/), "Dana");
    await submit();
    await screen.findByText("Email is required");
    expect(document.activeElement).toBe(screen.getByLabelText(/Email/));
    expect(captureLead).not.toHaveBeenCalled();
  });

  it("accepts any email text and sends the ContactUs lead with the page address and the spam signals", async () => {
    render(<ContactForm />);
    await userEvent.type(screen.getByLabelText(/First Name/), "Dana");
    await userEvent.type(screen.getByLabelText(/Email/), "dana at fleet");
    await userEvent.type(screen.getByLabelText("Company"), "Prairie Couriers");
    await submit();
    expect(await screen.findByText(LEAD_MESSAGES.success)).toBeTruthy();
    expect(lastLead()).toMatchObject({
      form: "contact",
      destination: "ContactUs",
      first_name: "Dana",
      email: "dana at fleet",
      company: "Prairie Couriers",
      marketing_opt_in: false,
      website: "",
      "-url": window.location.href,
    });
    expect(lastLead().form_started).toBe(SIGNED_START);
    expect(lastLead()).not.toHaveProperty("fill_ms");
    expect(lastLead()).not.toHaveProperty("consent_version");
  });

  it("stores the marketing opt-in only when the visitor ticks it", async () => {
    render(<ContactForm />);
    const optIn = screen.getByRole("checkbox", { name: /may email me offers/ }) as HTMLInputElement;
    expect(optIn.checked).toBe(false);
    await userEvent.type(screen.getByLabelText(/First Name/), "Dana");
    await userEvent.type(screen.getByLabelText(/Email/), "dana@example.ca");
    await userEvent.click(optIn);
    await submit();
    await screen.findByText(LEAD_MESSAGES.success);
    expect(lastLead()).toMatchObject({ marketing_opt_in: true, consent_version: MARKETING_CONSENT.version });
    expect(screen.queryByText(MARKETING_CONSENT.text)).toBeNull(); // the form is gone: the success message shows
  });

  it("asks for an email before it records consent to offers by email (CASL), on a form where email is optional", async () => {
    render(<InquiryForm modelId="isuzu-nrr-ev" modelName="Isuzu NRR EV" />);
    expect(screen.getByText(MARKETING_CONSENT.text)).toBeTruthy();
    await userEvent.click(screen.getByRole("checkbox", { name: /may email me offers/ }));
    await submit();
    expect(await screen.findByText("Enter your email address to receive our offers")).toBeTruthy();
    expect(captureLead).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/Email/), "fleet@example.ca");
    await submit();
    await screen.findByText(LEAD_MESSAGES.success);
    expect(lastLead()).toMatchObject({ email: "fleet@example.ca", consent_version: MARKETING_CONSENT.version });
  });

  it("refuses invisible control characters next to the field, as the API would, and sends nothing", async () => {
    render(<ContactForm />);
    await userEvent.type(screen.getByLabelText(/First Name/), "Dana");
    await userEvent.type(screen.getByLabelText(/Email/), "dana@example.ca");
    // a paste from a PDF or a terminal can carry them; userEvent cannot type them
    await userEvent.click(screen.getByLabelText("Message"));
    await userEvent.paste("Two vans\u0001 by spring\nplease");
    await submit();
    expect(
      await screen.findByText("Message contains invisible characters we can't accept: please retype it"),
    ).toBeTruthy();
    expect(captureLead).not.toHaveBeenCalled();
    expect(fieldValue("Message")).toBe("Two vans\u0001 by spring\nplease");
  });

  it("shows the API's reasons for refusing a field next to it, keeping everything typed", async () => {
    captureLead.mockRejectedValueOnce({
      response: {
        status: 400,
        data: { error: "Bad Request", message: "Invalid lead", fields: { company: ["too long"] } },
      },
    });
    render(<ContactForm />);
    await userEvent.type(screen.getByLabelText(/First Name/), "Dana");
    await userEvent.type(screen.getByLabelText(/Email/), "dana@example.ca");
    await userEvent.type(screen.getByLabelText("Company"), "Prairie Couriers");
    await submit();
    expect(await screen.findByText("Company: too long")).toBeTruthy();
    expect(screen.getByText(LEAD_MESSAGES.refused)).toBeTruthy();
    expect(screen.getByLabelText("Company").getAttribute("aria-invalid")).toBe("true");
    expect(fieldValue("Company")).toBe("Prairie Couriers");
    expect(fieldValue(/First Name/)).toBe("Dana");
  });

  it("links to the privacy notice from the form", () => {
    render(<ContactForm />);
    expect(screen.getByRole("link", { name: "How we use what you send us" }).getAttribute("href")).toBe(
      paths.privacy(),
    );
  });

  it("sends what a bot typed into the hidden honeypot, so the API can quarantine it", async () => {
    const { container } = render(<ContactForm />);
    const trap = container.querySelector('input[name="website"]') as HTMLInputElement;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest("[aria-hidden='true']")).not.toBeNull();
    await userEvent.type(trap, "http://spam.example");
    await userEvent.type(screen.getByLabelText(/First Name/), "Bot");
    await userEvent.type(screen.getByLabelText(/Email/), "bot@example.com");
    await submit();
    await screen.findByText(LEAD_MESSAGES.success);
    expect(lastLead().website).toBe("http://spam.example");
  });
});

describe("states (SPEC §4)", () => {
  it("disables submit while sending, then on failure shows the error, re-enables it and keeps every field", async () => {
    let fail: (e: Error) => void = () => {};
    captureLead.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    render(<ContactForm />);
    await userEvent.type(screen.getByLabelText(/First Name/), "Lee");
    await userEvent.type(screen.getByLabelText(/Email/), "lee@example.ca");
    await userEvent.type(screen.getByLabelText("Message"), "Two NRR units, please");
    await submit();
    const sending = screen.getByRole("button", { name: "Sending..." }) as HTMLButtonElement;
    expect(sending.disabled).toBe(true);
    await act(async () => fail(new Error("offline")));
    expect(await screen.findByText(LEAD_MESSAGES.failure)).toBeTruthy();
    expect((screen.getByRole("button", { name: "Submit" }) as HTMLButtonElement).disabled).toBe(false);
    expect(fieldValue(/First Name/)).toBe("Lee");
    expect(fieldValue("Message")).toBe("Two NRR units, please");
  });

  it("resends the same content with the same idempotency key, and edited content with a new one", async () => {
    captureLead.mockRejectedValueOnce(new Error("offline")).mockRejectedValueOnce(new Error("offline"));
    render(<ContactForm />);
    await userEvent.type(screen.getByLabelText(/First Name/), "Lee");
    await userEvent.type(screen.getByLabelText(/Email/), "lee@example.ca");
    await submit();
    await screen.findByText(LEAD_MESSAGES.failure);
    await submit();
    await screen.findByText(LEAD_MESSAGES.failure);
    await userEvent.type(screen.getByLabelText("Company"), "Lee Haulage");
    await submit();
    await screen.findByText(LEAD_MESSAGES.success);
    const [first, second, third] = sent();
    expect(first?.[1]).toBe(second?.[1]);
    expect(third?.[1]).not.toBe(first?.[1]);
    expect(first?.[1]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps what was typed across a reload until the lead is sent, then forgets it", async () => {
    const first = render(<ContactForm />);
    await userEvent.type(screen.getByLabelText(/First Name/), "Morgan");
    await userEvent.type(screen.getByLabelText("Message"), "Need a quote on 3 vans");
    first.unmount();
    // a reload: the store rebuilds itself from localStorage
    const saved = localStorage.getItem("leads:drafts") ?? "";
    expect(Object.keys(JSON.parse(saved).state.drafts)).toContain("contact:/");
    useDraftStore.setState({ drafts: {} });
    localStorage.setItem("leads:drafts", saved);
    await useDraftStore.persist.rehydrate();
    render(<ContactForm />);
    expect(fieldValue(/First Name/)).toBe("Morgan");
    expect(fieldValue("Message")).toBe("Need a quote on 3 vans");
    await userEvent.type(screen.getByLabelText(/Email/), "morgan@example.ca");
    await submit();
    await screen.findByText(LEAD_MESSAGES.success);
    expect(useDraftStore.getState().drafts["contact:/"]).toBeUndefined();
  });

  it("asks the API for a signed start when the form first appears, and keeps it across a reload", async () => {
    const first = render(<ContactForm />);
    await waitFor(() => expect(useDraftStore.getState().drafts["contact:/"]?.started).toBe(SIGNED_START));
    first.unmount();
    const saved = localStorage.getItem("leads:drafts") ?? "";
    useDraftStore.setState({ drafts: {} });
    localStorage.setItem("leads:drafts", saved);
    await useDraftStore.persist.rehydrate();
    render(<ContactForm />);
    await userEvent.type(screen.getByLabelText(/First Name/), "A");
    await userEvent.type(screen.getByLabelText(/Email/), "a@b.ca");
    await submit();
    await screen.findByText(LEAD_MESSAGES.success);
    expect(fetchFormStart).toHaveBeenCalledTimes(1);
    expect(lastLead().form_started).toBe(SIGNED_START);
  });

  it("when the start never came, asks again on sending and waits out the minimum fill time", async () => {
    fetchFormStart.mockRejectedValueOnce(new Error("offline"));
    render(<ContactForm />);
    await waitFor(() => expect(fetchFormStart).toHaveBeenCalledTimes(1));
    await userEvent.type(screen.getByLabelText(/First Name/), "A");
    await userEvent.type(screen.getByLabelText(/Email/), "a@b.ca");
    const sendingAt = Date.now();
    await submit();
    await screen.findByText(LEAD_MESSAGES.success, undefined, { timeout: LEAD_SPAM_GUARD.minFillMs + 2000 });
    expect(fetchFormStart).toHaveBeenCalledTimes(2);
    expect(Date.now() - sendingAt).toBeGreaterThanOrEqual(LEAD_SPAM_GUARD.minFillMs);
    expect(lastLead().form_started).toBe(SIGNED_START);
  });
});

describe("each form's fields, prefill and payload", () => {
  it("more-info: nothing required, the stock number and the vehicle message", async () => {
    render(<MoreInfoForm stockNumber="K81234" />);
    expect(fieldValue("Message")).toBe("I am interested in this vehicle. Can you send me more information?");
    await submit();
    await screen.findByText(LEAD_MESSAGES.success);
    expect(lastLead()).toMatchObject({ form: "more-info", destination: "VehicleMoreInfo", stock_number: "K81234" });
  });

  it("inquiry: no validation, the model and the hidden customer action", async () => {
    render(<InquiryForm modelId="isuzu-nrr-ev" modelName="Isuzu NRR EV" />);
    expect(fieldValue("Message")).toBe("Can you send me more details about the Isuzu NRR EV?");
    expect(screen.queryByText("More information request for Isuzu NRR EV")).toBeNull();
    await submit();
    await screen.findByText(LEAD_MESSAGES.success);
    expect(lastLead()).toMatchObject({
      form: "inquiry",
      destination: "VehicleInquiry",
      model: "Isuzu NRR EV",
      customer_action: "More information request for Isuzu NRR EV",
    });
  });

  it("quote: the last field is Additional Information, destination RequestAQuote", async () => {
    const { container } = render(<QuoteForm modelId="gmc-sierra-2500hd" modelName="GMC Sierra 2500HD" />);
    const labels = [...container.querySelectorAll(".leads-form__grid label")].map((l) => l.textContent);
    expect(labels.at(-1)).toBe("Additional Information");
    expect(fieldValue("Additional Information")).toBe("Can you send me a quote for the GMC Sierra 2500HD?");
    await submit();
    await screen.findByText(LEAD_MESSAGES.success);
    expect(lastLead()).toMatchObject({
      destination: "RequestAQuote",
      customer_action: "More information request for GMC Sierra 2500HD",
    });
  });

  it("vehicle page: first name and a well-formed email, VDPContactForm with the unit", async () => {
    render(<VehicleContactForm stockNumber="K81234" vin="1GCUYDED5LZ123456" make="Chevrolet" model="Silverado 1500" />);
    expect(fieldValue("Message")).toBe("I am interested in this vehicle. Can you send me more information?");
    await userEvent.type(screen.getByLabelText(/First Name/), "Ana");
    await userEvent.type(screen.getByLabelText(/Email/), "not-an-email");
    await submit();
    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
    expect(captureLead).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText(/Email/));
    await userEvent.type(screen.getByLabelText(/Email/), "ana@example.ca");
    await submit();
    await screen.findByText(LEAD_MESSAGES.success);
    expect(lastLead()).toMatchObject({
      form: "vehicle-contact",
      destination: "VDPContactForm",
      stock_number: "K81234",
    });
  });

  it("trailer: placeholders, the trailer message and stock number, its own thank-you", async () => {
    render(<TrailerEnquiryForm stockNumber="T1007" name="7x14 Cargo" manufacturer="Haulmark" vin="5JXXX" />);
    for (const placeholder of ["First Name", "Last Name", "Email", "Phone Number"]) {
      expect(screen.getByPlaceholderText(placeholder)).toBeTruthy();
    }
    expect(fieldValue("Message")).toBe("I am interested in this trailer. Can you send me more information?");
    await userEvent.type(screen.getByPlaceholderText("First Name"), "Jo");
    await userEvent.type(screen.getByPlaceholderText("Email"), "jo@");
    await submit();
    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
    await userEvent.type(screen.getByPlaceholderText("Email"), "example.ca");
    await submit();
    expect(await screen.findByText("Thank you! We will be in touch soon.")).toBeTruthy();
    expect(lastLead()).toMatchObject({ form: "trailer-enquiry", destination: "VDPContactForm", stock_number: "T1007" });
  });

  it("service request: the fleet message, or 'an' for a model starting with a vowel, with v_make and v_model", async () => {
    const plain = render(<ServiceRequestForm />);
    expect(fieldValue("Message")).toBe("I would like to request servicing for some of my fleet vehicles.");
    plain.unmount();
    render(<ServiceRequestForm model={{ make: "Isuzu", name: "Isuzu NRR Diesel" }} />);
    expect(fieldValue("Message")).toBe("I would like to request servicing for an Isuzu NRR Diesel.");
    expect(fieldValue("Vehicle Make")).toBe("Isuzu");
    await submit();
    expect(await screen.findByText("First Name is required")).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/First Name/), "Sam");
    await userEvent.type(screen.getByLabelText(/Email/), "sam");
    await submit();
    await screen.findByText(LEAD_MESSAGES.success);
    expect(lastLead()).toMatchObject({
      form: "service-request",
      destination: "VehicleServiceRequest",
      v_make: "Isuzu",
      v_model: "Isuzu NRR Diesel",
    });
  });

  it("parts request: 'a' for a consonant, make, model and parts_required", async () => {
    render(<PartsRequestForm model={{ make: "GMC", name: "GMC Sierra 2500HD" }} />);
    expect(fieldValue("Message")).toBe("I am looking for parts for a GMC Sierra 2500HD.");
    await userEvent.type(screen.getByLabelText(/First Name/), "Sam");
    await userEvent.type(screen.getByLabelText(/Email/), "sam@example.ca");
    await userEvent.type(screen.getByLabelText("Parts Required"), "Front brake pads and rotors");
    await submit();
    await screen.findByText(LEAD_MESSAGES.success);
    expect(lastLead()).toMatchObject({
      form: "parts-request",
      destination: "VehiclePartsRequest",
      make: "GMC",
      model: "GMC Sierra 2500HD",
      parts_required: "Front brake pads and rotors",
    });
  });

  it("service booking: nothing required, the estimate heading on body-shop pages, the two-line thank-you", async () => {
    render(<ServiceBookingForm section="body-shop" serviceTitle="Sand Blasting" />);
    expect(screen.getByRole("heading", { name: "BOOK ESTIMATE APPOINTMENT" })).toBeTruthy();
    await submit();
    expect(await screen.findByText("Thank you!")).toBeTruthy();
    expect(screen.getByText("We will reach out to you soon with a reply.")).toBeTruthy();
    expect(lastLead()).toMatchObject({
      form: "service-booking",
      destination: "VehicleServiceRequest",
      customer_action: "Estimate booking: Sand Blasting",
    });
  });

  it("vehicle finder: the further form's seven fields, prefilled from the search", async () => {
    const { container } = render(<VehicleFinderForm make="Isuzu" model="NRR" search="reefer" />);
    const labels = [...container.querySelectorAll(".leads-form__grid label")].map((l) =>
      l.textContent?.replace(" *", ""),
    );
    expect(labels).toEqual([
      "First Name",
      "Last Name",
      "Company",
      "Email",
      "Phone Number",
      "Vehicle Make",
      "Vehicle Model",
    ]);
    expect(fieldValue("Vehicle Model")).toBe("NRR");
    await userEvent.type(screen.getByLabelText(/First Name/), "Kim");
    await userEvent.type(screen.getByLabelText(/Email/), "kim@example.ca");
    await submit();
    await screen.findByText(LEAD_MESSAGES.success);
    expect(lastLead()).toMatchObject({
      form: "vehicle-finder",
      destination: "VehicleFinderRequest",
      v_make: "Isuzu",
      v_model: "NRR",
      message: "Searched the inventory for: reefer",
    });
  });
});
