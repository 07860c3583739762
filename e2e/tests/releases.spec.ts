import { composedRelease, release, releaseManifest, releaseWithAddedPage, sendLead } from "../fixtures/releases";
import { DEFAULT_REMOTES_CONFIG, SITE_URL, setRemotesConfig } from "../fixtures/site-processes";
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
