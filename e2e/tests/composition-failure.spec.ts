import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startRendererProxy } from "../fixtures/renderer-proxy";
import {
  DEFAULT_REMOTES_CONFIG,
  E2E_RENDER_TIMEOUT_MS,
  root,
  SITE_URL,
  setRemotesConfig,
  startRemote,
  stopProcess,
  trackProcess,
  waitFor,
} from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

const CATALOG_UPSTREAM = "http://127.0.0.1:4374";
const isuzuHeading = /Isuzu Commercial Trucks/;

/** Whether the server's HTML for a path carries the remote's page (composed) or only the shell. */
async function serverHtml(path: string): Promise<{ composed: boolean; ms: number; html: string }> {
  const started = Date.now();
  const html = await (await fetch(`${SITE_URL}${path}`)).text();
  return { composed: html.includes('<h1 class="catalog-page__title">'), ms: Date.now() - started, html };
}

test.describe("a renderer that cannot help costs its page only the server rendering", () => {
  test.afterEach(() => setRemotesConfig(DEFAULT_REMOTES_CONFIG));

  for (const [behaviour, port] of [
    ["fail", 4391],
    ["hang", 4395],
  ] as const) {
    test(`renderer ${behaviour === "fail" ? "erroring" : "hanging"}: the shell arrives, the browser renders the region, the breaker stops the waiting`, async ({
      page,
      pageErrors,
    }) => {
      const proxy = await startRendererProxy({ upstream: CATALOG_UPSTREAM, port, behaviour });
      try {
        setRemotesConfig({ ...DEFAULT_REMOTES_CONFIG, catalog: `http://127.0.0.1:${port}/mf-manifest.json` });
        const first = await serverHtml("/line-up/isuzu");
        expect(first.composed).toBe(false);
        expect(first.html).toContain('aria-label="Main"'); // the shell, never a blank page
        if (behaviour === "hang") expect(first.ms).toBeGreaterThanOrEqual(E2E_RENDER_TIMEOUT_MS - 100);
        // once the breaker has seen the renderer fail, pages stop waiting for it
        await serverHtml("/line-up/gm");
        const callsBefore = proxy.renderCalls();
        const later = await serverHtml("/line-up/isuzu");
        expect(later.composed).toBe(false);
        expect(later.ms).toBeLessThan(E2E_RENDER_TIMEOUT_MS / 2);
        expect(proxy.renderCalls()).toBe(callsBefore);

        // the visitor still gets the page: the browser loads the remote from where it now lives and renders it
        await page.goto("/line-up/isuzu");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(isuzuHeading);
        await expect(page.locator(".catalog-card")).toHaveCount(16);
        expect(pageErrors).toEqual([]);
      } finally {
        await proxy.close();
      }
    });
  }

  test("renderer slow (a few seconds): the page falls back within the time limit instead of waiting", async () => {
    const proxy = await startRendererProxy({
      upstream: CATALOG_UPSTREAM,
      port: 4392,
      behaviour: "slow",
      slowMs: E2E_RENDER_TIMEOUT_MS * 2,
    });
    try {
      setRemotesConfig({ ...DEFAULT_REMOTES_CONFIG, catalog: "http://127.0.0.1:4392/mf-manifest.json" });
      const page = await serverHtml("/get-financing");
      expect(page.composed).toBe(false);
      expect(page.ms).toBeLessThan(E2E_RENDER_TIMEOUT_MS * 2);
    } finally {
      await proxy.close();
    }
  });

  test("a remote whose server is down entirely: the shell, then the region's own fallback with the phone", async ({
    page,
  }) => {
    setRemotesConfig({ ...DEFAULT_REMOTES_CONFIG, catalog: "http://127.0.0.1:4393/mf-manifest.json" });
    const html = await serverHtml("/line-up/gm");
    expect(html.composed).toBe(false);
    await page.goto("/line-up/gm");
    const fallback = page.locator('[data-remote-unavailable="catalog"]');
    await expect(fallback).toBeVisible({ timeout: 15_000 });
    await expect(fallback.getByRole("link", { name: "403-555-0140" })).toBeVisible();
  });
});

test("a remote rebuilt and served elsewhere: its pages' server HTML changes with only the configuration", async ({
  page,
  pageErrors,
}) => {
  // the "new release": catalog's build, copied and changed, served by its own server from another address
  const release = join(root, "e2e", ".relocated", "catalog-next");
  rmSync(release, { recursive: true, force: true });
  mkdirSync(release, { recursive: true });
  for (const part of ["dist", "dist-server", "server.mjs", "package.json"]) {
    cpSync(join(root, "mfe-catalog", part), join(release, part), { recursive: true });
  }
  const retitle = (file: string) =>
    writeFileSync(file, readFileSync(file, "utf8").replaceAll("Isuzu Commercial Trucks", "Isuzu Trucks, Next Release"));
  for (const dir of ["dist/assets", "dist-server"]) {
    for (const file of readdirSync(join(release, dir), { recursive: true }) as string[]) {
      if (file.endsWith(".js")) retitle(join(release, dir, file));
    }
  }
  const pid = startRemote("catalog", 4394, release);
  trackProcess("catalog-next", pid);
  try {
    await waitFor("http://127.0.0.1:4394/mf-manifest.json");
    expect((await serverHtml("/line-up/isuzu")).html).toContain("Isuzu Commercial Trucks");

    setRemotesConfig({ ...DEFAULT_REMOTES_CONFIG, catalog: "http://127.0.0.1:4394/mf-manifest.json" });
    const moved = await serverHtml("/line-up/isuzu");
    expect(moved.composed).toBe(true);
    expect(moved.html).toContain("Isuzu Trucks, Next Release");
    // a line-up page has no interactive part of its own: none of the remote's code is sent for it (team leads'
    // fleet quote count, for its "Add to fleet quote" forms, is the page's only code)
    expect(moved.html).not.toContain("127.0.0.1:4394/remoteEntry.js");
    expect(moved.html).not.toContain("/remotes/catalog/remoteEntry.js");

    // the browser shows the release the server rendered, and its links lead on
    await page.goto("/line-up/isuzu");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Isuzu Trucks, Next Release");
    await page.getByRole("link", { name: "View Details" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Isuzu NPR Gas");
    expect(pageErrors).toEqual([]);
  } finally {
    setRemotesConfig(DEFAULT_REMOTES_CONFIG);
    stopProcess("catalog-next");
    rmSync(release, { recursive: true, force: true });
  }
  expect((await serverHtml("/line-up/isuzu")).html).toContain("Isuzu Commercial Trucks");
});
