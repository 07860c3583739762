import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const captureLead = vi.fn();
vi.mock("../src/api/capture-lead", () => ({ captureLead: (...args: unknown[]) => captureLead(...args) }));
const { default: LeadForm } = await import("../src/components/lead-form");

afterEach(cleanup);
beforeEach(() => captureLead.mockReset());

describe("LeadForm", () => {
  it("highlights missing required fields and sends nothing", async () => {
    render(<LeadForm destination="ContactUs" requireContact />);
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect((await screen.findByText("First Name is required")).getAttribute("role")).toBe("alert");
    expect(screen.getByLabelText(/First Name/).getAttribute("aria-invalid")).toBe("true");
    expect(captureLead).not.toHaveBeenCalled();
  });

  it("checks the email format where asked", async () => {
    render(<LeadForm destination="VDPContactForm" requireContact checkEmailFormat />);
    await userEvent.type(screen.getByLabelText(/First Name/), "Ana");
    await userEvent.type(screen.getByLabelText(/Email/), "not-an-email");
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
  });

  it("sends the destination, the fields, the hidden values and one idempotency key across retries", async () => {
    captureLead.mockRejectedValueOnce(new Error("offline")).mockResolvedValue({ id: "1", received_at: "" });
    render(
      <LeadForm
        destination="RequestAQuote"
        hidden={{ model: "Isuzu NRR EV", customer_action: "More information request for Isuzu NRR EV" }}
        defaultMessage="Can you send me a quote for the Isuzu NRR EV?"
        messageLabel="Additional Information"
      />,
    );
    expect((screen.getByLabelText("Additional Information") as HTMLTextAreaElement).value).toBe(
      "Can you send me a quote for the Isuzu NRR EV?",
    );
    await userEvent.type(screen.getByLabelText(/First Name/), "Lee");
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(
      await screen.findByText("Oh no. Looks like something went wrong when sending your message. Please try again."),
    ).toBeTruthy();
    expect((screen.getByLabelText(/First Name/) as HTMLInputElement).value).toBe("Lee");
    await userEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Thank you! We will reach out to you soon with a reply.")).toBeTruthy();
    const calls = captureLead.mock.calls as [Record<string, string>, string][];
    expect(calls).toHaveLength(2);
    const [[first, key1], [second, key2]] = calls as [
      [Record<string, string>, string],
      [Record<string, string>, string],
    ];
    expect(first).toMatchObject({
      destination: "RequestAQuote",
      first_name: "Lee",
      model: "Isuzu NRR EV",
      customer_action: "More information request for Isuzu NRR EV",
    });
    expect(second).toEqual(first);
    expect(key1).toBe(key2);
  });
});
