#!/usr/bin/env node
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { REMOTE_NAMES, type RemoteName } from "shared-types";
import type { ConsumerContract } from "./contracts.js";
import { checkContracts, countUses } from "./contracts-check.js";

/**
 * `fleet-contracts --remote leads`: run in a remote's own pipeline after its build. Checks the built
 * dist/mf-manifest.json (and its published data) against every consumer's declarations: the host's and each other
 * remote's src/contracts/consumes.ts, read from the repository (the declarations are the consumers' own code; no
 * other remote is built). Run with a TypeScript loader: `node --import tsx …`.
 */
const { values } = parseArgs({
  options: {
    remote: { type: "string" },
    dist: { type: "string", default: "dist" },
    /** Where the consumers' packages are (default: the repository this package is in). */
    consumers: { type: "string" },
  },
});

const remote = values.remote as RemoteName | undefined;
if (!remote || !REMOTE_NAMES.includes(remote)) {
  console.error(`usage: fleet-contracts --remote <${REMOTE_NAMES.join("|")}> [--dist dist] [--consumers <dir>]`);
  process.exit(2);
}

function repositoryRoot(from: string): string {
  let dir = resolve(from);
  while (dir !== dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { workspaces?: unknown }).workspaces) {
      return dir;
    }
    dir = dirname(dir);
  }
  throw new Error(`no repository root (a package.json with workspaces) above ${from}`);
}

const dist = resolve(values.dist ?? "dist");
const manifestFile = join(dist, "mf-manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`${manifestFile} does not exist: build the remote first`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as unknown;

const root = values.consumers ? resolve(values.consumers) : repositoryRoot(process.cwd());
// a hidden folder is a copy of a package (the e2e suite's), not a consumer of its own
const declarations = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
  .map((entry) => join(root, entry.name, "src/contracts/consumes.ts"))
  .filter((file) => existsSync(file));
const consumers: ConsumerContract[] = [];
for (const file of declarations) {
  const module = (await import(pathToFileURL(file).href)) as { default?: ConsumerContract };
  if (!module.default?.consumer) throw new Error(`${file} has no default export made with defineConsumes`);
  if (module.default.consumer !== remote) consumers.push(module.default);
}

const problems = checkContracts({
  provider: remote,
  manifest,
  consumers,
  readBuiltJson: (file) => {
    const path = join(dist, file);
    return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as unknown) : undefined;
  },
});
const uses = countUses(remote, consumers);
if (problems.length > 0) {
  console.error(`${remote}'s build breaks ${problems.length} of its consumers' uses:`);
  for (const problem of problems) console.error(`  - ${problem.consumer}: ${problem.message}`);
  process.exit(1);
}
const users = consumers.filter((c) => countUses(remote, [c]) > 0).map((c) => c.consumer);
console.log(
  `${remote}: ${uses} use(s) by ${users.join(", ") || "no consumer"} checked against ${manifestFile}: all served`,
);
