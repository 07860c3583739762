import { describe, expect, it } from "vitest";
import { partsMessage, serviceMessage } from "../src/prefill";

describe("request form prefills", () => {
  it("asks for fleet servicing without a model, and names the model with a or an", () => {
    expect(serviceMessage()).toBe("I would like to request servicing for some of my fleet vehicles.");
    expect(serviceMessage("Isuzu NRR Diesel")).toBe("I would like to request servicing for an Isuzu NRR Diesel.");
    expect(serviceMessage("GMC Sierra 2500HD")).toBe("I would like to request servicing for a GMC Sierra 2500HD.");
    expect(partsMessage("Isuzu NPR-HD Gas")).toBe("I am looking for parts for an Isuzu NPR-HD Gas.");
  });
});
