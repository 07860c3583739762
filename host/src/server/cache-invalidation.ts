import { EventSource } from "eventsource";
import { CACHE_TAGS } from "shared-types";

/** A message's JSON, or undefined when it cannot be read. */
function readJson(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Follows the API's change signal (its internal listener, GET /api/changes: server-sent events named "purge", each
 * with the tags that changed) and hands each change's tags to `purge`. A stream starts with a "hello": resumed from
 * the last change this follower heard (Last-Event-ID: what it missed is sent first), or not, when it may have missed
 * anything: then everything is purged once, so nothing stale outlives a gap.
 */
export function followChanges(
  url: string,
  purge: (tags: readonly string[]) => void,
  log: { warn(message: string): void },
): { close(): void } {
  const source = new EventSource(url);
  let connected = false;
  source.addEventListener("open", () => {
    connected = true;
  });
  source.addEventListener("hello", (event) => {
    if (readJson(event.data)?.resumed !== true) purge([CACHE_TAGS.site]);
  });
  source.addEventListener("error", () => {
    if (connected) log.warn(`lost the API's change signal (${url}); reconnecting`);
    connected = false;
  });
  source.addEventListener("purge", (event) => {
    const tags = readJson(event.data)?.tags;
    if (Array.isArray(tags) && tags.every((tag) => typeof tag === "string")) purge(tags);
    else log.warn(`the API's change signal sent something unreadable: ${String(event.data).slice(0, 100)}`);
  });
  return { close: () => source.close() };
}

/**
 * Purges a shared cache in front of the site (Varnish with xkey: cache/varnish.vcl) by tag: a PURGE request
 * naming the tags, to each cache's address. A cache that cannot be reached is reported, not retried: its pages
 * expire at their s-maxage.
 */
export function sharedCachePurger(urls: readonly string[], log: { warn(message: string): void }, secret?: string) {
  return async (tags: readonly string[]): Promise<void> => {
    if (tags.length === 0) return;
    await Promise.all(
      urls.map(async (url) => {
        try {
          const response = await fetch(url, {
            method: "PURGE",
            headers: { "xkey-purge": tags.join(" "), ...(secret ? { "x-purge-secret": secret } : {}) },
            signal: AbortSignal.timeout(2_000),
            redirect: "error",
          });
          await response.body?.cancel();
          if (!response.ok) log.warn(`the shared cache at ${url} refused a purge: ${response.status}`);
        } catch (error) {
          log.warn(`the shared cache at ${url} could not be purged: ${(error as Error).message}`);
        }
      }),
    );
  };
}

/**
 * What purges a remote's pages when its build or configured release changes: each remote's fingerprint, read at
 * each call, against the one before (a remote that cannot be read keeps its last).
 */
export function releaseChanges(
  fingerprints: () => Promise<Record<string, string | null>>,
  purge: (tags: readonly string[]) => void,
): () => Promise<void> {
  const known = new Map<string, string>();
  return async () => {
    const changed: string[] = [];
    for (const [name, print] of Object.entries(await fingerprints())) {
      if (print === null) continue;
      if (known.has(name) && known.get(name) !== print) changed.push(CACHE_TAGS.remote(name));
      known.set(name, print);
    }
    if (changed.length > 0) purge(changed);
  };
}

/** Runs `task` after `firstMs`, then `wait()` ms after each run ends (runs never overlap), until closed. */
export function repeatedly(task: () => Promise<void>, wait: () => number, firstMs = wait()): { close(): void } {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const arm = (ms: number) => {
    if (closed) return;
    timer = setTimeout(
      () =>
        void task()
          .catch(() => undefined)
          .finally(() => arm(wait())),
      ms,
    ).unref();
  };
  arm(firstMs);
  return {
    close: () => {
      closed = true;
      clearTimeout(timer);
    },
  };
}
