#!/usr/bin/env node
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { REMOTE_NAMES, type RemoteName } from "shared-types";
import type { ConsumerContract } from "./contracts.js";
import { checkContracts, usesOf } from "./contracts-check.js";

/**
 * `fleet-contracts --remote leads`: run in a remote's own pipeline after its build. Checks the built
 * dist/mf-manifest.json (and its published data) against every consumer's declarations: the host's and each other
 * remote's src/contracts/consumes.ts, read from the repository (the declarations are the consumers' own code; no
 * other remote is built). Run with a TypeScript loader: `node --import tsx …`.
 */
const { values } = parseArgs({
  options: {
    remote: { type: "string" },
    /** Where the consumers' packages are (default: the repository this package is in). */
    consumers: { type: "string" },
  },
});

const remote = values.remote as RemoteName | undefined;
if (!remote || !REMOTE_NAMES.includes(remote)) {
  console.error(`usage: fleet-contracts --remote <${REMOTE_NAMES.join("|")}> [--consumers <dir>]`);
  process.exit(2);
}

const readBuiltJson = (file: string): unknown =>
  existsSync(resolve("dist", file)) ? JSON.parse(readFileSync(resolve("dist", file), "utf8")) : undefined;
const manifestFile = resolve("dist/mf-manifest.json");
const manifest = readBuiltJson("mf-manifest.json");
if (manifest === undefined) {
  console.error(`${manifestFile} does not exist: build the remote first`);
  process.exit(2);
}

// this kit's own repository: it is remote-kit/src/ or remote-kit/dist/ in it
const root = resolve(values.consumers ?? join(import.meta.dirname, "../.."));
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

const problems = checkContracts({ provider: remote, manifest, consumers, readBuiltJson });
if (problems.length > 0) {
  console.error(`${remote}'s build breaks ${problems.length} of its consumers' uses:`);
  for (const problem of problems) console.error(`  - ${problem.consumer}: ${problem.message}`);
  process.exit(1);
}
const users = consumers.filter((consumer) => usesOf(remote, consumer).length > 0);
const uses = users.flatMap((consumer) => usesOf(remote, consumer)).length;
const by = users.map((user) => user.consumer).join(", ") || "no consumer";
console.log(`${remote}: ${uses} use(s) by ${by} checked against ${manifestFile}: all served`);
