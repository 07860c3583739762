// npm run cache: Varnish (Debian's varnish and varnish-modules) in front of the site, as a deployment on more than one
// machine would run it. Pages are served from it; the hosts purge it by tag (SHARED_CACHE_PURGE_URLS) with the
// shared secret (SHARED_CACHE_PURGE_SECRET), and trust it as their proxy (TRUST_PROXY): it prints what to set.
//   npm run cache -- [--port 6081] [--backend 127.0.0.1:4173 ...] [--purge-secret <32+ characters>]
// Each --backend is a host server (round robin, health-checked); by default the one `npm start` runs.

import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.CACHE_PORT ?? "6081" },
    backend: { type: "string", multiple: true, default: [`127.0.0.1:${process.env.PORT ?? 4173}`] },
    memory: { type: "string", default: "256m" },
    "purge-secret": { type: "string", default: process.env.SHARED_CACHE_PURGE_SECRET ?? "" },
  },
});
const purgeSecret = values["purge-secret"] || randomBytes(32).toString("base64url");
if (!/^[A-Za-z0-9_.~-]{32,}$/.test(purgeSecret)) {
  console.error("--purge-secret (SHARED_CACHE_PURGE_SECRET): at least 32 letters, digits or -._~");
  process.exit(1);
}

if (spawnSync("varnishd", ["-V"]).status !== 0) {
  console.error("varnishd is not installed: apt-get install varnish varnish-modules");
  process.exit(1);
}

const workDir = join(tmpdir(), `fleet-varnish-${values.port}`);
rmSync(workDir, { recursive: true, force: true });
mkdirSync(workDir, { recursive: true });
const backends = values.backend.map((address, i) => {
  const [host, port] = address.split(":");
  return { name: `host${i}`, host, port };
});
const vcl = `vcl 4.1;
import directors;
import std;
import xkey;

${backends
  .map(
    (b) => `backend ${b.name} {
  .host = "${b.host}";
  .port = "${b.port}";
  .first_byte_timeout = 15s;
  .probe = { .url = "/robots.txt"; .interval = 2s; .timeout = 1s; .window = 3; .threshold = 2; }
}`,
  )
  .join("\n")}

sub vcl_init {
  new site = directors.round_robin();
${backends.map((b) => `  site.add_backend(${b.name});`).join("\n")}
}

acl purgers {
  "127.0.0.1";
  "::1";
}

# this cache is where visitors arrive, over plain HTTP: what a client says of its own address or protocol is not
# believed
sub fleet_forwarded {
  set req.http.x-forwarded-for = client.ip;
  set req.http.x-forwarded-proto = "http";
}

include "${new URL("../cache/fleet.vcl", import.meta.url).pathname}";

sub fleet_purge_secret {
  if (req.http.x-purge-secret != "${purgeSecret}") {
    return (synth(403, "A purge needs the shared secret"));
  }
}
`;
const vclFile = join(workDir, "site.vcl");
writeFileSync(vclFile, vcl);

const varnish = spawn(
  "varnishd",
  ["-F", "-n", workDir, "-a", `127.0.0.1:${values.port}`, "-f", vclFile, "-s", `malloc,${values.memory}`],
  { stdio: "inherit" },
);
console.log(
  `shared cache serving http://localhost:${values.port} in front of ${values.backend.join(", ")}; start each host with\n` +
    `  SHARED_CACHE_PURGE_URLS=http://127.0.0.1:${values.port} SHARED_CACHE_PURGE_SECRET=${values["purge-secret"] ? "<the secret given>" : purgeSecret} TRUST_PROXY=127.0.0.1`,
);
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => varnish.kill("SIGTERM"));
varnish.on("exit", (code) => process.exit(code ?? 0));
