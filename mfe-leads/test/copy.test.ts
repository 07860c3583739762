import { describe, expect, it } from "vitest";
import { PREFILLED_MESSAGES } from "../src/copy";

describe("what the forms start with (SPEC §5)", () => {
  it("prefills messages with a or an by the name's first letter", () => {
    expect(PREFILLED_MESSAGES.serviceRequest()).toBe(
      "I would like to request servicing for some of my fleet vehicles.",
    );
    expect(PREFILLED_MESSAGES.serviceRequest("Isuzu NRR Diesel")).toBe(
      "I would like to request servicing for an Isuzu NRR Diesel.",
    );
    expect(PREFILLED_MESSAGES.serviceRequest("GMC Sierra 2500HD")).toBe(
      "I would like to request servicing for a GMC Sierra 2500HD.",
    );
    expect(PREFILLED_MESSAGES.partsRequest("Isuzu NPR-HD Gas")).toBe("I am looking for parts for an Isuzu NPR-HD Gas.");
    expect(PREFILLED_MESSAGES.partsRequest("Chevrolet Express Cargo Van")).toBe(
      "I am looking for parts for a Chevrolet Express Cargo Van.",
    );
    expect(PREFILLED_MESSAGES.quote("Isuzu NRR EV")).toBe("Can you send me a quote for the Isuzu NRR EV?");
    expect(PREFILLED_MESSAGES.inquiry("Isuzu NRR EV")).toBe("Can you send me more details about the Isuzu NRR EV?");
    expect(PREFILLED_MESSAGES.customerAction("Isuzu NRR EV")).toBe("More information request for Isuzu NRR EV");
  });
});
