// @vitest-environment node
import { describe, expect, it } from "vitest";
import { canonicalAddress } from "../src/server/public-edge";

describe("an address with only the parameters its page reads", () => {
  const reads = ["make", "page"];

  it("keeps what the page reads in the order it came, and drops the rest", () => {
    expect(canonicalAddress("/inventory?page=2&make=GM", reads)).toBeNull();
    expect(canonicalAddress("/inventory?utm_source=x&make=GM&fbclid=1", reads)).toBe("/inventory?make=GM");
    expect(canonicalAddress("/inventory?utm_source=x", reads)).toBe("/inventory");
    expect(canonicalAddress("/inventory", reads)).toBeNull();
  });

  it("reads a name as the page does (decoded, a bad escape kept), and a second question mark as part of it", () => {
    expect(canonicalAddress("/inventory?m%61ke=GM", reads)).toBeNull();
    expect(canonicalAddress("/inventory?ma%ke=GM&make=GM", reads)).toBe("/inventory?make=GM");
    expect(canonicalAddress("/inventory??make=GM", reads)).toBe("/inventory");
  });
});
