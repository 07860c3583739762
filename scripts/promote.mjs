// npm run promote -- <remote> <release id | current | manifest URL>
// Points the host at another release of one remote: one entry of the host's remote configuration changes
// (REMOTES_CONFIG_FILE, by default ./remotes.config.json, which `npm start` serves from). The running host reads
// it on every request: no restart, no rebuild. Rolling back is promoting the previous release, which this prints.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { REMOTE_NAMES } from "shared-types";
import { parseRemotesConfig } from "shared-types/schemas";
import { DEFAULT_REMOTES_CONFIG, REMOTES_CONFIG_FILE } from "./site-processes.mjs";

const [remote, target] = process.argv.slice(2);
if (!REMOTE_NAMES.includes(remote) || !target) {
  console.error(`usage: npm run promote -- <${REMOTE_NAMES.join("|")}> <release id | current | manifest URL>`);
  process.exit(2);
}

const root = new URL("../", import.meta.url).pathname;
const file = resolve(process.env.REMOTES_CONFIG_FILE || REMOTES_CONFIG_FILE);
const config = existsSync(file)
  ? parseRemotesConfig(JSON.parse(readFileSync(file, "utf8")), file)
  : DEFAULT_REMOTES_CONFIG;

let manifest;
if (target === "current") manifest = `/remotes/${remote}/mf-manifest.json`;
else if (/^(https?:\/\/|\/)/.test(target)) manifest = target;
else {
  // a release of this machine's remote: it must exist, or the host would compose with nothing
  const release = join(root, `mfe-${remote}`, "releases", target, "release.json");
  if (!existsSync(release)) {
    console.error(`${remote} has no release ${target} (no ${release}): npm run release -w mfe-${remote} makes one`);
    process.exit(1);
  }
  manifest = `/remotes/${remote}/releases/${target}/mf-manifest.json`;
}

const previous = config[remote];
const next = parseRemotesConfig({ ...config, [remote]: manifest }, "the new remote configuration");
// written whole, then moved into place: the host never reads half a file
const staging = `${file}.${process.pid}.tmp`;
writeFileSync(staging, `${JSON.stringify(next, null, 2)}\n`);
renameSync(staging, file);
console.log(`${remote}: ${previous} -> ${manifest} (${file})`);
const back =
  previous.match(/\/releases\/([^/]+)\/mf-manifest\.json$/)?.[1] ??
  (previous === `/remotes/${remote}/mf-manifest.json` ? "current" : previous);
console.log(`roll back: npm run promote -- ${remote} ${back}`);
