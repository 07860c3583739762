// npm run bench:web: Lighthouse (mobile, simulated throttling) on the composed, built site, median of 3 per route,
// against a static copy of each page served the same way (its server HTML with every script removed), plus the
// JavaScript each route downloads (gzip). Runs its own copy of the site on its own ports, with a fresh database.
// Not a test: the numbers go in the issue notes. CHROME_PATH overrides /usr/bin/chromium; RUNS overrides 3.
import { mkdtempSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import concurrently from "concurrently";
import lighthouse from "lighthouse";
import { buildMissing } from "./build-missing.mjs";

buildMissing();
const { servingCommands } = await import("./site-processes.mjs");

const PORTS = { site: 5273, api: 5280, staticCopy: 5299 };
const REMOTE_PORTS = { catalog: 5274, inventory: 5275, service: 5276, leads: 5277 };
const SITE = `http://localhost:${PORTS.site}`;
const STATIC = `http://localhost:${PORTS.staticCopy}`;
const RUNS = Number(process.env.RUNS ?? 3);
const GOALS = { score: 95, lcpRatio: 1.5, cls: 0.01, jsKb: 180, homeJsKb: 130 };

const { commands, result } = concurrently(
  servingCommands({
    sitePort: PORTS.site,
    apiPort: PORTS.api,
    remotePorts: REMOTE_PORTS,
    apiEnv: { DATA_DIR: mkdtempSync(join(tmpdir(), "fleet-bench-db-")), LOG_LEVEL: "warn" },
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
const stopSite = () => {
  for (const command of commands) command.kill("SIGTERM");
};

async function waitFor(url, timeoutMs = 90_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * The static copy: each page's server HTML without a single script (no module, no preload, no data block),
 * served from its own origin; everything else (CSS, images) comes from the site, as for the real page.
 */
const staticPages = new Map();
function startStaticCopy() {
  const server = createServer((req, res) => {
    const page = staticPages.get(req.url);
    if (page) {
      // compressed as the site sends its pages, so the comparison is of the pages, not of their transfer
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" })
        .end(gzipSync(page));
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
  const html = await (await fetch(`${SITE}${path}`)).text();
  const stripped = html
    .replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "");
  staticPages.set(path, stripped);
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

/** Every script the page downloaded during the run, measured as gzip (the server may send brotli). */
async function scriptsOf(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === "Script" && item.url.startsWith(SITE));
  let bytes = 0;
  for (const { url } of scripts) bytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
  return { count: scripts.length, kb: bytes / 1024 };
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
    await fetch(`${SITE}${path}`);
    await captureStaticCopy(path);
  }
  const staticServer = await startStaticCopy();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
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
    for (const path of routes) {
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
      const lcp = metric(site, "largest-contentful-paint");
      const staticLcp = metric(copy, "largest-contentful-paint");
      rows.push({
        path,
        score,
        lcp,
        staticLcp,
        ratio: lcp / staticLcp,
        cls: metric(site, "cumulative-layout-shift"),
        tbt: metric(site, "total-blocking-time"),
        fcp: metric(site, "first-contentful-paint"),
        scripts: js.count,
        jsKb: js.kb,
      });
      process.stdout.write(`measured ${path}\n`);
    }
  } finally {
    await chrome.kill();
    staticServer.close();
  }

  const pad = (text, width) => String(text).padEnd(width);
  console.log(
    `\nLighthouse ${RUNS}x per route (mobile, simulated throttling), median; JS = every script downloaded, gzip\n`,
  );
  console.log(
    `${pad("route", 44)}${pad("score", 7)}${pad("LCP ms", 8)}${pad("static", 8)}${pad("ratio", 7)}${pad("CLS", 7)}${pad("TBT ms", 8)}${pad("scripts", 9)}JS KB`,
  );
  let failed = false;
  for (const r of rows) {
    const jsGoal = r.path === "/" ? GOALS.homeJsKb : GOALS.jsKb;
    const misses = [
      r.score < GOALS.score && "score",
      r.ratio > GOALS.lcpRatio && "LCP ratio",
      r.cls > GOALS.cls && "CLS",
      r.jsKb > jsGoal && "JS",
    ].filter(Boolean);
    failed ||= misses.length > 0;
    console.log(
      `${pad(r.path.length > 42 ? `${r.path.slice(0, 39)}...` : r.path, 44)}${pad(r.score, 7)}${pad(Math.round(r.lcp), 8)}${pad(
        Math.round(r.staticLcp),
        8,
      )}${pad(r.ratio.toFixed(2), 7)}${pad(r.cls.toFixed(3), 7)}${pad(Math.round(r.tbt), 8)}${pad(r.scripts, 9)}${r.jsKb.toFixed(1)}${
        misses.length ? `   misses: ${misses.join(", ")}` : ""
      }`,
    );
  }
  console.log(
    `\ngoals: score >= ${GOALS.score}, LCP <= ${GOALS.lcpRatio}x the static copy, CLS <= ${GOALS.cls}, JS <= ${GOALS.jsKb} KB (${GOALS.homeJsKb} KB on /)`,
  );
  return failed;
}

main()
  .then((failed) => {
    stopSite();
    process.exit(failed ? 1 : 0);
  })
  .catch((error) => {
    console.error(error);
    stopSite();
    process.exit(2);
  });
