import type { BusinessDetails } from "shared-types";
import { businessDetailsSchema } from "shared-types/schemas";
import type { Database } from "../db/database.js";
import { type AuditActor, writeAudit } from "../staff/audit.js";
import { DEFAULT_BUSINESS_DETAILS } from "./default-business-details.js";

/**
 * The dealership's details (phones, hours, address): one row in the database, the site's one source. Read through
 * a short cache, since every page and every refusal message quotes them; a change made here is seen by every
 * page within `maxAgeMs`, with no rebuild.
 */
export class BusinessDetailsStore {
  private cached: { at: number; details: BusinessDetails } | null = null;

  constructor(
    private readonly db: Database,
    private readonly maxAgeMs = 2_000,
  ) {}

  /** Stores the defaults the first time the API starts on an empty database; never overwrites. */
  async seedIfMissing(): Promise<boolean> {
    const inserted = await this.db.query(
      "insert into business_details (id, details) values (1, $1) on conflict (id) do nothing returning id",
      [JSON.stringify(DEFAULT_BUSINESS_DETAILS)],
    );
    return inserted.length > 0;
  }

  async get(): Promise<BusinessDetails> {
    if (this.cached && Date.now() - this.cached.at < this.maxAgeMs) return this.cached.details;
    const [row] = await this.db.query<{ details: unknown }>("select details from business_details where id = 1");
    const details = this.parsed(row?.details);
    this.cached = { at: Date.now(), details };
    return details;
  }

  /** A row edited by hand into something the pages cannot show reads as the defaults, rather than a broken site. */
  private parsed(stored: unknown): BusinessDetails {
    const raw = typeof stored === "string" ? JSON.parse(stored) : stored;
    const parsed = businessDetailsSchema.safeParse(raw);
    return parsed.success ? parsed.data : DEFAULT_BUSINESS_DETAILS;
  }

  /** The last details read, for messages that must not wait on the database (a 429's phone number). */
  get lastKnown(): BusinessDetails {
    return this.cached?.details ?? DEFAULT_BUSINESS_DETAILS;
  }

  /**
   * Changes the details, whoever asks (a member on the desk, the admin token), with its audit row in the same
   * transaction: what `part` picks of them before and after (the hours of one department, the notice, or all).
   */
  async change(
    by: AuditActor,
    what: { action: string; subject: string; part?: (details: BusinessDetails) => unknown },
    change: (before: BusinessDetails) => BusinessDetails,
  ): Promise<BusinessDetails> {
    const part = what.part ?? ((details: BusinessDetails) => details);
    const details = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ details: unknown }>(
        "select details from business_details where id = 1 for update",
      );
      const before = this.parsed(row?.details);
      const after = change(before);
      await tx.query(
        `insert into business_details (id, details, updated_at) values (1, $1, now())
         on conflict (id) do update set details = excluded.details, updated_at = now()`,
        [JSON.stringify(after)],
      );
      await writeAudit(tx, by, what.action, what.subject, part(before), part(after));
      return after;
    });
    this.cached = { at: Date.now(), details };
    return details;
  }
}
