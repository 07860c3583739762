import type { AuditEntry } from "shared-types";
import type { Queryable } from "../db/database.js";
import { isoTime } from "../db/iso-time.js";

/** Who made a change: a member of staff, or one of the credentials that act for the dealership without a member. */
export interface AuditActor {
  /** The member's id; null for a credential. */
  id: string | null;
  /** The member's address, or what the credential is. */
  email: string;
}

/** The staff listener's bearer token (ADMIN_TOKEN): scripts and integrations, not a person. */
export const ADMIN_TOKEN_ACTOR: AuditActor = { id: null, email: "the admin token" };
/** `npm run staff:invite`, with the credential the API writes beside its data at start. */
export const COMMAND_LINE_ACTOR: AuditActor = { id: null, email: "the command line (staff:invite)" };
/** `npm run leads:resend` on PostgreSQL, where it writes to the database itself. */
export const RESEND_COMMAND_ACTOR: AuditActor = { id: null, email: "the command line (leads:resend)" };
/** A held enquiry's release link in the sales desk's daily digest (signed, 14 days). */
export const RELEASE_LINK_ACTOR: AuditActor = { id: null, email: "a release link in the held enquiries digest" };

/**
 * Writes one audit row: who, when, what, and what it was before and after. Called inside the change's own
 * transaction wherever there is one, so a change is never kept without its row.
 */
export async function writeAudit(
  tx: Queryable,
  by: AuditActor,
  action: string,
  subject: string,
  before: unknown,
  after: unknown,
  at = new Date().toISOString(),
): Promise<void> {
  await tx.query(
    "insert into staff_audit (at, staff_id, staff_email, action, subject, before, after) values ($1, $2, $3, $4, $5, $6, $7)",
    [
      at,
      by.id,
      by.email,
      action,
      subject,
      before === null || before === undefined ? null : JSON.stringify(before),
      after === null || after === undefined ? null : JSON.stringify(after),
    ],
  );
}

/** The newest rows first. */
export function readAuditLog(db: Queryable, limit = 200): Promise<AuditEntry[]> {
  return db.query(
    `select id::int as id, ${isoTime("at")} as at, staff_email, action, subject, before, after
     from staff_audit order by id desc limit $1`,
    [limit],
  );
}
