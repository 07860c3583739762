import { FLEET_QUOTE } from "shared-types";
import type { Queryable } from "../db/database.js";
import { IDEMPOTENCY_KEY_TTL_MS } from "./idempotency.js";

export interface RetentionPolicy {
  /** Leads older than this are deleted: the dealership's CRM holds what it acted on. */
  leadRetentionDays: number;
  /** Quarantined submissions (spam) are kept only long enough to check the filter. */
  quarantineRetentionDays: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { leadRetentionDays: 365, quarantineRetentionDays: 30 };

export interface Purged {
  leads: number;
  quarantined: number;
  idempotencyKeys: number;
  fleetQuoteLists: number;
}

const count = async (db: Queryable, sql: string, params: unknown[]) =>
  (
    await db.query<{ n: string | number }>(`with gone as (${sql} returning 1) select count(*) as n from gone`, params)
  )[0]?.n ?? 0;

/** Deletes what the retention policy no longer allows the API to keep. Consent withdrawals are kept: they must be honoured. */
export async function purgeExpired(db: Queryable, policy: RetentionPolicy, now = new Date()): Promise<Purged> {
  const before = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  return {
    leads: Number(await count(db, "delete from leads where received_at < $1", [before(policy.leadRetentionDays)])),
    quarantined: Number(
      await count(db, "delete from quarantined_leads where received_at < $1", [before(policy.quarantineRetentionDays)]),
    ),
    idempotencyKeys: Number(
      await count(db, "delete from idempotency_keys where created_at < $1", [
        new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString(),
      ]),
    ),
    // a fleet quote list nobody touched in 30 days is forgotten, as its cookie is
    fleetQuoteLists: Number(
      await count(db, "delete from fleet_quote_lists where updated_at < $1", [before(FLEET_QUOTE.maxAgeDays)]),
    ),
  };
}
