import { readFile } from "node:fs/promises";
import { resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { FeedBusy, type FeedService } from "./feed-service.js";

/** A feed file is a few megabytes; one far larger is not one. */
const FEED_MAX_BYTES = 64 * 1024 * 1024;

/** Reads the feed at FEED_URL: an http(s) address (no redirects to elsewhere, 60 s, 64 MB), or a file: one in a listed folder. */
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

/**
 * Pulls the dealership's feed from FEED_URL now and every `intervalMinutes`, and imports it as an upload would be
 * (its run and report kept, the sales desk told of rejected rows). A pull that fails is logged and tried at the
 * next interval; the site keeps what it has. Returns what stops it.
 */
export function scheduleFeedPull(
  feeds: FeedService,
  options: {
    url: string;
    intervalMinutes: number;
    fileDirs: readonly string[];
    log: { info(data: object, message: string): void; error(data: object, message: string): void };
  },
): () => void {
  const pull = async () => {
    try {
      const { run, report } = await feeds.importInventory(() => readFeed(options.url, options.fileDirs), {
        source: options.url,
      });
      options.log.info(
        { run: run.id, outcome: run.outcome, added: report.added, updated: report.updated, sold: report.marked_sold },
        "feeds: scheduled pull imported",
      );
    } catch (error) {
      if (error instanceof FeedBusy) {
        options.log.info({ run: error.runId }, "feeds: an import is running; the scheduled pull waits for the next");
        return;
      }
      options.log.error({ err: error, url: options.url }, "feeds: the scheduled pull failed, will try again");
    }
  };
  void pull();
  const timer = setInterval(pull, options.intervalMinutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
