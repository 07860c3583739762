// npm run bench:web: Lighthouse (mobile, simulated throttling) on the composed, built site, median of 3 per route,
// against a static copy of each page served the same way (its server HTML with every script removed), plus the
// JavaScript each route downloads (gzip); then Interaction to Next Paint (Google's web-vitals library) in Chromium
// slowed down 4x, for opening the toolbar, choosing a facet and typing in a form. Runs its own copy of the site on
// its own ports, with a fresh database. Not a test: the numbers go in the issue notes. CHROME_PATH overrides
// /usr/bin/chromium; RUNS overrides 3; BENCH_ONLY=interactions skips Lighthouse (for working on the interactions).
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Writable } from "node:stream";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import concurrently from "concurrently";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { buildMissing } from "./build-missing.mjs";

buildMissing();
const { assertPortsFree, servingCommands, stopOnCrash, stopServing, waitFor } = await import("./site-processes.mjs");

const PORTS = { site: 5273, api: 5280, staticCopy: 5299 };
const REMOTE_PORTS = { catalog: 5274, inventory: 5275, service: 5276, leads: 5277 };
const SITE = `http://localhost:${PORTS.site}`;
const STATIC = `http://localhost:${PORTS.staticCopy}`;
const RUNS = Number(process.env.RUNS ?? 3);
const LIGHTHOUSE = process.env.BENCH_ONLY !== "interactions";
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(CHROME)) {
  console.error(`no Chromium at ${CHROME} (apt-get install chromium, or set CHROME_PATH)`);
  process.exit(2);
}
await assertPortsFree([...Object.values(PORTS), PORTS.api + 1, PORTS.api + 2, ...Object.values(REMOTE_PORTS)]);
const GOALS = { score: 98, lcpRatio: 1.3, cls: 0.01, tbtMs: 50, jsKb: 150, homeJsKb: 90, inpMs: 200, readyMs: 300 };

const { commands, result } = concurrently(
  servingCommands({
    sitePort: PORTS.site,
    apiPort: PORTS.api,
    apiInternalPort: PORTS.api + 1,
    apiStaffPort: PORTS.api + 2,
    remotePorts: REMOTE_PORTS,
    apiEnv: { DATA_DIR: mkdtempSync(join(tmpdir(), "fleet-bench-db-")), LOG_LEVEL: "warn" },
    // this machine is shared: a render slowed by the benchmark's own browser must not turn into the shell
    hostEnv: { RENDER_TIMEOUT_MS: "1500" },
  }),
  {
    prefix: "name",
    cwd: new URL("../", import.meta.url).pathname,
    // the servers' own logs would bury the table; BENCH_LOGS=1 shows them
    outputStream: process.env.BENCH_LOGS
      ? process.stdout
      : new Writable({ write: (_chunk, _encoding, done) => done() }),
  },
);
result.catch(() => {});
const stopSite = () => stopServing(commands, result);
stopOnCrash(stopSite);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * The static copy: each page's server HTML without a single script (no module, no preload, no data block),
 * served from its own origin with the page's own response headers; everything else (CSS, images) comes from the
 * site, as for the real page.
 */
const staticPages = new Map();
function startStaticCopy() {
  const server = createServer((req, res) => {
    const page = staticPages.get(req.url);
    if (page) {
      // compressed as the site sends its pages, so the comparison is of the pages, not of their transfer
      res.writeHead(200, { ...page.headers, "content-encoding": "gzip" }).end(gzipSync(page.html));
      return;
    }
    const proxied = httpRequest(
      { host: "127.0.0.1", port: PORTS.site, path: req.url, method: req.method, headers: req.headers },
      (upstream) => {
        res.writeHead(upstream.statusCode ?? 502, upstream.headers);
        upstream.pipe(res);
      },
    );
    proxied.on("error", () => res.writeHead(502).end());
    req.pipe(proxied);
  });
  return new Promise((resolve) => server.listen(PORTS.staticCopy, () => resolve(server)));
}

async function captureStaticCopy(path) {
  const response = await fetch(`${SITE}${path}`);
  const html = await response.text();
  const stripped = html
    .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "");
  const headers = Object.fromEntries(
    [...response.headers].filter(
      ([name]) => !["content-encoding", "content-length", "transfer-encoding"].includes(name),
    ),
  );
  staticPages.set(path, { html: stripped, headers });
}

async function runLighthouse(url, port) {
  const { lhr } = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  return lhr;
}

/** The dealership's photographs the page loaded during the run (Lighthouse's phone): how many, and their bytes. */
function photosOf(lhr) {
  const items = (lhr.audits["network-requests"]?.details?.items ?? []).filter((item) =>
    item.url.includes("/api/media/photos/"),
  );
  return { count: items.length, kb: items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024 };
}

/** Every script the page downloaded during the run, measured as gzip (the server may send brotli). */
async function scriptsOf(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === "Script" && item.url.startsWith(SITE));
  return { count: scripts.length, kb: await gzipKb(scripts.map((item) => item.url)) };
}

async function gzipKb(urls) {
  let bytes = 0;
  for (const url of urls) bytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
  return bytes / 1024;
}

/**
 * Each interaction's duration as INP counts it (Event Timing: the longest of its events, from input to the next
 * paint), kept by when it started: a step's figure is its own slowest interaction, not the page's worst so far
 * (web-vitals' INP only reports a new worst, so a quick second step would read as nothing).
 */
const STEP_INTERACTIONS = `window.__interactions=new Map();new PerformanceObserver((list)=>{for(const e of list.getEntries()){if(!e.interactionId)continue;const seen=window.__interactions.get(e.interactionId);window.__interactions.set(e.interactionId,{start:Math.min(seen?.start??e.startTime,e.startTime),duration:Math.max(seen?.duration??0,e.duration)});}}).observe({type:"event",durationThreshold:16,buffered:true});`;

const WEB_VITALS = readFileSync(
  join(dirname(createRequire(import.meta.url).resolve("web-vitals")), "web-vitals.iife.js"),
  "utf8",
);

/**
 * On a phone-class CPU (Chromium, 4x slowdown), each in a fresh page:
 * - how long a part takes to become interactive once the visitor reaches for it (a pointer over it, focus), with the
 *   part on the screen and its code fetched at the visitor's first sign of intent (the wheel turned),
 *   as the page does by itself: its code runs and
 *   it hydrates then (median, ms from the first touch to the island committed);
 * - Interaction to Next Paint (Google's web-vitals library) of the interactions a visitor makes first, once the
 *   part is interactive: the worst interaction of each (0 when none took more than a frame).
 */
/**
 * Every script a route downloads once each of its parts is interactive: the visitor scrolls to the foot of the page
 * and reaches for every part on the way (what the page fetches later, on use, is not counted: a form's rules when
 * a field is first left, its sending code on submit).
 */
async function measureEveryPart(routes) {
  const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-gpu"] });
  const rows = [];
  try {
    for (const path of routes) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      const scripts = new Set();
      page.on("request", (request) => {
        if (request.resourceType() === "script" && request.url().startsWith(SITE)) scripts.add(request.url());
      });
      await page.goto(`${SITE}${path}`);
      await page.locator("html[data-host-ready]").waitFor({ state: "attached", timeout: 30_000 });
      for (let step = 0; step < 20; step += 1) {
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(100);
      }
      const islands = page.locator("fleet-island");
      const count = await islands.count();
      for (let index = 0; index < count; index += 1) {
        await islands.nth(index).evaluate((el) => el.dispatchEvent(new FocusEvent("focusin", { bubbles: true })));
      }
      await page
        .locator('fleet-island:not([data-island-state="hydrated"])')
        .first()
        .waitFor({ state: "detached", timeout: 30_000 })
        .catch(() => {
          throw new Error(`${path}: not every part became interactive`);
        });
      await page.waitForTimeout(500);
      rows.push({ path, parts: count, jsKb: await gzipKb(scripts) });
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

async function measureInteractions(vehiclePath) {
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  /** Opens the page, reaches for the island, and times it until it is interactive. */
  const open = async (path, island) => {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    await page.addInitScript({
      content: `${WEB_VITALS};window.__inp=[];webVitals.onINP((m)=>window.__inp.push(m.value),{reportAllChanges:true,durationThreshold:0});${STEP_INTERACTIONS}`,
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const scripts = new Set();
    const problems = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => message.type() === "error" && problems.push(`console: ${message.text()}`));
    page.on("requestfailed", (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
    page.on(
      "response",
      (response) => response.status() >= 400 && problems.push(`${response.status()}: ${response.url()}`),
    );
    page.on("request", (request) => {
      if (request.resourceType() === "script" && request.url().startsWith(SITE)) scripts.add(request.url());
    });
    await page.goto(`${SITE}${path}`);
    await page.locator("html[data-host-ready]").waitFor({ state: "attached", timeout: 30_000 });
    const element = page.locator(`fleet-island[data-island="${island}"]`);
    // as a visitor: the part on the screen, the wheel turned by a line, and a moment before the touch (the page
    // fetches the part's code meanwhile, without running it)
    await element.locator("xpath=./*[1]").scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 20);
    await element
      .locator("xpath=self::*[@data-island-code='at-hand']")
      .waitFor({ state: "attached", timeout: 30_000 })
      .catch((error) => {
        throw new Error(`${path}: ${island}'s code was not fetched\n${problems.join("\n")}`, { cause: error });
      });
    // from the touch to the island committed, timed in the page (a poll from outside would add its own delay)
    const toInteractive = await element
      .evaluate(
        (el) =>
          new Promise((resolve, reject) => {
            const reachedAt = performance.now();
            const timeout = setTimeout(() => reject(new Error("not interactive within 30 s")), 30_000);
            new MutationObserver((_records, observer) => {
              if (el.getAttribute("data-island-state") !== "hydrated") return;
              observer.disconnect();
              clearTimeout(timeout);
              resolve(performance.now() - reachedAt);
            }).observe(el, { attributes: true, attributeFilter: ["data-island-state"] });
            el.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
          }),
      )
      .catch((error) => {
        throw new Error(`${path}: ${island} did not hydrate\n${problems.join("\n")}`, { cause: error });
      });
    return { page, toInteractive, jsKb: await gzipKb(scripts) };
  };
  const rows = [];
  try {
    const runs = async (name, path, island, interact) => {
      const inp = [];
      const pageInp = [];
      const ready = [];
      const js = [];
      for (let run = 0; run < RUNS; run += 1) {
        const { page, toInteractive, jsKb } = await open(path, island);
        const stepStart = await interact(page);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        await page.waitForTimeout(500);
        inp.push(
          await page.evaluate((since) => {
            const own = [...window.__interactions.values()].filter((i) => i.start >= since);
            return Math.max(0, ...own.map((i) => i.duration));
          }, stepStart ?? 0),
        );
        pageInp.push(await page.evaluate(() => Math.max(0, ...window.__inp)));
        ready.push(toInteractive);
        js.push(jsKb);
        await page.close();
      }
      rows.push({ name, inp: median(inp), pageInp: median(pageInp), ready: median(ready), jsKb: median(js) });
    };
    await runs("/inventory: open the toolbar", "/inventory", "inventory/island/search", (page) =>
      page.getByRole("button", { name: "Work Truck" }).click(),
    );
    await runs("/inventory: choose a facet", "/inventory", "inventory/island/search", async (page) => {
      await page.getByRole("button", { name: "Work Truck" }).click();
      await page.waitForTimeout(300);
      const chosenAt = await page.evaluate(() => performance.now());
      await page.locator(".inventory-refine__options input[type=checkbox]:not(:disabled)").first().check();
      return chosenAt;
    });
    await runs("/contact: type in the form", "/contact", "leads/contact-form", (page) =>
      page.locator('form[data-lead-form="contact"]').getByLabel("First Name").pressSequentially("Robin", { delay: 50 }),
    );
    await runs(`${vehiclePath}: type in the form`, vehiclePath, "leads/vehicle-contact-form", (page) =>
      page.locator('form[data-lead-form="vehicle-contact"]').getByLabel("First Name").pressSequentially("Robin", {
        delay: 50,
      }),
    );
  } finally {
    await browser.close();
  }
  return rows;
}

async function main() {
  await Promise.all([waitFor(`${SITE}/api/health`), waitFor(`${SITE}/`)]);
  const vehicle = (await (await fetch(`${SITE}/api/inventory/all/?page_size=1&sort=age_desc`)).json()).vehicles[0];
  const routes = [
    "/",
    "/inventory",
    `/inventory/vehicle/${vehicle.stock_number}`,
    "/line-up/isuzu",
    "/line-up/isuzu/isuzu-nrr-diesel",
    "/contact",
    "/services/commercial-vehicle-inspection",
  ];
  // the first render of each route loads its remote's code and warms the API: not what is measured
  for (const path of routes) {
    const html = await (await fetch(`${SITE}${path}`)).text();
    // each photo's sizes are made the first time anyone asks (api/src/feeds/photos.ts): a shared cache keeps them
    // after the first visitor, so the measured runs start from made ones (the AVIF a Chromium asks for)
    for (const photo of new Set(html.match(/\/api\/media\/photos\/[0-9a-f]+\/\d+\.avif/g) ?? [])) {
      await fetch(`${SITE}${photo}`);
    }
    await captureStaticCopy(path);
  }
  const staticServer = await startStaticCopy();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const rows = [];
  try {
    for (const path of LIGHTHOUSE ? routes : []) {
      const site = [];
      const copy = [];
      for (let run = 0; run < RUNS; run += 1) {
        site.push(await runLighthouse(`${SITE}${path}`, chrome.port));
        copy.push(await runLighthouse(`${STATIC}${path}`, chrome.port));
      }
      const metric = (lhrs, id) => median(lhrs.map((l) => l.audits[id].numericValue));
      const score = median(site.map((l) => Math.round(l.categories.performance.score * 100)));
      const byScore = [...site].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const js = await scriptsOf(byScore[Math.floor(byScore.length / 2)]);
      const photos = photosOf(byScore[Math.floor(byScore.length / 2)]);
      const lcp = metric(site, "largest-contentful-paint");
      const staticLcp = metric(copy, "largest-contentful-paint");
      const staticTbt = metric(copy, "total-blocking-time");
      rows.push({
        path,
        score,
        lcp,
        staticLcp,
        ratio: lcp / staticLcp,
        cls: metric(site, "cumulative-layout-shift"),
        tbt: metric(site, "total-blocking-time"),
        staticTbt,
        fcp: metric(site, "first-contentful-paint"),
        scripts: js.count,
        jsKb: js.kb,
        photos,
      });
      process.stdout.write(`measured ${path}\n`);
    }
  } finally {
    await chrome.kill();
    staticServer.close();
  }

  const interactions = await measureInteractions(routes[2]);
  // and the pages with parts of their own: a trailer (its gallery, call button and enquiry form), the service page
  const trailer = (await (await fetch(`${SITE}/trailer-inventory`)).text()).match(/\/trailer-inventory\/[\w-]+/)?.[0];
  const everyPart = await measureEveryPart([...routes, ...(trailer ? [trailer] : []), "/service"]);
  const pad = (text, width) => String(text).padEnd(width);
  console.log(
    `\nLighthouse ${RUNS}x per route (mobile, simulated throttling), median; JS = every script downloaded, gzip; photos = the photographs the phone loaded (bytes as sent, files)\n`,
  );
  console.log(
    `${pad("route", 44)}${pad("score", 7)}${pad("LCP ms", 8)}${pad("static", 8)}${pad("ratio", 7)}${pad("CLS", 7)}${pad("TBT ms", 8)}${pad("static", 8)}${pad("scripts", 9)}${pad("JS KB", 8)}photos KB`,
  );
  let failed = false;
  for (const r of rows) {
    const jsGoal = r.path === "/" ? GOALS.homeJsKb : GOALS.jsKb;
    const misses = [
      r.score < GOALS.score && "score",
      r.ratio > GOALS.lcpRatio && "LCP ratio",
      r.cls > GOALS.cls && "CLS",
      r.tbt > GOALS.tbtMs && "TBT",
      r.jsKb > jsGoal && "JS",
    ].filter(Boolean);
    failed ||= misses.length > 0;
    console.log(
      `${pad(r.path.length > 42 ? `${r.path.slice(0, 39)}...` : r.path, 44)}${pad(r.score, 7)}${pad(Math.round(r.lcp), 8)}${pad(
        Math.round(r.staticLcp),
        8,
      )}${pad(r.ratio.toFixed(2), 7)}${pad(r.cls.toFixed(3), 7)}${pad(Math.round(r.tbt), 8)}${pad(Math.round(r.staticTbt), 8)}${pad(r.scripts, 9)}${pad(r.jsKb.toFixed(1), 8)}${r.photos.count > 0 ? `${r.photos.kb.toFixed(1)} (${r.photos.count})` : "-"}${
        misses.length ? `   misses: ${misses.join(", ")}` : ""
      }`,
    );
  }
  console.log("\nEvery script each route downloads once every part of it is interactive (gzip)\n");
  console.log(`${pad("route", 44)}${pad("parts", 7)}JS KB`);
  for (const row of everyPart) {
    const jsGoal = row.path === "/" ? GOALS.homeJsKb : GOALS.jsKb;
    const misses = row.jsKb > jsGoal ? "   misses: JS" : "";
    failed ||= misses !== "";
    console.log(
      `${pad(row.path.length > 42 ? `${row.path.slice(0, 39)}...` : row.path, 44)}${pad(row.parts, 7)}${row.jsKb.toFixed(1)}${misses}`,
    );
  }
  console.log(
    `\nChromium at 4x CPU slowdown, median of ${RUNS}: the scripts the page has downloaded once the part is interactive (gzip), the time from the first touch (the part on the screen, its code fetched at the first sign of intent) to interactive, the step's own slowest interaction (Event Timing) and the page's INP so far (web-vitals)\n`,
  );
  console.log(`${pad("interaction", 56)}${pad("JS KB", 8)}${pad("ready ms", 10)}${pad("INP ms", 8)}page INP`);
  for (const row of interactions) {
    const misses = [
      row.inp > GOALS.inpMs && "INP",
      row.jsKb > GOALS.jsKb && "JS",
      row.ready > GOALS.readyMs && "ready",
    ].filter(Boolean);
    failed ||= misses.length > 0;
    console.log(
      `${pad(row.name, 56)}${pad(row.jsKb.toFixed(1), 8)}${pad(Math.round(row.ready), 10)}${pad(Math.round(row.inp), 8)}${Math.round(row.pageInp)}${
        misses.length ? `   misses: ${misses.join(", ")}` : ""
      }`,
    );
  }
  console.log(
    `\ngoals: score >= ${GOALS.score}, LCP <= ${GOALS.lcpRatio}x the static copy, CLS <= ${GOALS.cls}, TBT <= ${GOALS.tbtMs} ms, JS <= ${GOALS.jsKb} KB (${GOALS.homeJsKb} KB on /), INP <= ${GOALS.inpMs} ms, ready <= ${GOALS.readyMs} ms`,
  );
  return failed;
}

main()
  .then(async (failed) => {
    await stopSite();
    process.exit(failed ? 1 : 0);
  })
  .catch(async (error) => {
    console.error(error);
    await stopSite();
    process.exit(2);
  });
