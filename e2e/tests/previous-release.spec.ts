import type { RemoteName } from "shared-types";
import { composedRelease, releaseManifest, releasePrevious, sendLead } from "../fixtures/releases";
import { DEFAULT_REMOTES_CONFIG, SITE_URL, setRemotesConfig } from "../fixtures/site-processes";
import { leadsFrom } from "../fixtures/stored-leads";
import { expect, test } from "../fixtures/test";

/**
 * N-1: today's host and remotes with one remote as it was last released (releases.json), each remote in turn.
 * Its routes render from the server and in the browser, and a lead sent through a page it takes part in is stored.
 */
async function aVehiclePage(): Promise<string> {
  const response = await fetch(`${SITE_URL}/api/inventory/all/?page_size=1`);
  const [vehicle] = ((await response.json()) as { vehicles: { stock_number: string }[] }).vehicles;
  return `/inventory/vehicle/${vehicle?.stock_number}`;
}

const SCENARIOS: Record<
  RemoteName,
  { pages: () => Promise<string[]>; form: () => Promise<[path: string, form: string]> }
> = {
  catalog: {
    pages: async () => ["/line-up/isuzu", "/line-up/gm/gmc-sierra-2500hd", "/get-financing"],
    // the quote page reads the model from catalog's published line-up
    form: async () => ["/contact/quote/isuzu-nrr-ev", "quote"],
  },
  inventory: {
    pages: async () => ["/inventory", await aVehiclePage(), "/trailer-inventory/TR410281"],
    form: async () => [await aVehiclePage(), "vehicle-contact"],
  },
  service: {
    pages: async () => ["/service", "/services/alignments", "/body-shop"],
    form: async () => ["/services/alignments", "service-booking"],
  },
  leads: {
    pages: async () => ["/contact", `/contact/more-info/TR410281`],
    // today's inventory renders the previous leads' form in its own page
    form: async () => [await aVehiclePage(), "vehicle-contact"],
  },
};

test.describe("each remote at its previous release, with everything else at today's", () => {
  let previous: Record<RemoteName, string>;

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    previous = await releasePrevious();
  });
  test.afterEach(() => setRemotesConfig(DEFAULT_REMOTES_CONFIG));

  for (const [remote, scenario] of Object.entries(SCENARIOS) as [RemoteName, (typeof SCENARIOS)[RemoteName]][]) {
    test(`${remote} at its previous release composes: its routes render and a lead is stored`, async ({
      page,
      pageErrors,
    }) => {
      test.setTimeout(90_000);
      const id = previous[remote];
      setRemotesConfig({ ...DEFAULT_REMOTES_CONFIG, [remote]: releaseManifest(remote, id) });
      for (const path of await scenario.pages()) {
        const response = await fetch(`${SITE_URL}${path}`);
        expect(response.status, path).toBe(200);
        expect(composedRelease(await response.text()), path).toBe(`${remote}@${id}`);
        await page.goto(path);
        await expect(page.locator(`[data-remote="${remote}"] h1`).first(), path).toBeVisible();
        await expect(page.locator(`[data-remote-unavailable]`), path).toHaveCount(0);
      }
      const [path, form] = await scenario.form();
      await page.goto(path);
      const marker = `n-1-${remote}-${Date.now()}@example.ca`;
      await sendLead(page, form, marker);
      // a unit's enquiry says which unit, whichever side gives it (the page's fields, or the form's own)
      if (form === "vehicle-contact") {
        const [lead] = await leadsFrom(marker);
        expect(lead?.fields.stock_number).toBe(path.split("/").pop());
      }
      expect(pageErrors).toEqual([]);
    });
  }
});
