import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DEFAULT_REMOTES_CONFIG,
  DESK_URL,
  E2E_PORTS,
  E2E_STAFF_CLI_TOKEN_FILE,
  root,
  startHost,
  trackProcess,
  waitFor,
} from "../fixtures/site-processes";
import { expect, test } from "../fixtures/test";

// Team host, api and desk: real visitors' Web Vitals (issue 45, item 7), end to end. A host that samples every page
// view (WEB_VITALS_SAMPLE_RATE=1; the suite's own hosts sample none) serves a page; once it is idle its script
// measures, and when the page is hidden it sends a beacon to the site's own /api/vitals, under the route's pattern;
// the desk's Site speed page shows it.

const VITALS_SITE = `http://localhost:${E2E_PORTS.hostVitals}`;

test.use({ reachEveryIsland: false });

test.beforeAll(async () => {
  const config = join(mkdtempSync(join(tmpdir(), "fleet-e2e-vitals-")), "remotes.json");
  writeFileSync(config, JSON.stringify(DEFAULT_REMOTES_CONFIG));
  trackProcess(
    "hostVitals",
    startHost(E2E_PORTS.hostVitals, join(root, "host/dist"), config, { WEB_VITALS_SAMPLE_RATE: "1" }),
  );
  await waitFor(VITALS_SITE);
});

test("a sampled page view sends its Web Vitals under its route's pattern, and the desk shows them", async ({
  page,
  pageErrors,
}) => {
  // a page before it in the same tab: each page reports its own route, however its browser keeps the script
  const script = page.waitForRequest(/\/assets\/vitals-[\w-]+\.js/);
  await page.goto(`${VITALS_SITE}/`);
  // the boot data names the route's pattern, not the address; the script comes after the page's load, when idle
  expect(await script).toBeTruthy();
  await page.goto(`${VITALS_SITE}/line-up/isuzu`);
  await page.waitForFunction(() =>
    performance.getEntriesByType("resource").some((entry) => entry.name.includes("/assets/vitals-")),
  );
  const beacon = page.waitForRequest(
    (request) => request.url() === `${VITALS_SITE}/api/vitals` && !(request.postData() ?? "").includes('"/"'),
  );
  // the visitor switches tabs: the page is hidden (Playwright's page stays visible: told so, as the browser would)
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
  });
  const sent = JSON.parse((await beacon).postData() ?? "[]") as { route: string; metric: string; device: string }[];
  expect(sent.map((measurement) => measurement.metric).sort()).toEqual(["CLS", "LCP"]);
  expect(sent.every((measurement) => measurement.route === "/line-up/:brand" && measurement.device === "desktop")).toBe(
    true,
  );
  expect(Object.keys(sent[0] ?? {}).sort()).toEqual(["device", "metric", "route", "value"]);

  // nothing the page's policy blocked: the script and the beacon are the site's own
  expect(pageErrors).toEqual([]);

  // the API stored it: a marketing member sees the route on the desk's Site speed page (a page of its own: the
  // desk has no site script to wait for)
  const desk = await page.context().newPage();
  const invite = execFileSync(
    process.execPath,
    [join(root, "api/dist/src/staff/invite.js"), `speed-${Date.now()}@summit.example`, "marketing"],
    {
      env: {
        ...process.env,
        API_STAFF_PORT: String(E2E_PORTS.apiStaff),
        STAFF_CLI_TOKEN_FILE: E2E_STAFF_CLI_TOKEN_FILE,
      },
      encoding: "utf8",
    },
  );
  await desk.goto(invite.trim().split("\n").at(-1) ?? "");
  await desk.getByRole("button", { name: "Sign in" }).click();
  await expect(async () => {
    await desk.goto(`${DESK_URL}/speed`);
    await expect(desk.getByRole("region", { name: "Speed of /line-up/:brand" })).toContainText(
      "Largest Contentful Paint (LCP)",
    );
  }).toPass({ timeout: 10_000 });
});
