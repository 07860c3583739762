// npm run bench:stack: requests per second from the production stack (deploy/compose.yaml) over HTTPS, through
// Caddy and Varnish, for the rows `npm run bench:load` measures on `npm start`: a file, pages the caches hold (hits),
// and pages no cache holds (misses: a different unit's page each request). autocannon speaks HTTP/1.1 over TLS.
// Bring the stack up first with enough units and no read limit for one visitor:
//   SEED_VEHICLES=3000 READ_RATE_LIMIT_MAX=100000000 deploy/test-stack.sh up
import autocannon from "autocannon";
import { Agent, fetch } from "undici";

const SITE = process.env.STACK_SITE ?? "https://site.fleet.test";
const DURATION = Number(process.env.DURATION ?? 10);
const { hostname } = new URL(SITE);
// the site's name, at this machine's port 443, with Caddy's own certificate (`tls internal`) taken as it is
const local = new Agent({
  connect: { rejectUnauthorized: false, lookup: (_h, _o, done) => done(null, [{ address: "127.0.0.1", family: 4 }]) },
});
const get = async (path) => (await fetch(`${SITE}${path}`, { dispatcher: local })).text();

const units = [...(await get("/sitemap.xml")).matchAll(/\/inventory\/vehicle\/([\w-]+)</g)].map((m) => m[1]);
if (units.length < 100)
  throw new Error(`the stack's sitemap has ${units.length} units: bring it up with SEED_VEHICLES`);
const [vehicle, ...others] = units;
let next = 0;
const newUnitPage = () => `/inventory/vehicle/${others[next++ % others.length]}`;
const br = { "accept-encoding": "br, gzip" };

const load = (path, vary) =>
  new Promise((resolve, reject) =>
    autocannon(
      {
        url: `https://127.0.0.1${path}`,
        servername: hostname,
        headers: { host: hostname, ...br },
        connections: 16,
        duration: DURATION,
        ...(vary ? { requests: [{ setupRequest: (request) => ({ ...request, path: vary() }) }] } : {}),
      },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    ),
  );

const rows = [
  ["/favicon.svg", "a file", "/favicon.svg"],
  ["home page, brotli", "hit: Varnish", "/"],
  ["vehicle page, brotli", "hit: Varnish", `/inventory/vehicle/${vehicle}`],
  ["inventory search page, brotli", "hit: Varnish", "/inventory"],
  [`vehicle page, a different unit each request (of ${others.length}), brotli`, "miss", "/", newUnitPage],
];
console.log(
  `| ${SITE}, over HTTPS (Caddy, Varnish, 2 hosts, 2 APIs, PostgreSQL) | answered | requests/s | p50 ms | p99 ms | non-2xx |`,
);
console.log("|---|---|---|---|---|---|");
for (const [what, kind, path, vary] of rows) {
  for (let i = 0; i < 50; i++) await get(path); // warm: the hits are held, the servers' code compiled
  const outcome = await load(path, vary);
  const askedAgain = vary && next > others.length ? ` (${next - others.length} asked again)` : "";
  console.log(
    `| ${what}${askedAgain} | ${kind} | ${Math.round(outcome.requests.average)} | ${outcome.latency.p50} | ${outcome.latency.p99} | ${outcome.non2xx} |`,
  );
}
await local.close();
