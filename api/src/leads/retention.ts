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
  /** Service bookings past, whose lead is gone: their vehicles (VINs, unit numbers) and the bays they held */
  serviceBookings: number;
  /** Fleets' plans stopped longer ago than a lead is kept: who the fleet is goes with them */
  servicePlans: number;
}

const count = async (db: Queryable, sql: string, params: unknown[]) =>
  (
    await db.query<{ n: string | number }>(`with gone as (${sql} returning 1) select count(*) as n from gone`, params)
  )[0]?.n ?? 0;

/** A booking goes with its lead (the lead's retention) once its visit is over; the bay steps it held go with it. */
async function purgeBookings(db: Queryable, now: Date) {
  const gone = `select b.id from service_bookings b
    where b.ends_at < $1 and not exists (select 1 from leads l where l.id = b.lead_id)`;
  await db.query(`delete from service_bay_steps where booking_id in (${gone})`, [now.toISOString()]);
  return count(db, `delete from service_bookings where id in (${gone})`, [now.toISOString()]);
}

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
    serviceBookings: Number(await purgeBookings(db, now)),
    servicePlans: Number(
      await count(db, "delete from service_plans where status = 'stopped' and updated_at < $1", [
        before(policy.leadRetentionDays),
      ]),
    ),
  };
}
