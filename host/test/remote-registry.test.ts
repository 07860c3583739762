import { installSiteDocument, TEST_SITE } from "remote-kit/testing";
import { describe, expect, it, vi } from "vitest";

// the federation runtime is not under test here: a bad configuration must be refused before it is reached
vi.mock("../src/features/remotes/api/federation", () => ({ federation: { registerRemotes: vi.fn() } }));
const { loadRemotesConfig } = await import("../src/features/remotes/api/remote-registry");
const { federation } = await import("../src/features/remotes/api/federation");

describe("the remote configuration in the browser", () => {
  it("registers a remote whose entry the page names by that entry, the others by their manifest", async () => {
    // (the page's data is read once: this test writes it for the whole file)
    installSiteDocument({ ...TEST_SITE, entries: { inventory: "/remotes/inventory/remoteEntry.js" } });
    await loadRemotesConfig(false);
    const registered = vi.mocked(federation.registerRemotes).mock.calls.at(-1)?.[0] ?? [];
    expect(registered).toContainEqual({
      name: "inventory",
      type: "module",
      entry: new URL("/remotes/inventory/remoteEntry.js", window.location.href).href,
    });
    expect(registered).toContainEqual({
      name: "leads",
      type: "module",
      entry: new URL(TEST_SITE.remotes.leads, window.location.href).href,
    });
  });

  it("uses the configuration the server composed the page with (checked there), without the schemas' code", async () => {
    installSiteDocument(TEST_SITE);
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await expect(loadRemotesConfig(false)).resolves.toEqual(TEST_SITE.remotes);
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
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
