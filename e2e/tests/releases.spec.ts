import { composedRelease, release, releaseManifest, sendLead } from "../fixtures/releases";
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
});
