import { type AuditActor, writeAudit } from "../staff/audit.js";
import type { Database } from "./database.js";

/** What a settings row needs to know of its contents: how to check them, and what stands in for them. */
export interface SettingsShape<T> {
  /** The table: `id` 1, the settings as JSON in `details`, `updated_at` */
  table: "business_details" | "service_capacity";
  safeParse(raw: unknown): { success: true; data: T } | { success: false };
  defaults: T;
}

/**
 * Settings kept as one row (the dealership's details, the service department's capacity): the database is their one
 * source, read through a short cache since many requests quote them; a change is seen everywhere within `maxAgeMs`.
 */
export class SettingsRow<T> {
  private cached: { at: number; value: T } | null = null;

  constructor(
    protected readonly db: Database,
    private readonly shape: SettingsShape<T>,
    private readonly maxAgeMs = 2_000,
  ) {}

  /** Stores the defaults the first time the API starts on an empty database; never overwrites. */
  async seedIfMissing(): Promise<boolean> {
    const inserted = await this.db.query(
      `insert into ${this.shape.table} (id, details) values (1, $1) on conflict (id) do nothing returning id`,
      [JSON.stringify(this.shape.defaults)],
    );
    return inserted.length > 0;
  }

  async get(): Promise<T> {
    if (this.cached && Date.now() - this.cached.at < this.maxAgeMs) return this.cached.value;
    const [row] = await this.db.query<{ details: unknown }>(`select details from ${this.shape.table} where id = 1`);
    const value = this.parsed(row?.details);
    this.cached = { at: Date.now(), value };
    return value;
  }

  /** A row edited by hand into something unreadable reads as the defaults, rather than a broken site. */
  private parsed(stored: unknown): T {
    const raw = typeof stored === "string" ? JSON.parse(stored) : stored;
    const parsed = this.shape.safeParse(raw);
    return parsed.success ? parsed.data : this.shape.defaults;
  }

  /** The last value read, for messages that must not wait on the database (a 429's phone number). */
  get lastKnown(): T {
    return this.cached?.value ?? this.shape.defaults;
  }

  /**
   * Changes the settings, whoever asks (a member on the desk, the admin token), with its audit row in the same
   * transaction: what `part` picks of them before and after (the hours of one department, say, or all).
   */
  async change(
    by: AuditActor,
    what: { action: string; subject: string; part?: (value: T) => unknown },
    change: (before: T) => T,
  ): Promise<T> {
    const part = what.part ?? ((value: T) => value);
    const value = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ details: unknown }>(
        `select details from ${this.shape.table} where id = 1 for update`,
      );
      const before = this.parsed(row?.details);
      const after = change(before);
      await tx.query(
        `insert into ${this.shape.table} (id, details, updated_at) values (1, $1, now())
         on conflict (id) do update set details = excluded.details, updated_at = now()`,
        [JSON.stringify(after)],
      );
      await writeAudit(tx, by, what.action, what.subject, part(before), part(after));
      return after;
    });
    this.cached = { at: Date.now(), value };
    return value;
  }
}
