import {
  type BusinessDetails,
  consentWording,
  formatDealershipTime,
  LEAD_FIELD_NAMES,
  LEAD_FORMS,
  type LeadFormId,
  leadFieldRows,
} from "shared-types";
import type { Database, Queryable } from "../db/database.js";
import { type Channel, channelsFor, enqueueDeliveries } from "../delivery/outbox.js";
import { heldDigestEmail } from "../emails/held-digest.js";
import { heldReleaseToken } from "../security/signing.js";
import { type AuditActor, writeAudit } from "../staff/audit.js";

/**
 * Submissions the spam guards held back (quarantined_leads) are never dropped silently: once a day the sales desk
 * gets them in one email ("possible spam, please check"), each with a signed link that releases it into normal
 * delivery, as if it had been accepted when it was sent.
 */
export interface HeldEnquiry {
  id: string;
  reason: string;
  fields: Record<string, unknown>;
  received_at: string;
  released_at: string | null;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const formTitle = (form: string) => LEAD_FORMS[form as LeadFormId]?.title ?? form;

/**
 * The link a desk follows to look at a held submission and release it (GET shows it, POST releases it): on the
 * staff edge (`staffUrl`), never the public site; it expires (security/signing.ts HELD_RELEASE_LINK_DAYS).
 */
export function releaseLink(staffUrl: string, secret: Buffer, id: string): string {
  return `${staffUrl}/api/leads/held/${encodeURIComponent(id)}?token=${heldReleaseToken(secret, id)}`;
}

/**
 * What a desk reads of a held submission: who, which form, what they wrote (every field shared-types LEAD_FIELDS
 * declares, as the desk email shows them), why it was held.
 */
export function heldSummary(held: HeldEnquiry): [string, string][] {
  const f = held.fields;
  const fields = Object.fromEntries(LEAD_FIELD_NAMES.map((name) => [name, text(f[name])]));
  const rows = leadFieldRows(fields);
  const contact = rows.filter((row) => row.facts.adf.startsWith("customer-"));
  const rest = rows.filter((row) => !row.facts.adf.startsWith("customer-"));
  return [
    ...contact.map((row): [string, string] => [row.label, row.value]),
    ["Form", formTitle(text(f.form))],
    ...rest.map((row): [string, string] => [row.label, row.value]),
    ["Received", formatDealershipTime(held.received_at)],
    ["Held because", held.reason],
  ].filter(([, value]) => value !== "") as [string, string][];
}

/** The day's email to the sales desk: every held submission not reported yet, with its release link. */
export function digestMessage(
  held: readonly HeldEnquiry[],
  context: { business: BusinessDetails; staffUrl: string; secret: Buffer; deskUrl?: string },
) {
  return heldDigestEmail({
    subject: `Possible spam, please check: ${held.length} held ${held.length === 1 ? "enquiry" : "enquiries"} from the website`,
    held: held.map((h) => ({ rows: heldSummary(h), releaseLink: releaseLink(context.staffUrl, context.secret, h.id) })),
    ...(context.deskUrl ? { deskLink: deskHeldLink(context.deskUrl) } : {}),
    businessName: context.business.name,
  });
}

/** The staff desk's list of held enquiries (sign-in first). */
export const deskHeldLink = (deskUrl: string) => `${deskUrl.replace(/\/$/, "")}/held`;

/** Every held submission not released yet, newest first (the staff desk's list). */
export async function listHeld(db: Queryable, limit = 200): Promise<HeldEnquiry[]> {
  return db.query<HeldEnquiry>(
    `select ${HELD_COLUMNS} from quarantined_leads where released_at is null order by received_at desc limit $1`,
    [limit],
  );
}

const HELD_COLUMNS = `id, reason, fields,
  to_char(received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as received_at,
  to_char(released_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as released_at`;

export async function findHeld(db: Queryable, id: string): Promise<HeldEnquiry | null> {
  const [row] = await db.query<HeldEnquiry>(`select ${HELD_COLUMNS} from quarantined_leads where id = $1`, [id]);
  return row ?? null;
}

export interface DigestOptions {
  db: Queryable;
  send(message: { subject: string; text: string; html: string }): Promise<void>;
  business: () => Promise<BusinessDetails>;
  /** The staff edge's address, where the release links lead. */
  staffUrl: string;
  /** The staff desk, where every held enquiry can be released or discarded. */
  deskUrl?: string;
  secret: Buffer;
}

/**
 * Sends the sales desk every held submission not reported yet, in one email, and marks them reported; nothing is
 * marked that was not sent. The periodic job "held-digest" (jobs/api-jobs.ts) sends it every QUARANTINE_DIGEST_HOURS
 * and tries a failed send again on its backoff; staff may ask for it at any time.
 */
export async function sendQuarantineDigest(options: DigestOptions): Promise<{ sent: number }> {
  const held = await options.db.query<HeldEnquiry>(
    `select ${HELD_COLUMNS} from quarantined_leads where digested_at is null and released_at is null
     order by received_at limit 200`,
  );
  if (held.length === 0) return { sent: 0 };
  const business = await options.business();
  await options.send(
    digestMessage(held, { business, staffUrl: options.staffUrl, secret: options.secret, deskUrl: options.deskUrl }),
  );
  await options.db.query("update quarantined_leads set digested_at = now() where id = any($1::text[])", [
    held.map((h) => h.id),
  ]);
  return { sent: held.length };
}

export type ReleaseOutcome = "released" | "already-released" | "missing";

/**
 * Releases a held submission: it becomes a lead (the same id, the consent it was sent with) with its deliveries, in
 * one transaction, and is marked released. Releasing twice delivers once.
 */
export async function releaseHeld(
  db: Database,
  id: string,
  channels: readonly Channel[],
  by: AuditActor,
): Promise<ReleaseOutcome> {
  return db.transaction(async (tx) => {
    const [held] = await tx.query<{
      destination: string;
      fields: Record<string, unknown>;
      marketing_opt_in: boolean;
      consent_version: string;
      received_at: string;
      released_at: string | null;
    }>(
      `select destination, fields, marketing_opt_in, consent_version, received_at::text as received_at, released_at
       from quarantined_leads where id = $1 for update`,
      [id],
    );
    if (!held) return "missing";
    if (held.released_at) return "already-released";
    // a held fleet quote keeps what it asked for with it: released, it is the lead's
    const { form, fleet_quote: fleetQuote, ...fields } = held.fields as typeof held.fields & { fleet_quote?: unknown };
    await tx.query(
      `insert into leads (id, destination, form, fields, marketing_opt_in, consent_text, consent_version, received_at, fleet_quote)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        held.destination,
        text(form),
        JSON.stringify(fields),
        held.marketing_opt_in,
        held.consent_version ? (consentWording(held.consent_version) ?? "") : "",
        held.consent_version,
        // when the visitor wrote, not when the desk released it
        held.received_at,
        fleetQuote ? JSON.stringify(fleetQuote) : null,
      ],
    );
    await enqueueDeliveries(tx, id, channelsFor(text(form), channels, text(fields.email)));
    await tx.query("update quarantined_leads set released_at = now() where id = $1", [id]);
    await writeAudit(tx, by, "held.release", `lead:${id}`, { held: true }, { released: true });
    return "released";
  });
}
