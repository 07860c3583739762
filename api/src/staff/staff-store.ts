import { createHash, randomBytes, randomUUID } from "node:crypto";
import { STAFF_ROLES, type StaffListing, type StaffMember, type StaffRole } from "shared-types";
import type { Database, Queryable } from "../db/database.js";
import { isoTime } from "../db/iso-time.js";
import { type AuditActor, writeAudit } from "./audit.js";

/** How long links and sessions live. */
export const STAFF_TIMES = {
  /** A sign-in link by email: 15 minutes, once. */
  signInLinkMs: 15 * 60 * 1000,
  /** An enrolment link (an invitation): 7 days, once. */
  enrolLinkMs: 7 * 24 * 60 * 60 * 1000,
  /** A session nobody uses for this long ends. */
  idleMs: 30 * 60 * 1000,
  /** And any session ends after this long. */
  absoluteMs: 12 * 60 * 60 * 1000,
} as const;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

/**
 * The staff desk's people, links, sessions and audit log. Tokens are handed out once and kept only as hashes; a link
 * is used once; every change a member makes is written to the audit log in the same transaction as the change.
 */
export class StaffStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  private at(offsetMs = 0) {
    return new Date(this.now() + offsetMs).toISOString();
  }

  async memberByEmail(email: string): Promise<StaffMember | null> {
    const [member] = await this.db.query<StaffMember>(
      "select id, email, role from staff_members where email = $1 and disabled_at is null",
      [email.trim().toLowerCase()],
    );
    return member ?? null;
  }

  async memberById(id: string): Promise<StaffMember | null> {
    const [member] = await this.db.query<StaffMember>(
      "select id, email, role from staff_members where id = $1 and disabled_at is null",
      [id],
    );
    return member ?? null;
  }

  /** A new session for a member who proved who they are (a passkey). */
  startSession(member: StaffMember): Promise<string> {
    return this.openSession(this.db, member);
  }

  private async openSession(tx: Queryable, member: StaffMember): Promise<string> {
    const session = newToken();
    await tx.query(
      "insert into staff_sessions (token_hash, staff_id, created_at, last_seen_at) values ($1, $2, $3, $3)",
      [hash(session), member.id, this.at()],
    );
    return session;
  }

  /** The members who hold a role (the managers an unclaimed lead is escalated to). */
  async membersWithRole(role: StaffRole): Promise<StaffMember[]> {
    return this.db.query<StaffMember>(
      "select id, email, role from staff_members where role = $1 and disabled_at is null order by email",
      [role],
    );
  }

  /** Every member, the disabled ones too (what they did stays in the audit log under their address). */
  async members(): Promise<StaffListing[]> {
    return this.db.query(
      `select id, email, role, ${isoTime("created_at")} as created_at, ${isoTime("disabled_at")} as disabled_at
       from staff_members order by disabled_at is not null, email`,
    );
  }

  /**
   * Adds a member, or gives one disabled before a role again, with a one-time enrolment link for whoever invites them.
   * An active member is left as they are (their role changes on its own form): null, and the caller sends them their
   * own sign-in link instead, so no link to their account is ever handed to someone else.
   */
  async invite(
    email: string,
    role: StaffRole,
    by: AuditActor,
  ): Promise<{ member: StaffMember; token: string } | { member: StaffMember; token: null }> {
    if (!STAFF_ROLES.includes(role)) throw new Error(`unknown role ${role}`);
    const address = email.trim().toLowerCase();
    return this.db.transaction(async (tx) => {
      const [existing] = await tx.query<StaffMember & { disabled: boolean }>(
        "select id, email, role, disabled_at is not null as disabled from staff_members where email = $1 for update",
        [address],
      );
      if (existing && !existing.disabled) {
        const member = { id: existing.id, email: existing.email, role: existing.role };
        await this.audit(tx, by, "staff.invite.existing", `staff:${address}`, null, {
          own_sign_in_link_asked_for: true,
        });
        return { member, token: null };
      }
      const member = { id: existing?.id ?? randomUUID(), email: address, role };
      if (existing) {
        await tx.query("update staff_members set role = $2, disabled_at = null where id = $1", [member.id, role]);
      } else {
        await tx.query("insert into staff_members (id, email, role) values ($1, $2, $3)", [member.id, address, role]);
      }
      const token = await this.link(tx, member.id, "enrol", STAFF_TIMES.enrolLinkMs);
      const before = existing ? { email: existing.email, role: existing.role, disabled: true } : null;
      await this.audit(tx, by, "staff.invite", `staff:${address}`, before, member);
      return { member, token };
    });
  }

  /** A member's new role; the last active admin keeps theirs (someone must be able to run the desk). */
  async changeRole(id: string, role: StaffRole, by: AuditActor): Promise<StaffMember | "missing" | "last-admin"> {
    return this.db.transaction(async (tx) => {
      const admins = await this.lockAdmins(tx);
      const before = await this.activeMember(tx, id);
      if (!before) return "missing";
      if (before.role === "admin" && role !== "admin" && admins.every((admin) => admin === id)) return "last-admin";
      await tx.query("update staff_members set role = $2 where id = $1", [id, role]);
      const after = { ...before, role };
      await this.audit(tx, by, "staff.role", `staff:${before.email}`, before, after);
      return after;
    });
  }

  /**
   * Off-boarding: the member can do nothing from now on. Their sessions end, their passkeys and unused links are
   * deleted and their ceremonies dropped, in one transaction; the last active admin cannot be disabled.
   */
  async disable(id: string, by: AuditActor): Promise<StaffMember | "missing" | "last-admin"> {
    return this.db.transaction(async (tx) => {
      const admins = await this.lockAdmins(tx);
      const member = await this.activeMember(tx, id);
      if (!member) return "missing";
      if (member.role === "admin" && admins.every((admin) => admin === id)) return "last-admin";
      const at = this.at();
      await tx.query("update staff_members set disabled_at = $2 where id = $1", [id, at]);
      const ended = await tx.query(
        "update staff_sessions set ended_at = $2 where staff_id = $1 and ended_at is null returning 1",
        [id, at],
      );
      const passkeys = await tx.query("delete from staff_passkeys where staff_id = $1 returning 1", [id]);
      await tx.query("delete from staff_challenges where staff_id = $1", [id]);
      await tx.query("update staff_links set used_at = $2 where staff_id = $1 and used_at is null", [id, at]);
      await this.audit(tx, by, "staff.disable", `staff:${member.email}`, member, {
        disabled_at: at,
        sessions_ended: ended.length,
        passkeys_removed: passkeys.length,
      });
      return member;
    });
  }

  /** A disabled member taken off the list (disable first: removal never skips off-boarding). */
  async remove(id: string, by: AuditActor): Promise<"removed" | "missing" | "active"> {
    return this.db.transaction(async (tx) => {
      const [member] = await tx.query<StaffMember & { disabled: boolean }>(
        "select id, email, role, disabled_at is not null as disabled from staff_members where id = $1 for update",
        [id],
      );
      if (!member) return "missing";
      if (!member.disabled) return "active";
      for (const table of ["staff_links", "staff_sessions", "staff_passkeys", "staff_challenges"]) {
        await tx.query(`delete from ${table} where staff_id = $1`, [id]);
      }
      await tx.query("delete from staff_members where id = $1", [id]);
      await this.audit(
        tx,
        by,
        "staff.remove",
        `staff:${member.email}`,
        { email: member.email, role: member.role },
        null,
      );
      return "removed";
    });
  }

  private async activeMember(tx: Queryable, id: string): Promise<StaffMember | null> {
    const [member] = await tx.query<StaffMember>(
      "select id, email, role from staff_members where id = $1 and disabled_at is null for update",
      [id],
    );
    return member ?? null;
  }

  /**
   * The active admins' ids, their rows locked, always first and in one order: two admins demoting or disabling each
   * other at once take turns (never a deadlock), and the second sees that only one admin is left.
   */
  private async lockAdmins(tx: Queryable): Promise<string[]> {
    const admins = await tx.query<{ id: string }>(
      "select id from staff_members where role = 'admin' and disabled_at is null order by id for update",
    );
    return admins.map((admin) => admin.id);
  }

  /** A sign-in link's token for a member with this address, or null (the caller says the same either way). */
  async signInLink(email: string): Promise<{ member: StaffMember; token: string } | null> {
    const member = await this.memberByEmail(email);
    if (!member) return null;
    return { member, token: await this.link(this.db, member.id, "sign-in", STAFF_TIMES.signInLinkMs) };
  }

  private async link(tx: Queryable, staffId: string, purpose: "sign-in" | "enrol", lifeMs: number) {
    const token = newToken();
    await tx.query("insert into staff_links (token_hash, staff_id, purpose, expires_at) values ($1, $2, $3, $4)", [
      hash(token),
      staffId,
      purpose,
      this.at(lifeMs),
    ]);
    return token;
  }

  /** Uses a link once: a session's token for its member, or null when it is unknown, used or past its time. */
  async useLink(token: string): Promise<{ member: StaffMember; session: string } | null> {
    return this.db.transaction(async (tx) => {
      const [link] = await tx.query<{ staff_id: string }>(
        `update staff_links set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2
         returning staff_id`,
        [hash(token), this.at()],
      );
      if (!link) return null;
      const [member] = await tx.query<StaffMember>(
        "select id, email, role from staff_members where id = $1 and disabled_at is null",
        [link.staff_id],
      );
      if (!member) return null;
      return { member, session: await this.openSession(tx, member) };
    });
  }

  /** The member a session belongs to while it is alive (used within the idle time, younger than the limit). */
  async sessionMember(session: string): Promise<StaffMember | null> {
    const [member] = await this.db.query<StaffMember>(
      `update staff_sessions s set last_seen_at = $2
       from staff_members m
       where s.token_hash = $1 and s.ended_at is null and m.id = s.staff_id and m.disabled_at is null
         and s.last_seen_at > $3 and s.created_at > $4
       returning m.id, m.email, m.role`,
      [hash(session), this.at(), this.at(-STAFF_TIMES.idleMs), this.at(-STAFF_TIMES.absoluteMs)],
    );
    return member ?? null;
  }

  async endSession(session: string): Promise<void> {
    await this.db.query("update staff_sessions set ended_at = $2 where token_hash = $1 and ended_at is null", [
      hash(session),
      this.at(),
    ]);
  }

  /** Writes one audit row in the change's transaction (audit.ts), at this store's time. */
  audit(tx: Queryable, by: AuditActor, action: string, subject: string, before: unknown, after: unknown) {
    return writeAudit(tx, by, action, subject, before, after, this.at());
  }
}
