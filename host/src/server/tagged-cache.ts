import { LRUCache } from "lru-cache";

/** How long all asking for a value wait for the one making: a making that outlasts it is left to its visitor. */
const JOIN_FOR_MS = 20_000;

/** Values kept by key, purged by tag, each made once for all asking at once; one made during a purge is not kept. */
export class TaggedCache<V extends {}> {
  readonly entries: LRUCache<string, V>;
  private readonly making = new Map<string, Promise<V>>();
  private purges = 0;

  constructor(
    options: LRUCache.Options<string, V, unknown>,
    private readonly tagsOf: (value: V) => readonly string[] | undefined,
  ) {
    this.entries = new LRUCache(options);
  }

  store(key: string, value: V): void {
    this.entries.set(key, value);
  }

  make(key: string, compose: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const making = this.making.get(key);
    if (making) return making;
    const purgesBefore = this.purges;
    const current = compose().then((value) => {
      if (keep(value) && this.purges === purgesBefore) this.store(key, value);
      return value;
    });
    this.making.set(key, current);
    const leave = () => this.making.get(key) === current && this.making.delete(key);
    const deadline = setTimeout(leave, JOIN_FOR_MS).unref();
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
    const gone = [...this.entries.entries()].filter(([, value]) =>
      this.tagsOf(value)?.some((tag) => tags.includes(tag)),
    );
    for (const [key] of gone) this.entries.delete(key);
    return gone.length;
  }

  /** Removes every value, and keeps none being made now. */
  clear(): void {
    this.purge([]);
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
