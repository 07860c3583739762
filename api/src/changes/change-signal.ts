import { CACHE_TAGS } from "shared-types";
import type { Database } from "../db/database.js";

/** The channel the database's triggers announce changes on (migration 015_change_signal). */
export const CHANGE_CHANNEL = "fleet_changes";

/** How the triggers name a unit that changed (migration 015_change_signal): "unit:" and its stock number. */
const UNIT_CHANGE_PREFIX = "unit:";

/** The stock number of the unit a notification names; null when it names none (the site, the specials, anything). */
export function unitOfNotification(payload: string): string | null {
  return payload.startsWith(UNIT_CHANGE_PREFIX) ? payload.slice(UNIT_CHANGE_PREFIX.length) : null;
}

/** How long changes are gathered into one announcement: an import that touches 300 units is one purge, not 300. */
const GATHER_MS = 50;

/**
 * What changed, as cache tags (shared-types CACHE_TAGS), from every API process's database session: a unit (its
 * page, and every search or count that could list it), the dealership's details (every page) or the specials.
 * An empty notification means the listener was (re)connected and may have missed some: everything, then.
 */
export function tagsOfNotification(payload: string): string[] {
  const unit = unitOfNotification(payload);
  if (unit !== null) return [CACHE_TAGS.unit(unit), CACHE_TAGS.inventory];
  if (payload === "promotions") return [CACHE_TAGS.promotions];
  return [CACHE_TAGS.site];
}

export class ChangeSignal {
  private readonly subscribers = new Set<(tags: string[]) => void>();
  private readonly hearers = new Set<(payload: string) => void>();
  private gathered = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly db: Database) {}

  async start(): Promise<void> {
    this.stop = await this.db.listen(CHANGE_CHANNEL, (payload) => {
      for (const hearer of this.hearers) hearer(payload);
      this.gather(tagsOfNotification(payload));
    });
  }

  /**
   * Calls `onHeard` with the database's notification ("unit:" and its stock number, "site",
   * "promotions"; empty: the listener was reconnected and may have missed some) as soon as it is heard, before it is
   * gathered and announced (and so before any host purges a page for it); returns the unsubscribe.
   */
  hear(onHeard: (payload: string) => void): () => void {
    this.hearers.add(onHeard);
    return () => this.hearers.delete(onHeard);
  }

  private gather(tags: readonly string[]) {
    for (const tag of tags) this.gathered.add(tag);
    this.timer ??= setTimeout(() => {
      const all = [...this.gathered];
      this.gathered = new Set();
      this.timer = null;
      for (const subscriber of this.subscribers) subscriber(all);
    }, GATHER_MS);
  }

  /** Calls `onChange` with the tags of each announcement from now on; returns the unsubscribe. */
  subscribe(onChange: (tags: string[]) => void): () => void {
    this.subscribers.add(onChange);
    return () => this.subscribers.delete(onChange);
  }

  get listeners(): number {
    return this.subscribers.size;
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    await this.stop?.();
  }
}
