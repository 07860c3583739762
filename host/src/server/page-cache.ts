import type { EncodedBodies } from "./encoded-body";
import type { PageSources } from "./page-composer";
import type { TimingEntry } from "./server-timing";
import { TaggedCache } from "./tagged-cache";

/** A composed answer as it is sent: the same bytes for every visitor, so anyone's copy serves the next one. */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  /** A page's own inline parts and sources: its CSP is written for each request (TLS or not). */
  page?: { inline: { scripts: string[]; styles: string[] }; sources: PageSources };
  /** A page's HTML as UTF-8, encoded once as it is made (for its ETag and each compression); other answers' text. */
  body: string | Buffer;
  /** The body compressed, in each encoding asked for so far (shared by every copy of the answer). */
  encoded: EncodedBodies;
  /** What it shows that can change (shared-types CACHE_TAGS): purged by any of them. */
  tags: readonly string[];
  /** How long it is served as is, and then how long still served while a fresh one is made (ms). */
  freshMs: number;
  staleMs: number;
  /** Where its making went (Server-Timing), told only to the request that made it. */
  timings?: readonly TimingEntry[];
}

/**
 * The host's own shared cache of composed pages (Varnish may stand in front, purged the same way): each held for
 * its `s-maxage`, served stale for its `stale-while-revalidate` while one request makes it again; bounded in bytes.
 */
export class PageCache extends TaggedCache<CachedAnswer> {
  constructor(options: { maxBytes?: number; now?: () => number; joinForMs?: number } = {}) {
    super(
      {
        maxSize: options.maxBytes ?? 64 * 1024 * 1024,
        // the body, and its compressed copies (a fifth of it or less each)
        sizeCalculation: (entry) => Math.max(1, Math.ceil(entry.body.length * 1.4)),
        // each page's own time to live (fresh, then stale), on the clock given; ages read to the millisecond
        perf: { now: options.now ?? Date.now },
        ttlResolution: 0,
      },
      (answer) => answer.tags,
      options.joinForMs,
    );
  }

  lookup(key: string): { answer: CachedAnswer; ageSeconds: number; state: "fresh" | "stale" } | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const age = entry.freshMs + entry.staleMs - this.entries.getRemainingTTL(key);
    return { answer: entry, ageSeconds: Math.floor(age / 1000), state: age <= entry.freshMs ? "fresh" : "stale" };
  }

  override store(key: string, answer: CachedAnswer): void {
    if (answer.freshMs > 0) this.entries.set(key, answer, { ttl: answer.freshMs + answer.staleMs });
  }

  override make(key: string, compose: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    return super.make(key, compose, () => true);
  }
}
