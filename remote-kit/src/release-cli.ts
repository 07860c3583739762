#!/usr/bin/env node
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { REMOTE_NAMES, type RemoteName } from "shared-types";
import { BUILD_BY_PRODUCTS, rewriteBuilt } from "./build-output.js";
import { RELEASES_DIR } from "./protocol.js";

/**
 * `fleet-release --remote leads`: after `npm run build`, files the build as an immutable release of this remote,
 * releases/{version}-{content hash}/ (browser/ and server/), served by the remote's server at
 * /releases/{id}/… and cached for a year. Releasing the same build twice changes nothing. Prints the line that
 * promotes it: the host's remote configuration pointed at /remotes/{remote}/releases/{id}/mf-manifest.json.
 *
 * --from <dir>     where dist/ and dist-server/ are (default: here); a previous release's build, say
 * --version <v>    the release's version (default: package.json's)
 * --into <dir>     where releases are kept (default: ./releases)
 */
const { values } = parseArgs({
  options: {
    remote: { type: "string" },
    from: { type: "string", default: "." },
    version: { type: "string" },
    into: { type: "string", default: RELEASES_DIR },
  },
});
function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

const remote = values.remote as RemoteName | undefined;
if (!remote || !REMOTE_NAMES.includes(remote)) {
  refuse(`usage: fleet-release --remote <${REMOTE_NAMES.join("|")}> [--from dir] [--version v] [--into dir]`);
}

const from = resolve(values.from);
const browser = join(from, "dist");
const server = join(from, "dist-server");
for (const dir of [browser, server]) {
  if (!existsSync(dir)) refuse(`${dir} does not exist: build the remote first (npm run build)`);
}
const version =
  values.version ?? (JSON.parse(readFileSync(join(from, "package.json"), "utf8")) as { version: string }).version;
if (!/^[0-9A-Za-z][0-9A-Za-z.+_-]{0,60}$/.test(version)) {
  refuse(`"${version}" cannot be part of a release's address (letters, digits, . + _ -)`);
}

const kept = (dir: string) => (file: string) =>
  !BUILD_BY_PRODUCTS.some((p) => p.test(`/${relative(dir, file).replaceAll("\\", "/")}`));

// the release's identity is its content: the same build is the same release
const hash = createHash("sha256");
for (const [label, dir] of Object.entries({ browser, server })) {
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()) {
    const file = join(dir, name);
    if (statSync(file).isFile() && kept(dir)(file)) hash.update(`${label}/${name}\0`).update(readFileSync(file));
  }
}
const id = `${version}-${hash.digest("hex").slice(0, 10)}`;
const into = resolve(values.into);
const target = join(into, id);

if (existsSync(target)) {
  console.log(`${remote} ${id} is already released (a release never changes)`);
} else {
  // not a git checkout: the release records no commit
  const commit = spawnSync("git", ["rev-parse", "HEAD"], { cwd: from, encoding: "utf8" }).stdout?.trim() || null;
  const staging = join(into, `.staging-${id}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  cpSync(browser, join(staging, "browser"), { recursive: true, filter: kept(browser) });
  cpSync(server, join(staging, "server"), { recursive: true });
  // the release's manifest says which release it is: the host names it in each page it composes with it
  const manifestFile = join(staging, "browser", "mf-manifest.json");
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { metaData?: Record<string, unknown> };
  manifest.metaData = { ...manifest.metaData, release: { id, version, commit } };
  await rewriteBuilt(manifestFile, JSON.stringify(manifest, null, 2));
  const release = { remote, id, version, commit, releasedAt: new Date().toISOString() };
  writeFileSync(join(staging, "release.json"), `${JSON.stringify(release, null, 2)}\n`);
  // appears whole or not at all: a half-copied release is never served
  renameSync(staging, target);
  console.log(`released ${remote} ${id}${commit ? ` (commit ${commit.slice(0, 12)})` : ""}`);
}
console.log(`promote: npm run promote -- ${remote} ${id}`);
console.log(
  `         (sets "${remote}": "/remotes/${remote}/${RELEASES_DIR}/${id}/mf-manifest.json" in the host's REMOTES_CONFIG_FILE)`,
);
