import type { BusinessDetails } from "shared-types";
import { businessDetailsSchema } from "shared-types/schemas";
import type { Database } from "../db/database.js";
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
    const raw = typeof row?.details === "string" ? JSON.parse(row.details) : row?.details;
    // a row edited by hand into something the pages cannot show: the defaults, rather than a broken site
    const parsed = businessDetailsSchema.safeParse(raw);
    const details = parsed.success ? parsed.data : DEFAULT_BUSINESS_DETAILS;
    this.cached = { at: Date.now(), details };
    return details;
  }

  /** The last details read, for messages that must not wait on the database (a 429's phone number). */
  get lastKnown(): BusinessDetails {
    return this.cached?.details ?? DEFAULT_BUSINESS_DETAILS;
  }

  /** Replaces the details (already validated by the caller's schema). */
  async set(details: BusinessDetails): Promise<BusinessDetails> {
    await this.db.query(
      `insert into business_details (id, details, updated_at) values (1, $1, now())
       on conflict (id) do update set details = excluded.details, updated_at = now()`,
      [JSON.stringify(details)],
    );
    this.cached = { at: Date.now(), details };
    return details;
  }
}
