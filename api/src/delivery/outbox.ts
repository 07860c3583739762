import { randomUUID } from "node:crypto";
import { EMAIL_PATTERN, LEAD_FORMS, type LeadFormEntry, type LeadFormId } from "shared-types";
import type { Queryable } from "../db/database.js";
import type { RetryPolicy } from "../jobs/job-runner.js";

/**
 * Where a lead goes once it is stored. The channels a lead gets are decided when it is committed (one row each,
 * in the lead's own transaction); who exactly receives it is read when it is sent, so a corrected address and a
 * re-send reach the right inbox.
 */
export const CHANNELS = ["crm-email", "department-email", "webhook", "visitor-confirmation"] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * The channels one lead gets: the configured ones, and, for a form that confirms (LEAD_FORMS `confirmation`), a
 * copy to the visitor when lead emails are on and they gave an address.
 */
export function channelsFor(form: string, configured: readonly Channel[], email: string): Channel[] {
  // (a held submission from an older release may name a form this one does not have)
  const entry: LeadFormEntry | undefined = Object.hasOwn(LEAD_FORMS, form) ? LEAD_FORMS[form as LeadFormId] : undefined;
  const confirms = entry?.confirmation === true && EMAIL_PATTERN.test(email);
  return [
    ...configured,
    ...(confirms && configured.includes("department-email") ? ["visitor-confirmation" as const] : []),
  ];
}

export type DeliveryStatus = "pending" | "delivered" | "failed";

export interface Delivery {
  id: string;
  lead_id: string;
  channel: Channel;
  /** Which message of the channel: "" for the first, or a later notice (a booking's "moved:2") */
  notice: string;
  status: DeliveryStatus;
  /** Tries so far, this one included once it is claimed */
  attempts: number;
  last_error: string;
  created_at: string;
}

export { backoffMs, type RetryPolicy } from "../jobs/job-runner.js";

/** A lead's channel is tried for about half an hour, every 30 s at most once the first tries have failed. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 1_000, maxDelayMs: 30_000, maxAttempts: 60 };
/** How often a worker looks for due deliveries when nothing has woken it */
export const DELIVERY_POLL_MS = 1_000;
/** How long a claimed delivery is held: longer than any send may take (the transports time out well before) */
export const DELIVERY_LEASE_MS = 60_000;

/**
 * Inside the lead's transaction: one pending delivery per channel. `notice` names a later message on the same
 * channel (a booking moved, cancelled, reminded of): each is sent once.
 */
export async function enqueueDeliveries(
  tx: Queryable,
  leadId: string,
  channels: readonly Channel[],
  notice = "",
): Promise<void> {
  for (const channel of channels) {
    await tx.query(
      "insert into lead_deliveries (id, lead_id, channel, notice) values ($1, $2, $3, $4) on conflict do nothing",
      [randomUUID(), leadId, channel, notice],
    );
  }
}

const DELIVERY_COLUMNS = `id, lead_id, channel, notice, status, attempts, last_error,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at`;

/**
 * Takes up to `limit` deliveries that are due and not held by another worker, and holds them for `leaseMs`. A
 * worker that dies holding some (killed mid-send) loses its hold when the lease runs out, and they are taken again;
 * SKIP LOCKED lets several workers share one PostgreSQL database without taking the same row.
 */
export async function claimDue(db: Queryable, limit: number, leaseMs: number): Promise<Delivery[]> {
  return db.query<Delivery>(
    `update lead_deliveries d
        set locked_until = now() + make_interval(secs => $2::double precision / 1000), attempts = d.attempts + 1
      where d.id in (
        select id from lead_deliveries
         where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
         order by next_attempt_at, created_at
         limit $1
         for update skip locked)
      returning ${DELIVERY_COLUMNS}`,
    [limit, leaseMs],
  );
}

/**
 * Sent: never sent again on this channel (only a pending delivery can become delivered). The receipt is what the
 * receiving end answered (the mail server's message id and reply, the webhook's status), kept for the desk.
 */
export async function markDelivered(db: Queryable, id: string, receipt = ""): Promise<boolean> {
  const rows = await db.query(
    `update lead_deliveries set status = 'delivered', delivered_at = now(), locked_until = null, last_error = '',
       receipt = $2
      where id = $1 and status = 'pending' returning id`,
    [id, receipt.slice(0, 500)],
  );
  return rows.length > 0;
}

/** Not sent: tried again after `retryInMs`, or (null) given up on, which only a re-send (resendFailed) takes up again. */
export async function markUnsent(db: Queryable, id: string, error: string, retryInMs: number | null): Promise<void> {
  await db.query(
    `update lead_deliveries
        set locked_until = null, last_error = $2, status = case when $3::float8 is null then 'failed' else status end,
            failed_at = case when $3::float8 is null then now() end,
            next_attempt_at = coalesce(now() + make_interval(secs => $3::float8 / 1000), next_attempt_at)
      where id = $1 and status = 'pending'`,
    [id, error.slice(0, 1000), retryInMs],
  );
}

/** Failed deliveries (all, or one lead's) are pending again with a fresh count of tries; returns how many. */
export async function resendFailed(db: Queryable, leadId?: string): Promise<number> {
  const rows = await db.query(
    `update lead_deliveries
        set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null, failed_at = null
      where status = 'failed' and ($1::text is null or lead_id = $1)
      returning id`,
    [leadId ?? null],
  );
  return rows.length;
}

export interface DeliveryHealth {
  /** true when nothing has failed and nothing has waited longer than the stale limit */
  ok: boolean;
  pending: number;
  failed: number;
  delivered: number;
  oldest_pending_age_s: number | null;
  /** Commit to delivered, over deliveries of the last 24 hours: the dealership's speed to lead */
  speed_to_lead_ms: { p50: number | null; p95: number | null; count: number };
  by_channel: Record<string, { pending: number; failed: number; delivered: number }>;
  /** The newest failures' lead ids, channels and errors: enough to act on, and no personal data */
  recent_failures: { lead_id: string; channel: string; attempts: number; last_error: string; failed_at: string }[];
}

/** A pending delivery older than this is "not reaching anyone" even before it fails. */
export const STALE_PENDING_S = 5 * 60;

export async function deliveryHealth(db: Queryable): Promise<DeliveryHealth> {
  const [totals] = await db.query<Record<string, string | number | null>>(
    `select count(*) filter (where status = 'pending') as pending,
            count(*) filter (where status = 'failed') as failed,
            count(*) filter (where status = 'delivered') as delivered,
            extract(epoch from now() - min(created_at) filter (where status = 'pending')) as oldest_pending_age_s,
            percentile_cont(0.5) within group (order by extract(epoch from delivered_at - created_at) * 1000)
              filter (where status = 'delivered' and delivered_at > now() - interval '24 hours') as p50,
            percentile_cont(0.95) within group (order by extract(epoch from delivered_at - created_at) * 1000)
              filter (where status = 'delivered' and delivered_at > now() - interval '24 hours') as p95,
            count(*) filter (where status = 'delivered' and delivered_at > now() - interval '24 hours') as recent
       from lead_deliveries`,
  );
  const channels = await db.query<{ channel: string; status: string; n: string | number }>(
    "select channel, status, count(*) as n from lead_deliveries group by channel, status",
  );
  const failures = await db.query<DeliveryHealth["recent_failures"][number]>(
    `select lead_id, channel, attempts, last_error,
            to_char(failed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as failed_at
       from lead_deliveries where status = 'failed' order by failed_at desc limit 20`,
  );
  const by_channel: DeliveryHealth["by_channel"] = {};
  for (const row of channels) {
    const counts = by_channel[row.channel] ?? { pending: 0, failed: 0, delivered: 0 };
    counts[row.status as DeliveryStatus] = Number(row.n);
    by_channel[row.channel] = counts;
  }
  const num = (value: string | number | null | undefined) => (value == null ? null : Number(value));
  const oldest = num(totals?.oldest_pending_age_s);
  const failed = Number(totals?.failed ?? 0);
  return {
    ok: failed === 0 && (oldest === null || oldest < STALE_PENDING_S),
    pending: Number(totals?.pending ?? 0),
    failed,
    delivered: Number(totals?.delivered ?? 0),
    oldest_pending_age_s: oldest === null ? null : Math.round(oldest),
    speed_to_lead_ms: {
      p50: num(totals?.p50) === null ? null : Math.round(Number(totals?.p50)),
      p95: num(totals?.p95) === null ? null : Math.round(Number(totals?.p95)),
      count: Number(totals?.recent ?? 0),
    },
    by_channel,
    recent_failures: failures.map((f) => ({ ...f, attempts: Number(f.attempts) })),
  };
}
