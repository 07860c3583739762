import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  type DeskUnit,
  LEAD_FORMS,
  type LeadDepartment,
  type LedgerLead,
  type SpeedToLead,
  STAFF_ROLES,
  type StaffListing,
  type StaffMember,
  type StaffRole,
  type UnitOverride,
} from "shared-types";
import type { Database, Queryable } from "../db/database.js";
import { departmentOf } from "../delivery/departments.js";
import { type AuditActor, writeAudit } from "./audit.js";

const ALL_FORMS = Object.keys(LEAD_FORMS);

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

/** A timestamp as the API answers it: ISO 8601 in UTC, which every reader parses the same way. */
export const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
      `select id, email, role, ${iso("created_at")} as created_at, ${iso("disabled_at")} as disabled_at
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
        await this.audit(tx, by, "staff.invite.existing", `staff:${address}`, null, { sign_in_link_sent_to: address });
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
      const before = await this.activeMember(tx, id);
      if (!before) return "missing";
      if (before.role === "admin" && role !== "admin" && (await this.isLastAdmin(tx, id))) return "last-admin";
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
      const member = await this.activeMember(tx, id);
      if (!member) return "missing";
      if (member.role === "admin" && (await this.isLastAdmin(tx, id))) return "last-admin";
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

  /** Whether no other active admin is left; the admins' rows are locked, so two admins cannot demote each other at once. */
  private async isLastAdmin(tx: Queryable, id: string): Promise<boolean> {
    const admins = await tx.query<{ id: string }>(
      "select id from staff_members where role = 'admin' and disabled_at is null order by id for update",
    );
    return admins.every((admin) => admin.id === id);
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

  /** The leads ledger, newest first: by department, by what is still to do, by text in the name, email or phone. */
  async ledger(filter: {
    departments: readonly string[];
    state?: "unclaimed" | "claimed" | "contacted";
    text?: string;
    limit?: number;
  }): Promise<LedgerLead[]> {
    const rows = await this.db.query<{
      id: string;
      form: string;
      received_at: string;
      fields: Record<string, unknown>;
      claimed_by: string | null;
      claimed_at: string | null;
      contacted_at: string | null;
      escalated_at: string | null;
      deliveries: LedgerLead["deliveries"] | null;
    }>(
      `select l.id, l.form, ${iso("l.received_at")} as received_at, l.fields, l.claimed_by,
         ${iso("l.claimed_at")} as claimed_at, ${iso("l.contacted_at")} as contacted_at,
         ${iso("l.escalated_at")} as escalated_at,
         (select jsonb_agg(jsonb_build_object('channel', d.channel, 'status', d.status,
            'delivered_at', ${iso("d.delivered_at")}, 'last_error', d.last_error, 'receipt', d.receipt)
            order by d.channel)
          from lead_deliveries d where d.lead_id = l.id) as deliveries
       from leads l
       where ($1::text is null or (case $1::text
           when 'unclaimed' then l.claimed_at is null
           when 'claimed' then l.claimed_at is not null and l.contacted_at is null
           else l.contacted_at is not null end))
         and ($2::text is null or lower(l.fields::text) like '%' || lower($2::text) || '%')
         and (l.form = any($4::text[]) or ($5::boolean and not (l.form = any($6::text[]))))
       order by l.received_at desc
       limit $3`,
      [
        filter.state ?? null,
        filter.text?.trim() || null,
        filter.limit ?? 200,
        ALL_FORMS.filter((form) => filter.departments.includes(departmentOf(form))),
        // a form the site no longer has is the sales desk's, as its deliveries were
        filter.departments.includes("sales"),
        ALL_FORMS,
      ],
    );
    const text = (fields: Record<string, unknown>, name: string) =>
      typeof fields[name] === "string" ? (fields[name] as string) : "";
    return rows.map((row) => ({
      id: row.id,
      form: row.form,
      department: departmentOf(row.form),
      received_at: row.received_at,
      name: [text(row.fields, "first_name"), text(row.fields, "last_name")].filter(Boolean).join(" "),
      email: text(row.fields, "email"),
      phone: text(row.fields, "day_phone"),
      deliveries: row.deliveries ?? [],
      claimed_by: row.claimed_by,
      claimed_at: row.claimed_at,
      contacted_at: row.contacted_at,
      escalated_at: row.escalated_at,
    }));
  }

  /**
   * Speed to lead per department over the last 30 days: how many leads came, how many were answered, and the
   * median and 90th percentile of the minutes from a lead's arrival to its being marked contacted.
   */
  async speedToLead(departments: readonly LeadDepartment[]): Promise<SpeedToLead[]> {
    const rows = await this.db.query<{ form: string; minutes: number | null }>(
      `select form, extract(epoch from (contacted_at - received_at)) / 60 as minutes
       from leads where received_at > $1`,
      [this.at(-30 * 24 * 60 * 60 * 1000)],
    );
    const percentile = (sorted: number[], p: number) =>
      sorted.length === 0 ? null : (sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? null);
    return departments.map((department) => {
      const mine = rows.filter((row) => departmentOf(row.form) === department);
      const answered = mine
        .map((row) => (row.minutes === null ? null : Number(row.minutes)))
        .filter((minutes): minutes is number => minutes !== null)
        .sort((a, b) => a - b);
      return {
        department,
        leads: mine.length,
        contacted: answered.length,
        median_minutes: percentile(answered, 0.5),
        p90_minutes: percentile(answered, 0.9),
      };
    });
  }

  /** Claims a lead for a member (once: a claimed lead stays with whoever claimed it). */
  async claim(id: string, by: StaffMember): Promise<"claimed" | "taken" | "missing"> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.query<{ claimed_by: string | null }>(
        "select claimed_by from leads where id = $1 for update",
        [id],
      );
      if (!before) return "missing";
      if (before.claimed_by) return "taken";
      const at = this.at();
      await tx.query("update leads set claimed_by = $2, claimed_at = $3 where id = $1", [id, by.email, at]);
      await this.audit(
        tx,
        by,
        "lead.claim",
        `lead:${id}`,
        { claimed_by: null },
        { claimed_by: by.email, claimed_at: at },
      );
      return "claimed";
    });
  }

  /** Marks a lead contacted (claiming it too, when nobody had). */
  async markContacted(id: string, by: StaffMember): Promise<"contacted" | "missing"> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.query<{ claimed_by: string | null; contacted_at: string | null }>(
        "select claimed_by, contacted_at::text from leads where id = $1 for update",
        [id],
      );
      if (!before) return "missing";
      if (before.contacted_at) return "contacted";
      const at = this.at();
      const claimedBy = before.claimed_by ?? by.email;
      await tx.query(
        "update leads set claimed_by = $2, claimed_at = coalesce(claimed_at, $3), contacted_at = $3 where id = $1",
        [id, claimedBy, at],
      );
      await this.audit(tx, by, "lead.contacted", `lead:${id}`, before, { claimed_by: claimedBy, contacted_at: at });
      return "contacted";
    });
  }

  private static readonly UNIT_COLUMNS = `stock_number, year, make, model, trim, full_price, low_price as sale_price,
    status, hidden, staff_override`;

  /** Units by stock number, VIN, make or model (hidden ones too: the desk can show them again). */
  async findUnits(text: string): Promise<DeskUnit[]> {
    const words = `%${text.trim().toLowerCase()}%`;
    return this.db.query<DeskUnit>(
      `select ${StaffStore.UNIT_COLUMNS} from vehicles
       where lower(stock_number) like $1 or lower(vin) like $1 or lower(make || ' ' || model) like $1
       order by status = 'sold', stock_number limit 50`,
      [words],
    );
  }

  async unit(stock: string): Promise<DeskUnit | null> {
    const [unit] = await this.db.query<DeskUnit>(
      `select ${StaffStore.UNIT_COLUMNS} from vehicles where stock_number = $1`,
      [stock],
    );
    return unit ?? null;
  }

  /**
   * Sets a unit's sale price, status or visibility for a reason: the site shows it at once, and the feed's price and
   * status for the unit give way to it (inventory-import.ts) until it is cleared.
   */
  async overrideUnit(
    stock: string,
    change: { sale_price?: number; status?: DeskUnit["status"]; hidden?: boolean; reason: string },
    by: AuditActor,
  ): Promise<DeskUnit | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.query<DeskUnit>(
        `select ${StaffStore.UNIT_COLUMNS} from vehicles where stock_number = $1 for update`,
        [stock],
      );
      if (!before) return null;
      const override: UnitOverride = {
        ...(before.staff_override ?? {}),
        ...(change.sale_price === undefined ? {} : { sale_price: change.sale_price }),
        ...(change.status === undefined ? {} : { status: change.status }),
        ...(change.hidden === undefined ? {} : { hidden: change.hidden }),
        reason: change.reason,
        by: by.email,
        at: this.at(),
      };
      const [after] = await tx.query<DeskUnit>(
        `update vehicles set
           low_price = coalesce($2, low_price),
           discount = case when $2::int is null then discount else greatest(full_price - $2::int, 0) end,
           status = coalesce($3, status),
           hidden = coalesce($4, hidden),
           staff_override = $5
         where stock_number = $1 returning ${StaffStore.UNIT_COLUMNS}`,
        [stock, change.sale_price ?? null, change.status ?? null, change.hidden ?? null, JSON.stringify(override)],
      );
      await this.audit(tx, by, "unit.override", `unit:${stock}`, before, after);
      return after ?? null;
    });
  }

  /** Clears a unit's staff change: it stays as it is until the next feed import, which then sets its price and status. */
  async clearOverride(stock: string, by: AuditActor): Promise<DeskUnit | null> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.query<DeskUnit>(
        `select ${StaffStore.UNIT_COLUMNS} from vehicles where stock_number = $1 for update`,
        [stock],
      );
      if (!before) return null;
      // a hidden unit is shown again: hiding is only ever a staff change
      const [after] = await tx.query<DeskUnit>(
        `update vehicles set staff_override = null, hidden = false where stock_number = $1
         returning ${StaffStore.UNIT_COLUMNS}`,
        [stock],
      );
      await this.audit(tx, by, "unit.override.clear", `unit:${stock}`, before, after);
      return after ?? null;
    });
  }

  /** Writes one audit row in the change's transaction (audit.ts), at this store's time. */
  audit(tx: Queryable, by: AuditActor, action: string, subject: string, before: unknown, after: unknown) {
    return writeAudit(tx, by, action, subject, before, after, this.at());
  }
}
