import { readFile } from "node:fs/promises";
import { resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** A feed file is a few megabytes; one far larger is not one. */
const FEED_MAX_BYTES = 64 * 1024 * 1024;

/** Reads the feed at FEED_URL (the feed-pull job, jobs/api-jobs.ts): an http(s) address (no redirects to elsewhere, 60 s, 64 MB), or a file: one in a listed folder. */
export async function readFeed(url: string, fileDirs: readonly string[]): Promise<string> {
  const parsed = new URL(url);
  if (parsed.protocol === "file:") {
    const path = resolve(fileURLToPath(parsed));
    if (!fileDirs.some((dir) => path.startsWith(resolve(dir) + sep))) throw new Error(`${url} is not in a feed folder`);
    return readFile(path, "utf8");
  }
  // the operator configured this address, so any address is allowed; what comes back is still bounded
  const response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`the feed's server answered ${response.status}`);
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > FEED_MAX_BYTES) throw new Error(`the feed is ${length} bytes, over ${FEED_MAX_BYTES}`);
  const text = await response.text();
  if (text.length > FEED_MAX_BYTES) throw new Error(`the feed is over ${FEED_MAX_BYTES} bytes`);
  return text;
}
