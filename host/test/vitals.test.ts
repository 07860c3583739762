import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { TEST_SITE } from "remote-kit/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BOOT_ELEMENT_ID, measureVitals } from "../src/server/boot-script";
import { composeDocument, documentBytes, loadHostAssets } from "../src/server/page-document";
import { VITALS_SOURCE } from "../src/server/vitals-page";
import { fakeHostBuild } from "./fake-host-build";

// Team host: real visitors' Web Vitals. The host names the script and the route's pattern in the page's boot data,
// and only a sampled page view loads the script, once the page is loaded and idle.

/** A build with the Web Vitals script as Vite's manifest names it: an entry of its own. */
function buildWithVitals(): string {
  const dist = fakeHostBuild();
  const manifestFile = join(dist, ".vite/manifest.json");
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  // listed first: the page's entry is found whatever the order
  const withVitals = {
    [VITALS_SOURCE]: { file: "assets/vitals-1.js", src: VITALS_SOURCE, isEntry: true },
    ...manifest,
  };
  writeFileSync(manifestFile, JSON.stringify(withVitals));
  return dist;
}

const bootOf = (assets: ReturnType<typeof loadHostAssets>, route?: string) => {
  const html = documentBytes(
    composeDocument(assets, { head: "", appHtml: "<main></main>", site: { ...TEST_SITE, composed: null }, route }),
  ).toString("utf8");
  return JSON.parse(html.match(new RegExp(`id="${BOOT_ELEMENT_ID}">([^<]*)<`))?.[1] ?? "{}");
};

describe("real visitors' Web Vitals in the page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("names the script, the sampling rate and the route's pattern (never the address) in the boot data", () => {
    const assets = loadHostAssets(buildWithVitals(), { vitalsSampleRate: 0.1 });
    expect(assets.entry).toBe("/assets/index-1.js");
    const boot = bootOf(assets, "/inventory/vehicle/:id");
    expect(boot.vitals).toEqual({ src: "/assets/vitals-1.js", rate: 0.1, route: "/inventory/vehicle/:id" });
    expect(boot.entry).toBe("/assets/index-1.js");
  });

  it("names none when the rate is 0, or when the page is of no route (the 503 shell)", () => {
    expect(bootOf(loadHostAssets(buildWithVitals(), { vitalsSampleRate: 0 }), "/").vitals).toBeUndefined();
    expect(bootOf(loadHostAssets(buildWithVitals(), { vitalsSampleRate: 1 })).vitals).toBeUndefined();
  });

  it("loads the script on a sampled page view only, and only once the browser is idle", () => {
    const idle = vi.fn();
    vi.stubGlobal("requestIdleCallback", idle);
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    measureVitals({ src: "/assets/vitals-1.js", rate: 0.1, route: "/" });
    expect(idle).not.toHaveBeenCalled();
    measureVitals({ src: "/assets/vitals-1.js", rate: 1, route: "/" });
    if (document.readyState !== "complete") window.dispatchEvent(new Event("load"));
    expect(idle).toHaveBeenCalledTimes(1);
  });
});
