import * as nodeFs from "node:fs";
import { join } from "node:path";

/** The file-system calls this module makes; a test passes its own to see what happens when one fails. */
export type PrivateFilesFs = Pick<typeof nodeFs, "statSync" | "lstatSync" | "chmodSync" | "readdirSync">;

/** Group and other: the bits that make an entry anyone's but its owner's. */
const SHARED_BITS = 0o077;
/** The refusal lists this many entries with their fixes; the rest are counted. */
const LISTED_PROBLEMS = 10;

/**
 * Makes `paths` (folders walked whole, or single files) and everything the process creates afterwards its user's
 * alone: a umask of 077 for what comes, and then as `makePrivate`. For a process's start-up, before it opens any of
 * them: what it writes from then on (photos, the command line's credential) is created private, not tightened later.
 */
export function keepPrivate(paths: readonly string[], fs: PrivateFilesFs = nodeFs): void {
  if (process.platform === "win32") return;
  process.umask(0o077);
  makePrivate(paths, fs);
}

/**
 * Takes group and other permissions off each of `paths` and everything under it (an older version's 0666 files
 * become 0600, its 0777 folders 0700: any local user could read and rewrite them), and throws, naming each entry and
 * what to run, when one is still not its user's alone: owned by another user, or a chmod that failed or did not hold
 * (a file system without Unix modes). Paths that do not exist are skipped; links under a folder are not followed
 * (nothing outside it is changed), while a path given is followed (a data folder may be a link to a volume).
 */
export function makePrivate(paths: readonly string[], fs: PrivateFilesFs = nodeFs): void {
  if (process.platform === "win32") return;
  const owner = process.geteuid?.() ?? -1;
  const problems: string[] = [];
  for (const root of paths) {
    let stats: nodeFs.Stats;
    try {
      stats = fs.statSync(root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    tighten(root, stats, { owner, fs, problems });
  }
  if (problems.length === 0) return;
  const listed = problems.slice(0, LISTED_PROBLEMS).map((problem) => `  ${problem}`);
  if (problems.length > LISTED_PROBLEMS) {
    listed.push(
      `  …and ${problems.length - LISTED_PROBLEMS} more (a whole folder: chown -R ${owner} <folder> && chmod -R go-rwx <folder>)`,
    );
  }
  throw new Error(
    `Files that hold the API's data (leads, staff, the signing secret, the command line's credential) must be readable by its user (uid ${owner}) alone; these are not and could not be made so:\n${listed.join("\n")}`,
  );
}

interface Walk {
  owner: number;
  fs: PrivateFilesFs;
  problems: string[];
}

function tighten(path: string, stats: nodeFs.Stats, walk: Walk): void {
  const directory = stats.isDirectory();
  const privateMode = directory ? "700" : "600";
  if (stats.uid !== walk.owner) {
    // chmod would not help: the owner can read it and change its mode back, and only root may chown
    walk.problems.push(
      `${path}: owned by uid ${stats.uid}; run: chown ${walk.owner} ${shellQuoted(path)} && chmod ${privateMode} ${shellQuoted(path)}`,
    );
  } else if (stats.mode & SHARED_BITS) {
    const failure = chmodFailure(path, stats.mode & 0o700, walk.fs);
    if (failure) {
      walk.problems.push(
        `${path}: mode ${(stats.mode & 0o7777).toString(8)}, ${failure}; run: chmod ${privateMode} ${shellQuoted(path)}`,
      );
    }
  }
  if (!directory) return;
  let entries: string[];
  try {
    entries = walk.fs.readdirSync(path);
  } catch (error) {
    walk.problems.push(`${path}: its entries could not be read (${(error as NodeJS.ErrnoException).code})`);
    return;
  }
  for (const entry of entries) {
    const child = join(path, entry);
    const childStats = walk.fs.lstatSync(child, { throwIfNoEntry: false });
    // gone since the listing (a temporary file), or a link: nothing of ours to change
    if (childStats && !childStats.isSymbolicLink()) tighten(child, childStats, walk);
  }
}

/** Why `path` is still open to others after a chmod to `mode`, or null when it is not. */
function chmodFailure(path: string, mode: number, fs: PrivateFilesFs): string | null {
  try {
    fs.chmodSync(path, mode);
  } catch (error) {
    return `chmod failed (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  // some file systems (a Windows or network share) accept a chmod and keep the mode they had
  return fs.statSync(path).mode & SHARED_BITS ? "the file system did not keep the new mode" : null;
}

const shellQuoted = (path: string): string => `'${path.replaceAll("'", `'\\''`)}'`;
