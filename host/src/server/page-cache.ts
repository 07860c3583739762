import { LRUCache } from "lru-cache";
import type { EncodedBodies } from "./encoded-body";
import type { PageSources } from "./page-composer";
import type { TimingEntry } from "./server-timing";

/** A composed answer as it is sent: the same bytes for every visitor, so anyone's copy serves the next one. */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string>;
  /** A page's own inline parts and sources: its CSP is written for each request (TLS or not). */
  page?: { inline: { scripts: string[]; styles: string[] }; sources: PageSources };
  /**
   * A page's HTML as UTF-8, encoded once as it is made (its ETag and each compression read these bytes); other
   * answers (a redirect's, the sitemap's) as text.
   */
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

interface Entry extends CachedAnswer {
  storedAt: number;
}

export type Lookup = { answer: CachedAnswer; ageSeconds: number; state: "fresh" | "stale" } | null;

/**
 * The host's own shared cache of composed pages (the embedded default; a real shared cache such as Varnish may
 * stand in front of it, purged the same way): held for their `s-maxage`, served stale for their
 * `stale-while-revalidate` while one request makes the page again, purged by tag, and bounded in bytes.
 */
export class PageCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly byTag = new Map<string, Set<string>>();
  private readonly making = new Map<string, Promise<CachedAnswer>>();
  private purges = 0;
  private readonly joinForMs: number;

  /**
   * `joinForMs`: how long others asking for a page wait on the one being made; a making that outlasts it (a part
   * that never answers) is left to its own visitor, and the next request makes the page anew.
   */
  constructor(options: { maxBytes?: number; now?: () => number; joinForMs?: number } = {}) {
    this.now = options.now ?? Date.now;
    this.joinForMs = options.joinForMs ?? 20_000;
    this.entries = new LRUCache<string, Entry>({
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      // the body, and its compressed copies (a fifth of it or less each)
      sizeCalculation: (entry) => Math.max(1, Math.ceil(entry.body.length * 1.4)),
      dispose: (entry, key) => this.unindex(key, entry.tags),
    });
  }

  private readonly now: () => number;

  private unindex(key: string, tags: readonly string[]) {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  lookup(key: string): Lookup {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const age = this.now() - entry.storedAt;
    if (age > entry.freshMs + entry.staleMs) {
      this.entries.delete(key);
      return null;
    }
    return { answer: entry, ageSeconds: Math.floor(age / 1000), state: age <= entry.freshMs ? "fresh" : "stale" };
  }

  store(key: string, answer: CachedAnswer): void {
    if (answer.freshMs <= 0) return;
    this.entries.set(key, { ...answer, storedAt: this.now() });
    for (const tag of answer.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.byTag.set(tag, keys);
      }
      keys.add(key);
    }
  }

  /** Makes the answer once for all who ask at the same time, and keeps it when it may be kept. */
  make(key: string, compose: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    let making = this.making.get(key);
    if (!making) {
      const purgesBefore = this.purges;
      making = compose().then((answer) => {
        // a page made while something was purged may show what just changed: it is served, not kept
        if (this.purges === purgesBefore) this.store(key, answer);
        return answer;
      });
      const current = making;
      this.making.set(key, current);
      const leave = () => {
        if (this.making.get(key) === current) this.making.delete(key);
      };
      const deadline = setTimeout(leave, this.joinForMs);
      deadline.unref?.();
      void current
        .finally(() => {
          clearTimeout(deadline);
          leave();
        })
        .catch(() => undefined);
    }
    return making;
  }

  /** Removes every page that shows any of the tags; how many went. */
  purge(tags: readonly string[]): number {
    const keys = new Set(tags.flatMap((tag) => [...(this.byTag.get(tag) ?? [])]));
    for (const key of keys) this.entries.delete(key);
    this.purges += 1;
    this.making.clear();
    return keys.size;
  }

  get size(): number {
    return this.entries.size;
  }
}
