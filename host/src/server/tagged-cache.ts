import { LRUCache } from "lru-cache";

/**
 * Values kept by key and purged by tag (pages, fragments): each made once for all asking at the same time (for at
 * most `joinForMs`: a making that outlasts it is left to its visitor); one made during a purge is served, not kept.
 */
export class TaggedCache<V> {
  readonly entries: LRUCache<string, V & {}>;
  private readonly making = new Map<string, Promise<V>>();
  private purges = 0;

  constructor(
    options: LRUCache.Options<string, V & {}, unknown>,
    private readonly tagsOf: (value: V) => readonly string[] | undefined,
    private readonly joinForMs = 20_000,
  ) {
    this.entries = new LRUCache(options);
  }

  store(key: string, value: V & {}): void {
    this.entries.set(key, value);
  }

  /** Makes the value once for all who ask at the same time, and keeps it when `keep` says it may be kept. */
  make(key: string, compose: () => Promise<V & {}>, keep: (value: V) => boolean): Promise<V> {
    const making = this.making.get(key);
    if (making) return making;
    const purgesBefore = this.purges;
    const current = compose().then((value) => {
      if (keep(value) && this.purges === purgesBefore) this.store(key, value);
      return value;
    });
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
    return current;
  }

  /** Removes every value that shows any of the tags; how many went. */
  purge(tags: readonly string[]): number {
    this.purges += 1;
    this.making.clear();
    const purged = new Set(tags);
    const gone = [...this.entries.entries()]
      .filter(([, value]) => (this.tagsOf(value) ?? []).some((tag) => purged.has(tag)))
      .map(([key]) => key);
    for (const key of gone) this.entries.delete(key);
    return gone.length;
  }

  get size(): number {
    return this.entries.size;
  }
}
