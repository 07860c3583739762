import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { composedRelease, release, releaseManifest, releaseWithAddedPage, sendLead } from "../fixtures/releases";
import { DEFAULT_REMOTES_CONFIG, root, SITE_URL, setRemotesConfig } from "../fixtures/site-processes";
import { leadsFrom } from "../fixtures/stored-leads";
import { expect, test } from "../fixtures/test";

const uniqueEmail = (what: string) => `${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ca`;

test.describe("versioned releases", () => {
  test.afterEach(() => setRemotesConfig(DEFAULT_REMOTES_CONFIG));

  test("promoting and rolling back a release is one line of configuration: no restart, one release per page", async ({
    page,
    pageErrors,
  }) => {
    test.setTimeout(90_000);
    const v1 = await release("leads", "1.0.0-e2e");
    const v2 = await release("leads", "2.0.0-e2e");
    expect(v1).not.toBe(v2);
    // a release's files never change at their address: cached for a year, the manifest too
    const manifest = await fetch(`${SITE_URL}${releaseManifest("leads", v2)}`);
    expect(manifest.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    const leadsFiles: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/remotes/leads/")) leadsFiles.push(pathname);
    });

    for (const id of [v2, v1]) {
      setRemotesConfig({ ...DEFAULT_REMOTES_CONFIG, leads: releaseManifest("leads", id) });
      // the server composes with this release, and says so
      expect(composedRelease(await (await fetch(`${SITE_URL}/contact`)).text())).toBe(`leads@${id}`);
      leadsFiles.length = 0;
      await page.goto("/contact");
      await expect(page.locator('meta[name="fleet-release"]')).toHaveAttribute("content", `leads@${id}`);
      // ...and the browser loads that same release, and no other, for the page and for the form it sends
      const email = uniqueEmail(`release-${id}`);
      await sendLead(page, "contact", email);
      expect(leadsFiles.length).toBeGreaterThan(0);
      expect(leadsFiles.filter((file) => !file.startsWith(`/remotes/leads/releases/${id}/`))).toEqual([]);
      expect(await leadsFrom(email)).toHaveLength(1);
    }
    expect(pageErrors).toEqual([]);
  });

  test("a team adds a page with its own release: promoted, the running host serves it, with no host release or restart", async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const id = await releaseWithAddedPage();
    // no remote declares it yet: an unknown path goes home
    const before = await fetch(`${SITE_URL}/contact/fleet-day`, { redirect: "manual" });
    expect(before.status).toBe(301);

    setRemotesConfig({ ...DEFAULT_REMOTES_CONFIG, leads: releaseManifest("leads", id) });
    const after = await fetch(`${SITE_URL}/contact/fleet-day`, { redirect: "manual" });
    expect(after.status).toBe(200);
    expect(composedRelease(await after.text())).toBe(`leads@${id}`);
    await page.goto("/contact/fleet-day");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fleet Day at Summit Heavy Fleet");
    // the team's other pages still come from the same release
    await page.goto("/contact");
    await expect(page.locator('meta[name="fleet-release"]')).toHaveAttribute("content", `leads@${id}`);

    // rolled back: the page is gone again
    setRemotesConfig(DEFAULT_REMOTES_CONFIG);
    expect((await fetch(`${SITE_URL}/contact/fleet-day`, { redirect: "manual" })).status).toBe(301);
  });
});

test.describe("published data", () => {
  test("a redeploy of the team that publishes it is seen by the pages that show it within seconds, with no restart", async () => {
    test.setTimeout(60_000);
    // team catalog deploys a new build in place: the same addresses, a new manifest and new line-up data
    const dist = join(root, "mfe-catalog/dist");
    const files = ["data/lineup-models.json", "mf-manifest.json", "mf-manifest.json.br", "mf-manifest.json.gz"];
    const kept = Object.fromEntries(files.map((file) => [file, readFileSync(join(dist, file))]));
    const page = "/contact/inquiry/isuzu-nrr-ev";
    expect(await (await fetch(`${SITE_URL}${page}`)).text()).toContain("Ask about the Isuzu NRR EV:");
    try {
      const data = JSON.parse(kept["data/lineup-models.json"]?.toString() ?? "{}") as {
        models: { id: string; name: string }[];
      };
      for (const model of data.models) if (model.id === "isuzu-nrr-ev") model.name = "Isuzu NRR EV Gen 2";
      writeFileSync(join(dist, "data/lineup-models.json"), JSON.stringify(data));
      const manifest = JSON.parse(kept["mf-manifest.json"]?.toString() ?? "{}") as { metaData: object };
      manifest.metaData = { ...manifest.metaData, deployedAt: new Date().toISOString() };
      const text = JSON.stringify(manifest);
      writeFileSync(join(dist, "mf-manifest.json"), text);
      writeFileSync(join(dist, "mf-manifest.json.br"), brotliCompressSync(text));
      writeFileSync(join(dist, "mf-manifest.json.gz"), gzipSync(text));
      const deployedAt = Date.now();
      // team leads' page, composed by leads' renderer from catalog's data, and kept by the host's page cache
      await expect
        .poll(async () => (await (await fetch(`${SITE_URL}${page}`)).text()).includes("Isuzu NRR EV Gen 2"), {
          timeout: 20_000,
        })
        .toBe(true);
      console.log(`catalog's redeployed line-up reached leads' page in ${Date.now() - deployedAt} ms`);
      // and it stays: no copy made in between keeps the old line-up
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await (await fetch(`${SITE_URL}${page}`)).text()).toContain("Isuzu NRR EV Gen 2");
    } finally {
      for (const [file, bytes] of Object.entries(kept)) writeFileSync(join(dist, file), bytes);
    }
  });
});
