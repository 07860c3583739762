// @vitest-environment node
import { describe, expect, it } from "vitest";
import { readHostEnvironment } from "../src/server/environment";

describe("the host server's environment", () => {
  it("has a default for everything npm start does not set, and reads lists and switches", () => {
    const env = readHostEnvironment({ PUBLIC_SITE_URL: "", SHARED_CACHE_PURGE_URLS: "http://127.0.0.1:6081" });
    expect(env).toMatchObject({
      PORT: 4173,
      API_ORIGIN: "http://127.0.0.1:4180",
      REMOTE_CATALOG_ORIGIN: "http://127.0.0.1:4174",
      RENDER_TIMEOUT_MS: 400,
      PAGE_CACHE: "on",
      SHARED_CACHE_PURGE_URLS: ["http://127.0.0.1:6081"],
      RENDER_SECRET: [],
    });
    expect(env.PUBLIC_SITE_URL).toBeUndefined();
    expect(readHostEnvironment({ PUBLIC_SITE_URL: "https://summitheavyfleet.ca/" }).PUBLIC_SITE_URL).toBe(
      "https://summitheavyfleet.ca",
    );
  });

  it("stops at start-up naming every variable that cannot be right", () => {
    expect(() =>
      readHostEnvironment({ PORT: "eighty", RENDER_SECRET: "short", PAGE_CACHE: "maybe", API_ORIGIN: "nowhere" }),
    ).toThrow(/PORT[\s\S]*API_ORIGIN[\s\S]*RENDER_SECRET[\s\S]*32 characters[\s\S]*PAGE_CACHE/);
  });
});
