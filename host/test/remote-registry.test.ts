import { installSiteDocument, TEST_SITE } from "remote-kit/testing";
import { describe, expect, it, vi } from "vitest";

// the federation runtime is not under test here: a bad configuration must be refused before it is reached
vi.mock("../src/features/remotes/api/federation", () => ({ federation: { registerRemotes: vi.fn() } }));
const { loadRemotesConfig } = await import("../src/features/remotes/api/remote-registry");

describe("the remote configuration in the browser", () => {
  it("is checked against its schema, and a bad entry is named", async () => {
    installSiteDocument({ ...TEST_SITE, remotes: { ...TEST_SITE.remotes, leads: "javascript:alert(1)" } });
    await expect(loadRemotesConfig(false)).rejects.toThrow(
      /the page's remote configuration is invalid: leads: must be the URL of a remote's mf-manifest\.json/,
    );
  });

  it("is checked when fetched anew (Retry), and a good one is used", async () => {
    const answer = (body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status: 200 }));
    vi.stubGlobal("fetch", answer({ ...TEST_SITE.remotes, search: "/remotes/search/mf-manifest.json" }));
    await expect(loadRemotesConfig(true)).rejects.toThrow(
      "/remotes.config.json is invalid: search: not a remote of this site",
    );
    vi.stubGlobal("fetch", answer(TEST_SITE.remotes));
    await expect(loadRemotesConfig(true)).resolves.toEqual(TEST_SITE.remotes);
    vi.unstubAllGlobals();
  });
});
