import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openPglite } from "../src/db/database.js";
import { keepPrivate, makePrivate, type PrivateFilesFs } from "../src/security/private-files.js";
import { readCliToken, writeCliToken } from "../src/staff/cli-token.js";

const API_DIR = new URL("..", import.meta.url).pathname;
const runningAsRoot = process.geteuid?.() === 0;
const modeOf = (path: string) => fs.lstatSync(path).mode & 0o777;

/** Every entry under `root` (itself included) whose mode lets group or other in, with that mode in octal. */
function openToOthers(root: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stats = fs.lstatSync(path);
    if (stats.mode & 0o077) found.push(`${path} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const entry of fs.readdirSync(path)) visit(join(path, entry));
  };
  visit(root);
  return found;
}

let umaskBefore: number;
let scratch: string;
beforeEach(() => {
  umaskBefore = process.umask(0);
  scratch = fs.mkdtempSync(join(tmpdir(), "private-files-"));
});
afterEach(() => {
  process.umask(umaskBefore);
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** What an older version left: folders 0777 and files 0666, as PGlite wrote them under a 000 umask. */
function olderVersionsTree(): { root: string; folders: string[]; files: string[] } {
  const root = join(scratch, "data");
  const folders = [root, join(root, "base"), join(root, "base", "5")];
  const files = [
    join(root, "PG_VERSION"),
    join(root, "base", "5", "1247"),
    join(root, "base", "5", "pg_internal.init"),
  ];
  for (const folder of folders) fs.mkdirSync(folder, { mode: 0o777 });
  for (const file of files) fs.writeFileSync(file, "x", { mode: 0o666 });
  return { root, folders, files };
}

describe("keepPrivate", () => {
  it("takes group and other off an older version's tree: folders 0700, files 0600", () => {
    const { root, folders, files } = olderVersionsTree();
    expect(folders.map(modeOf)).toEqual([0o777, 0o777, 0o777]);
    expect(files.map(modeOf)).toEqual([0o666, 0o666, 0o666]);
    keepPrivate([root]);
    expect(folders.map(modeOf)).toEqual([0o700, 0o700, 0o700]);
    expect(files.map(modeOf)).toEqual([0o600, 0o600, 0o600]);
  });

  it("tightens a single file given by its path, and skips paths that do not exist yet", () => {
    const secret = join(scratch, "staff-cli.token");
    fs.writeFileSync(secret, "token", { mode: 0o644 });
    keepPrivate([secret, join(scratch, "photos-not-yet")]);
    expect(modeOf(secret)).toBe(0o600);
  });

  it("creates what the process writes afterwards private, though the umask was 000", () => {
    keepPrivate([scratch]);
    fs.mkdirSync(join(scratch, "photos", "ab"), { recursive: true });
    fs.writeFileSync(join(scratch, "photos", "ab", "photo.jpg"), "jpeg");
    expect(modeOf(join(scratch, "photos"))).toBe(0o700);
    expect(modeOf(join(scratch, "photos", "ab"))).toBe(0o700);
    expect(modeOf(join(scratch, "photos", "ab", "photo.jpg"))).toBe(0o600);
  });

  it("follows a path given that is a link (a data folder on a volume)", () => {
    const { root, files } = olderVersionsTree();
    const linked = join(scratch, "linked-data");
    fs.symlinkSync(root, linked);
    keepPrivate([linked]);
    expect(modeOf(root)).toBe(0o700);
    expect(files.map(modeOf)).toEqual([0o600, 0o600, 0o600]);
  });

  it("does not follow a link out of a folder: what it points to is left as it was", () => {
    const { root } = olderVersionsTree();
    const outside = join(scratch, "outside.txt");
    fs.writeFileSync(outside, "someone else's", { mode: 0o644 });
    fs.symlinkSync(outside, join(root, "link"));
    keepPrivate([root]);
    expect(modeOf(outside)).toBe(0o644);
  });
});

describe("makePrivate refuses what it cannot make private", () => {
  it("names the file, the failure and the chmod to run when a chmod fails", () => {
    const { root } = olderVersionsTree();
    const secret = join(root, "base", "5", "1247");
    const chmodRefused: PrivateFilesFs = {
      ...fs,
      chmodSync: (path, mode) => {
        if (path === secret) throw Object.assign(new Error("operation not permitted"), { code: "EPERM" });
        fs.chmodSync(path, mode);
      },
    };
    expect(() => makePrivate([root], chmodRefused)).toThrow(
      `${secret}: mode 666, chmod failed (EPERM); run: chmod 600 '${secret}'`,
    );
    expect(modeOf(join(root, "PG_VERSION"))).toBe(0o600);
  });

  it("refuses a file system that takes the chmod and keeps the old mode", () => {
    const { root } = olderVersionsTree();
    const modesIgnored: PrivateFilesFs = { ...fs, chmodSync: () => {} };
    expect(() => makePrivate([root], modesIgnored)).toThrow(
      /PG_VERSION: mode 666, the file system did not keep the new mode; run: chmod 600 /,
    );
  });

  it("counts what it does not list", () => {
    const { root } = olderVersionsTree();
    for (let n = 0; n < 12; n++) fs.writeFileSync(join(root, `file-${n}`), "x", { mode: 0o666 });
    const modesIgnored: PrivateFilesFs = { ...fs, chmodSync: () => {} };
    expect(() => makePrivate([root], modesIgnored)).toThrow(/…and 8 more \(a whole folder: chown -R \d+ <folder>/);
  });

  it.skipIf(!runningAsRoot)("refuses a secret another user owns, even as root, whose chmod would succeed", () => {
    const secret = join(scratch, "staff-cli.token");
    fs.writeFileSync(secret, "token", { mode: 0o600 });
    fs.chownSync(secret, 65534, 65534);
    expect(() => makePrivate([secret])).toThrow(
      `${secret}: owned by uid 65534; run: chown 0 '${secret}' && chmod 600 '${secret}'`,
    );
  });

  it.skipIf(!runningAsRoot)("keeps the API from starting when its secret is another user's (main.ts)", () => {
    const secret = join(scratch, "staff-cli.token");
    fs.writeFileSync(secret, "token", { mode: 0o644 });
    fs.chownSync(secret, 65534, 65534);
    const tsx = new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url).pathname;
    const started = spawnSync(process.execPath, [tsx, "src/main.ts"], {
      cwd: API_DIR,
      env: {
        ...process.env,
        DATABASE_URL: "",
        DATA_DIR: join(scratch, "pglite"),
        PHOTO_DIR: join(scratch, "photos"),
        SAMPLE_FEED_DIR: join(scratch, "sample-feed"),
        STAFF_CLI_TOKEN_FILE: secret,
        LOG_LEVEL: "silent",
      },
      encoding: "utf8",
      timeout: 25_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(`${secret}: owned by uid 65534; run: chown 0 '${secret}'`);
    expect(fs.existsSync(join(scratch, "pglite"))).toBe(false);
  });
});

describe("the embedded database's files", () => {
  it("are private when PGlite makes them, though the umask was 000: at start, while it writes, after it closes", async () => {
    const dataDir = join(scratch, "pglite");
    keepPrivate([scratch]);
    const db = await openPglite(dataDir);
    try {
      expect(openToOthers(dataDir)).toEqual([]);
      await db.query("create table leads_test (id text primary key, fields jsonb)");
      await db.query("insert into leads_test select g::text, '{}' from generate_series(1, 5000) g");
      await db.query("create index on leads_test (fields)");
      await db.query("checkpoint");
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await db.close();
    }
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it("an older version's database (0666) is tightened when it is opened", async () => {
    const dataDir = join(scratch, "pglite");
    await (await openPglite(dataDir)).close();
    for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      fs.chmodSync(join(entry.parentPath, entry.name), entry.isDirectory() ? 0o777 : 0o666);
    }
    expect(openToOthers(dataDir).length).toBeGreaterThan(900);
    const db = await openPglite(dataDir);
    await db.close();
    expect(openToOthers(dataDir)).toEqual([]);
  });
});

describe("the command line's credential", () => {
  it("is written 0600 over an older version's 0644 file", () => {
    const file = join(scratch, "staff-cli.token");
    fs.writeFileSync(file, "old token", { mode: 0o644 });
    const token = writeCliToken(file);
    expect(readCliToken(file)).toBe(token);
    expect(modeOf(file)).toBe(0o600);
  });

  it("is not written through a link put in its place", () => {
    const elsewhere = join(scratch, "elsewhere");
    fs.writeFileSync(elsewhere, "", { mode: 0o666 });
    const file = join(scratch, "staff-cli.token");
    fs.symlinkSync(elsewhere, file);
    expect(() => writeCliToken(file)).toThrow(/ELOOP/);
    expect(fs.readFileSync(elsewhere, "utf8")).toBe("");
  });
});
