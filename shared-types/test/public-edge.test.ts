import { describe, expect, it } from "vitest";
import { PUBLIC_API_ROUTES, sitePath, unsafePathReason } from "../src/index.js";

describe("a path the site refuses before routing", () => {
  it("has dot-segments, escaped dots or slashes, backslashes or control characters", () => {
    const refused = {
      "/api/./changes": "a dot-segment",
      "/api/../api/changes": "a dot-segment",
      "/inventory/.": "a dot-segment",
      "/api/%2e/changes": "an encoded dot",
      "/api/%2E%2E/changes": "an encoded dot",
      "/api%2fchanges": "an encoded slash",
      "/api/%2F/changes": "an encoded slash",
      "/\\evil.example": "a backslash",
      "/%5Cevil.example": "a backslash",
      "/%09/evil": "a control character",
      "/%0a/evil": "a control character",
      "/a\tb": "a control character",
    };
    for (const [path, reason] of Object.entries(refused)) expect(unsafePathReason(path), path).toBe(reason);
  });

  it("is never an ordinary page, file or API address, whatever its query says", () => {
    for (const path of [
      "/",
      "/inventory/vehicle/TF118604",
      "/assets/index-abc.js",
      "/api/inventory/all/?filters=%7B%22make%22%3A%5B%22GMC%22%5D%7D",
      "/contact/thank-you?form=contact&from=%2F%2E%2E%2Fx",
      "/inventory/vehicle/%E0%A4",
      "/api/media/photos/abc/640.avif",
      "/line-up/isuzu/isuzu-nrr-diesel",
    ]) {
      expect(unsafePathReason(path), path).toBeNull();
    }
  });
});

describe("a return address", () => {
  it("is a path on the site, fragment left out", () => {
    expect(sitePath("/inventory?page=2")).toBe("/inventory?page=2");
    expect(sitePath("/contact#message_us")).toBe("/contact");
    expect(sitePath("/a/../b")).toBe("/b");
  });

  it("is refused when it could lead anywhere else", () => {
    for (const from of [
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/%5Cevil.example",
      "/\tevil.example",
      "/%09/evil.example",
      "/\n/evil.example",
      "/%0a/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "evil.example",
      "",
      null,
      undefined,
      `/${"a".repeat(2_001)}`,
    ]) {
      expect(sitePath(from), String(from)).toBeNull();
    }
  });
});

describe("the API's public routes", () => {
  it("are the visitor's reads and writes: nothing internal or for staff", () => {
    const urls = PUBLIC_API_ROUTES.map((route) => route.url).join(" ");
    expect(urls).not.toMatch(/changes|export|deliveries|admin|held/);
    expect(PUBLIC_API_ROUTES.filter((route) => route.method === "POST").map((route) => route.url)).toEqual([
      "/api/leads/capture",
      "/api/consent/unsubscribe",
      // a saved search, and its emails' links (a mailbox's one-click unsubscribe among them)
      "/api/saved-searches",
      "/api/saved-searches/:id/:action",
      // a fleet quote list: keyed by its random key (the visitor's cookie), JSON only
      "/api/fleet-quote/lines",
      "/api/fleet-quote/lists/:token/lines/:line",
      "/api/fleet-quote/lists/:token/lines/:line/remove",
      "/api/fleet-quote/lists/:token/trade-ins",
      "/api/fleet-quote/lists/:token/trade-ins/:tradeIn/remove",
      // a service booking, then its emails' link (signed for the booking's version): move it, cancel it
      "/api/service/bookings",
      "/api/service/bookings/:token/cancel",
      "/api/service/bookings/:token/move",
      "/api/service/plans/:token/readings",
      "/api/service/plans/:token/stop",
      // a sampled page view's Web Vitals (its route's pattern, metric, value, screen class: nothing of the visitor)
      "/api/vitals",
    ]);
  });
});
