// node scripts/release-previous.mjs [remote ...]
// Builds each remote as it was at its last release (releases.json: the commit it was last released from) and
// files that build as a release of today's remote server (mfe-<name>/releases/<version>-<hash>), so today's host
// can compose with it: the N-1 compatibility suite (e2e/tests/previous-release.spec.ts) runs on these. Prints, and
// writes to $TMPDIR/fleet-previous-releases.json, which release id each remote got.
//
// The previous commit is checked out in a git worktree beside this one; its node_modules are this checkout's
// (same lock file), except the workspace packages, which are the worktree's own (a remote is built with the
// contracts and the kit of its own release), and any library this checkout has dropped since, installed at the
// release's own version.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../", import.meta.url).pathname;
const released = JSON.parse(readFileSync(join(root, "releases.json"), "utf8"));
const remotes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["catalog", "inventory", "service", "leads"];
const bin = (name) => join(root, "node_modules/.bin", name);
const run = (command, args, cwd, env = {}) =>
  execFileSync(command, args, {
    cwd,
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
// a release is a production build whoever runs this: a caller's NODE_ENV=development (a test process that started
// a Vite dev server has it) would build its renderer with React's development JSX, which production React lacks
const PRODUCTION = { NODE_ENV: "production" };

const WORKSPACES = new Set(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).workspaces);

/** A checkout of `commit` with this checkout's dependencies and its own workspace packages, built once. */
function worktreeAt(commit) {
  // one per checkout and commit: two clones on one machine never share a worktree
  const dir = join(
    tmpdir(),
    `fleet-release-${commit.slice(0, 12)}-${createHash("sha256").update(root).digest("hex").slice(0, 8)}`,
  );
  if (!existsSync(join(dir, ".git"))) {
    rmSync(dir, { recursive: true, force: true });
    try {
      run("git", ["worktree", "prune"], root);
    } catch {
      // nothing to prune
    }
    run("git", ["worktree", "add", "--detach", "--force", dir, commit], root);
  }
  const modules = join(dir, "node_modules");
  if (!existsSync(modules)) {
    mkdirSync(modules);
    for (const entry of readdirSync(join(root, "node_modules"))) {
      if (entry === ".bin" || entry.startsWith(".")) continue;
      const own = WORKSPACES.has(entry) && existsSync(join(dir, entry));
      symlinkSync(own ? join(dir, entry) : join(root, "node_modules", entry), join(modules, entry));
    }
    symlinkSync(join(root, "node_modules/.bin"), join(modules, ".bin"));
    installDropped(dir, modules);
  }
  for (const library of ["shared-types", "server-kit", "remote-kit"]) {
    if (!existsSync(join(dir, library))) continue;
    if (!existsSync(join(dir, library, "dist"))) run(bin("tsc"), ["-b"], join(dir, library));
  }
  return dir;
}

/**
 * What the release depended on that this checkout has since dropped (a library a team replaced): installed beside
 * the worktree at the version the release's own lock file names, and linked in, so the release builds as it was.
 */
function installDropped(dir, modules) {
  const lock = JSON.parse(readFileSync(join(dir, "package-lock.json"), "utf8")).packages ?? {};
  const dropped = new Set();
  for (const workspace of WORKSPACES) {
    const manifest = join(dir, workspace, "package.json");
    if (!existsSync(manifest)) continue;
    const { dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync(manifest, "utf8"));
    for (const name of Object.keys({ ...dependencies, ...devDependencies })) {
      if (!WORKSPACES.has(name) && !existsSync(join(modules, name))) dropped.add(name);
    }
  }
  if (dropped.size === 0) return;
  const extra = join(dir, ".dropped-dependencies");
  const specs = [...dropped].map((name) => `${name}@${lock[`node_modules/${name}`]?.version ?? "latest"}`);
  // without their peers (React above all): those are this checkout's, so the release runs on the one React the page has
  run(
    "npm",
    [
      "install",
      "--prefix",
      extra,
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      "--legacy-peer-deps",
      ...specs,
    ],
    dir,
  );
  for (const name of dropped) {
    const scope = name.startsWith("@") ? name.split("/")[0] : null;
    if (scope && lstatSync(join(modules, scope), { throwIfNoEntry: false })?.isSymbolicLink()) {
      // this checkout's scope, linked whole: made a folder of links, so nothing is added to this checkout's own
      rmSync(join(modules, scope));
      mkdirSync(join(modules, scope));
      for (const entry of readdirSync(join(root, "node_modules", scope))) {
        symlinkSync(join(root, "node_modules", scope, entry), join(modules, scope, entry));
      }
    } else if (scope && !existsSync(join(modules, scope))) mkdirSync(join(modules, scope));
    if (existsSync(join(extra, "node_modules", name)))
      symlinkSync(join(extra, "node_modules", name), join(modules, name));
  }
}

/** The libraries installed beside a worktree (installDropped), each the folder to copy into a release. */
function droppedOf(dir) {
  const extra = join(dir, ".dropped-dependencies", "node_modules");
  if (!existsSync(extra)) return [];
  return readdirSync(extra).flatMap((entry) =>
    entry.startsWith("@")
      ? readdirSync(join(extra, entry)).map((name) => `${entry}/${name}`)
      : entry.startsWith(".")
        ? []
        : [entry],
  );
}

const ids = {};
for (const remote of remotes) {
  const entry = released[remote];
  if (!entry?.commit) throw new Error(`releases.json names no released commit for ${remote}`);
  const checkout = worktreeAt(entry.commit);
  const pkg = join(checkout, `mfe-${remote}`);
  if (!existsSync(join(pkg, "dist-server/server-entry.js"))) {
    run(bin("vite"), ["build", "--logLevel", "warn"], pkg, PRODUCTION);
    run(bin("vite"), ["build", "--ssr", "src/server-entry.tsx", "--logLevel", "warn"], pkg, PRODUCTION);
  }
  const output = run(
    process.execPath,
    [
      join(root, "remote-kit/dist/release-cli.js"),
      "--remote",
      remote,
      "--from",
      pkg,
      "--version",
      `${entry.version}-previous`,
      "--into",
      join(root, `mfe-${remote}`, "releases"),
    ],
    root,
  );
  const id = output.match(/promote: npm run promote -- \S+ (\S+)/)?.[1];
  if (!id) throw new Error(`no release id in: ${output}`);
  // its renderer imports what it was built with: a library this checkout dropped goes with the release
  for (const name of droppedOf(checkout)) {
    cpSync(
      join(checkout, ".dropped-dependencies", "node_modules", name),
      join(root, `mfe-${remote}`, "releases", id, "node_modules", name),
      {
        recursive: true,
        dereference: true,
      },
    );
  }
  ids[remote] = id;
  console.log(`${remote}: ${entry.commit.slice(0, 12)} -> release ${id}`);
}
const record = join(tmpdir(), "fleet-previous-releases.json");
writeFileSync(record, JSON.stringify(ids, null, 2));
console.log(record);
