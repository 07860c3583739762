import { LEAD_FORMS, type LeadDepartment, type LedgerLead, type SpeedToLead, type StaffMember } from "shared-types";
import type { Database } from "../db/database.js";
import { isoTime } from "../db/iso-time.js";
import { departmentOf } from "../delivery/departments.js";
import { writeAudit } from "./audit.js";

const ALL_FORMS = Object.keys(LEAD_FORMS);

/**
 * The leads as the desk answers them: the ledger, speed to lead, and who claimed and answered each, every change
 * audited in its transaction.
 */
export class LeadLedger {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  private at(offsetMs = 0) {
    return new Date(this.now() + offsetMs).toISOString();
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
      `select l.id, l.form, ${isoTime("l.received_at")} as received_at, l.fields, l.claimed_by,
         ${isoTime("l.claimed_at")} as claimed_at, ${isoTime("l.contacted_at")} as contacted_at,
         ${isoTime("l.escalated_at")} as escalated_at,
         (select jsonb_agg(jsonb_build_object('channel', d.channel, 'status', d.status,
            'delivered_at', ${isoTime("d.delivered_at")}, 'last_error', d.last_error, 'receipt', d.receipt)
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
      await writeAudit(
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
      await writeAudit(tx, by, "lead.contacted", `lead:${id}`, before, { claimed_by: claimedBy, contacted_at: at });
      return "contacted";
    });
  }
}
