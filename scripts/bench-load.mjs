// npm run bench:load: how many visitors the site serves on this machine (autocannon, 16 connections, DURATION s
// each, default 10), for a file, the host's script bundle, and the pages, compressed as browsers ask for them; with
// Varnish in front (scripts/shared-cache.mjs) when varnishd is installed; for the misses, the CPU each process spent
// per page. Also what compressing one page costs at each setting. Runs its own copy of the site on its own ports,
// with a fresh database. Not a test: the numbers go in the issue notes.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import autocannon from "autocannon";
import concurrently from "concurrently";
import { buildMissing } from "./build-missing.mjs";

buildMissing();
const { assertPortsFree, servingCommands, stopOnCrash, stopServing, waitFor } = await import("./site-processes.mjs");
const { DYNAMIC_COMPRESSION } = await import("server-kit");
const { emptyInventoryFilter, INVENTORY_PAGE_SIZE, inventoryQueryToParams, inventoryViewToParams } = await import(
  "shared-types"
);

const PORTS = { site: 5373, api: 5380, cache: 5381 };
const REMOTE_PORTS = { catalog: 5374, inventory: 5375, service: 5376, leads: 5377 };
const SITE = `http://127.0.0.1:${PORTS.site}`;
const CACHE = `http://127.0.0.1:${PORTS.cache}`;
const DURATION = Number(process.env.DURATION ?? 10);
/**
 * Vehicle misses asked for before the misses are measured, not counted, once the API is idle (apiSettled): what is
 * measured is the site running (its code compiled, the API's units read ahead), not the site starting. A number of
 * pages, not seconds: the units they take are kept from the measured run's, however fast the site is.
 */
const WARMUP = Number(process.env.WARMUP ?? 500);
/** BENCH_ONLY=miss (or hit, file): only the rows answered that way, for a quick look at what a change touched. */
const ONLY = { miss: "miss", hit: "hit", file: "a file" }[process.env.BENCH_ONLY ?? ""] ?? "";
const MISS_UNITS = 5000;
const root = new URL("../", import.meta.url).pathname;
const withVarnish = spawnSync("varnishd", ["-V"]).status === 0;
await assertPortsFree([...Object.values(PORTS), PORTS.api + 10, PORTS.api + 11, ...Object.values(REMOTE_PORTS)]);

let shells = 0;
const { commands, result } = concurrently(
  servingCommands({
    sitePort: PORTS.site,
    apiPort: PORTS.api,
    apiInternalPort: PORTS.api + 10,
    apiStaffPort: PORTS.api + 11,
    remotePorts: REMOTE_PORTS,
    apiEnv: {
      DATA_DIR: mkdtempSync(join(tmpdir(), "fleet-bench-load-db-")),
      LOG_LEVEL: "warn",
      // the load is one visitor (127.0.0.1) asking far faster than a person
      READ_RATE_LIMIT_MAX: "100000000",
      // enough units that a run of misses (a different unit's page each request) never asks for one twice
      SEED_VEHICLES: String(MISS_UNITS),
    },
    hostEnv: { HOST: "127.0.0.1", ...(withVarnish ? { SHARED_CACHE_PURGE_URLS: CACHE } : {}) },
  }),
  {
    prefix: "name",
    cwd: root,
    // the site's own log: a page served without its remote's render (the shell) would be counted as an answer
    outputStream: new Writable({
      write: (chunk, _encoding, done) => {
        shells += String(chunk).split("served the shell").length - 1;
        done();
      },
    }),
  },
);
result.catch(() => {});
const varnish = withVarnish
  ? spawn(
      process.execPath,
      ["scripts/shared-cache.mjs", "--port", String(PORTS.cache), "--backend", `127.0.0.1:${PORTS.site}`],
      { cwd: root, stdio: "ignore" },
    )
  : null;
const stop = () => stopServing(commands, result, varnish ? [varnish] : []);
stopOnCrash(stop);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** What compressing one page costs: the median of 30, in ms, and the size it comes to. */
function compressionCost(html) {
  const buffer = Buffer.from(html);
  const time = (compress) => {
    const runs = [];
    let size = 0;
    for (let i = 0; i < 30; i++) {
      const started = process.hrtime.bigint();
      size = compress(buffer).length;
      runs.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return { ms: median(runs), kb: size / 1024 };
  };
  const brotli = (quality) => (b) =>
    brotliCompressSync(b, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: b.length },
    });
  const now = DYNAMIC_COMPRESSION.brotliOptions.params[constants.BROTLI_PARAM_QUALITY];
  const gzipNow = DYNAMIC_COMPRESSION.zlibOptions.level;
  return [
    [`brotli ${now} (a page as it is made)`, time(brotli(now))],
    [`gzip ${gzipNow} (a page as it is made)`, time((b) => gzipSync(b, { level: gzipNow }))],
    ["brotli 2 (pages as they were made before)", time(brotli(2))],
    ["brotli 5 (a page kept, once it is served again)", time(brotli(5))],
    ["gzip 6 (a page kept, once it is served again)", time((b) => gzipSync(b, { level: 6 }))],
    ["brotli 11 (brotli's default)", time(brotli(11))],
  ];
}

/**
 * The site's Node processes (Linux's /proc; none elsewhere), each with its label: its package (api, host,
 * mfe-inventory…), its script for one run from the repository's root, "autocannon" for this script.
 */
function siteProcesses() {
  if (!existsSync("/proc/self/stat")) return [];
  const top = root.replace(/\/$/, "");
  const found = [];
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (!/(^|\/)node$/.test(command[0] ?? "") || command.some((arg) => /npm/.test(arg))) continue;
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (!cwd.startsWith(top)) continue;
      const label =
        Number(pid) === process.pid
          ? "autocannon"
          : cwd === top
            ? (command[1] ?? "site").replace(/.*\//, "")
            : cwd.replace(root, "");
      found.push({ pid, label });
    } catch {
      // gone since it was listed
    }
  }
  return found;
}

/** A value read from each of the site's processes (siteProcesses), summed by label; one that is gone is left out. */
function byProcess(read, { withAutocannon = true } = {}) {
  const sums = {};
  for (const { pid, label } of siteProcesses()) {
    if (label === "autocannon" && !withAutocannon) continue;
    try {
      sums[label] = (sums[label] ?? 0) + read(pid);
    } catch {
      // gone since it was listed
    }
  }
  return sums;
}

/** The CPU time (ms) each of the site's processes has used so far (this script's, autocannon's, too). */
const cpuByProcess = () =>
  byProcess((pid) => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / (100 / 1000); // USER_HZ ticks
  });

/**
 * Each of the site's servers' resident memory (MB) now: what they hold once they have made pages at full load (a
 * server's young generation grows to its --max-semi-space-size under it).
 */
const residentByProcess = () =>
  byProcess((pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024, {
    withAutocannon: false,
  });

/**
 * Resolves once the API has been idle for half a second (at most 20 s): after it starts it reads its units ahead
 * (about 4 s for 5,000), which a run of misses measured right after the start would count. Elsewhere than Linux,
 * at once.
 */
async function apiSettled() {
  const started = Date.now();
  let before = cpuByProcess().api;
  while (before !== undefined && Date.now() - started < 20_000) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuByProcess().api ?? before;
    if (now - before < 25) return;
    before = now;
  }
}

/** `url` at 16 connections; `vary` gives each request an address of its own (a path and query) when set. */
function load(url, headers = {}, vary, { duration = DURATION, amount } = {}) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 16,
        ...(amount ? { amount } : { duration }),
        headers,
        ...(vary ? { requests: [{ setupRequest: (request) => ({ ...request, path: vary() }) }] } : {}),
      },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    );
  });
}

try {
  await Promise.all([waitFor(`${SITE}/robots.txt`), waitFor(`http://127.0.0.1:${PORTS.api}/api/health`)]);
  if (withVarnish) await waitFor(`${CACHE}/robots.txt`);
  const vehicle = (await (await fetch(`http://127.0.0.1:${PORTS.api}/api/inventory/all/?page_size=1`)).json())
    .vehicles[0].stock_number;
  // every unit on offer but the one the hits ask for: each miss asks for a page no one has asked for
  const units = (await (await fetch(`http://127.0.0.1:${PORTS.api}/api/inventory/sitemap`)).json())
    .map((unit) => unit.stock_number)
    .filter((stock) => stock !== vehicle);
  let nextUnit = 0;
  const newUnitPage = () => `/inventory/vehicle/${units[nextUnit++ % units.length]}`;
  // a search no one has made: each page that has results, in each order, of each of the models' words and of each
  // make new and used
  const searches = [];
  const views = [
    ...["", "isuzu", "chevrolet", "gmc", "silverado", "sierra", "express", "savana", "nrr", "npr"].map((search) => ({
      search,
      filter: emptyInventoryFilter(),
    })),
    ...["new", "used"].flatMap((condition) =>
      ["Chevrolet", "GMC", "Isuzu"].map((make) => ({
        search: "",
        filter: { ...emptyInventoryFilter(), make: [make], condition: [condition] },
      })),
    ),
  ];
  for (const view of views) {
    const counted = inventoryQueryToParams({ ...view, page_size: 1 });
    const { size } = await (await fetch(`http://127.0.0.1:${PORTS.api}/api/inventory/all/?${counted}`)).json();
    for (const sort of ["age_desc", "age_asc", "price_asc", "price_desc", "discount"])
      for (let page = 2; page <= Math.ceil(size / INVENTORY_PAGE_SIZE); page++)
        searches.push(`/inventory?${inventoryViewToParams({ ...view, sort, page })}`);
  }
  let nextSearch = 0;
  const newSearch = () => searches[nextSearch++ % searches.length];
  // once a list of addresses runs out it starts over, and the host's cache holds what it answers: said in the row
  const askedAgain = () => Math.max(0, nextUnit - units.length) + Math.max(0, nextSearch - searches.length);
  const assets = join(root, "host/dist/assets");
  const bundle = readdirSync(assets)
    .filter((f) => f.endsWith(".js"))
    .sort((a, b) => statSync(join(assets, b)).size - statSync(join(assets, a)).size)[0];
  const br = { "accept-encoding": "br, gzip" };
  const gzip = { "accept-encoding": "gzip" };
  // [what, which kind of answer, url, headers, a new address per request]
  const targets = [
    ["/favicon.svg (what the machine serves at best)", "a file", `${SITE}/favicon.svg`, {}],
    [`the host's largest script (${bundle}), brotli`, "a file", `${SITE}/assets/${bundle}`, br],
    ["the same script, uncompressed", "a file", `${SITE}/assets/${bundle}`, {}],
    ["home page, brotli", "hit: host cache", `${SITE}/`, br],
    ["vehicle page, brotli", "hit: host cache", `${SITE}/inventory/vehicle/${vehicle}`, br],
    ["vehicle page, gzip", "hit: host cache", `${SITE}/inventory/vehicle/${vehicle}`, gzip],
    ["inventory search page, brotli", "hit: host cache", `${SITE}/inventory`, br],
    [
      `vehicle page, a different unit each request (of ${units.length.toLocaleString("en-CA")}), brotli`,
      "miss: an address no one asked for",
      `${SITE}/inventory/vehicle/${vehicle}`,
      br,
      newUnitPage,
    ],
    [
      `inventory page, a different search each request (of ${searches.length.toLocaleString("en-CA")}), brotli`,
      "miss: an address no one asked for",
      `${SITE}/inventory`,
      br,
      newSearch,
    ],
    // a visitor (or a bot) adding a parameter no page reads: a 301 to the page's own address, which a cache holds,
    // never a page made for it (the public edge issue's finding)
    [
      "vehicle page with a new unknown parameter each request (301 to the cached page)",
      "a redirect",
      `${SITE}/inventory/vehicle/${vehicle}`,
      br,
      () => `/inventory/vehicle/${vehicle}?utm_x=${Math.random().toString(36).slice(2)}`,
    ],
    ...(withVarnish
      ? [
          ["vehicle page through Varnish, gzip", "hit: Varnish", `${CACHE}/inventory/vehicle/${vehicle}`, gzip],
          ["inventory search page through Varnish, gzip", "hit: Varnish", `${CACHE}/inventory`, gzip],
        ]
      : []),
  ];
  const measured = targets.filter(([, kind]) => kind.startsWith(ONLY));
  // every page once, so what is measured is serving it, not making it the first time
  for (const [, , url, headers, vary] of measured) if (!vary) await fetch(url, { headers });

  const rows = [];
  const cpuRows = [];
  let warmed = WARMUP === 0;
  for (const [name, kind, url, headers, vary] of measured) {
    if (kind.startsWith("miss") && !warmed) {
      await apiSettled();
      // units of their own: a measured miss never asks for a page the warm-up made
      await load(`${SITE}/inventory/vehicle/${vehicle}`, br, newUnitPage, { amount: WARMUP });
      warmed = true;
    }
    const shellsBefore = shells;
    const askedAgainBefore = askedAgain();
    const cpuBefore = cpuByProcess();
    const outcome = await load(url, headers, vary);
    const cpuAfter = cpuByProcess();
    const shellsServed = shells - shellsBefore;
    const repeats = askedAgain() - askedAgainBefore;
    if (kind.startsWith("miss") && outcome.requests.total > 0) {
      const perPage = Object.entries(cpuAfter)
        .map(([label, ms]) => [label, (ms - (cpuBefore[label] ?? ms)) / outcome.requests.total])
        .filter(([, ms]) => ms >= 0.05)
        .sort((a, b) => b[1] - a[1]);
      const total = perPage.reduce((sum, [, ms]) => sum + ms, 0);
      cpuRows.push(
        `| ${name} | ${perPage.map(([label, ms]) => `${label} ${ms.toFixed(1)}`).join(", ")} | ${total.toFixed(1)} |`,
      );
    }
    rows.push(
      `| ${name} | ${kind} | ${Math.round(outcome.requests.average).toLocaleString("en-CA")} | ${outcome.latency.p50} | ${outcome.latency.p99} | ${outcome.non2xx}${shellsServed > 0 ? ` (and ${shellsServed} shells without their remote's part)` : ""}${repeats > 0 ? ` (and ${repeats} addresses asked before: not misses)` : ""} |`,
    );
  }
  const resident = Object.entries(residentByProcess()).sort((a, b) => b[1] - a[1]);
  const html = await (
    await fetch(`${SITE}/inventory/vehicle/${vehicle}`, { headers: { "accept-encoding": "identity" } })
  ).text();
  console.log(
    `\nautocannon, 16 connections, ${DURATION} s each, one run, this machine${WARMUP > 0 && measured.some(([, kind]) => kind.startsWith("miss")) ? `; ${WARMUP} vehicle misses before the misses, not counted` : ""}\n`,
  );
  console.log("| target | answered from | req/s | p50 ms | p99 ms | non-2xx |\n|---|---|---|---|---|---|");
  console.log(rows.join("\n"));
  if (cpuRows.length > 0) {
    console.log(
      "\nCPU per page made anew, by process (ms of CPU time over the run, from /proc, divided by the pages made; the machine's cores give 1,000 ms a second each)\n",
    );
    console.log("| target | by process | all |\n|---|---|---|");
    console.log(cpuRows.join("\n"));
  }
  if (resident.length > 0) {
    console.log("\nResident memory by process once every row has run (MB, from /proc)\n");
    console.log(`| ${resident.map(([label]) => label).join(" | ")} |\n|${"---|".repeat(resident.length)}`);
    console.log(`| ${resident.map(([, mb]) => mb.toFixed(0)).join(" | ")} |`);
  }
  console.log(`\nCompressing the vehicle page (${(html.length / 1024).toFixed(0)} KB), median of 30\n`);
  console.log("| setting | ms | KB |\n|---|---|---|");
  for (const [name, { ms, kb }] of compressionCost(html))
    console.log(`| ${name} | ${ms.toFixed(2)} | ${kb.toFixed(1)} |`);
} finally {
  await stop();
}
process.exit(0);
