import { type BusinessDetails, type Closure, type DayHours, dealershipToday, LEAD_FORMS, WEEKDAYS } from "shared-types";
import type { Database } from "../db/database.js";
import { type Department, departmentOf } from "../delivery/departments.js";
import { unclaimedLeadEmail } from "../emails/unclaimed-lead.js";
import type { StaffStore } from "./staff-store.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Escalates unclaimed leads: the API's process runs it every minute (main.ts), a test when its clock says. */
    leadEscalation: LeadEscalation;
  }
}

const CALGARY = "America/Edmonton";
const MINUTE_MS = 60_000;
/** How far ahead a deadline is looked for: a department closed for longer than this escalates when it reopens. */
const HORIZON_DAYS = 60;

const wallClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: CALGARY,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The instant's Calgary wall clock, read as if it were UTC: the difference from the instant is Calgary's offset. */
function wallClockAsUtc(instant: number): number {
  const part = Object.fromEntries(wallClock.formatToParts(instant).map((p) => [p.type, p.value]));
  return Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute));
}

/** The instant a Calgary day ("YYYY-MM-DD") shows a time ("HH:MM"), summer time or not. */
export function calgaryInstant(day: string, time: string): number {
  const [year = 0, month = 1, date = 1] = day.split("-").map(Number);
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  const asUtc = Date.UTC(year, month - 1, date, hour, minute);
  // the offset at a first guess, then at the answer it gives: right on both sides of a change of clocks
  const guess = asUtc - (wallClockAsUtc(asUtc) - asUtc);
  return asUtc - (wallClockAsUtc(guess) - guess);
}

/** The desk's list of the leads nobody has claimed. */
export const unclaimedLeadsLink = (deskUrl: string) => `${deskUrl.replace(/\/$/, "")}/leads?state=unclaimed`;

/** An instant as the escalation email writes it: Calgary's date and time, in Canadian English. */
export const calgaryTime = (instant: string) => new Date(instant).toLocaleString("en-CA", { timeZone: CALGARY });

const dayAfter = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (day: string) => WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7];

/**
 * When a department has been open `minutes` since `from`: its weekly hours, less its closures, counted in Calgary.
 * A day of words ("By Appointment Only") counts as closed. Null when the department opens for less than that in the
 * next 60 days (no hours set).
 */
export function openDeadline(
  week: readonly DayHours[],
  closures: readonly Closure[],
  department: Department,
  from: number,
  minutes: number,
): number | null {
  let remainingMs = minutes * MINUTE_MS;
  let day = dealershipToday(new Date(from));
  for (let i = 0; i < HORIZON_DAYS; i++, day = dayAfter(day)) {
    const closed = closures.some((c) => c.departments.includes(department) && c.from <= day && day <= c.to);
    const hours = closed ? undefined : week.find((d) => d.day === weekdayOf(day));
    for (const segment of hours?.segments ?? []) {
      const start = Math.max(calgaryInstant(day, segment.open), from);
      const end = calgaryInstant(day, segment.close);
      if (end <= start) continue;
      if (end - start >= remainingMs) return start + remainingMs;
      remainingMs -= end - start;
    }
  }
  return null;
}

/** Who is told: the department's manager (the role that answers its leads, short of admin), else the admins. */
const MANAGER_ROLE: Record<Department, "sales_manager" | "service_manager"> = {
  sales: "sales_manager",
  service: "service_manager",
  parts: "service_manager",
};

export interface EscalationOptions {
  /** Open minutes a lead may wait unclaimed (LEAD_ESCALATION_MINUTES). */
  minutes: number;
  business: () => Promise<BusinessDetails>;
  sendMail: (message: { to: string; subject: string; text: string; html: string }) => Promise<void>;
  deskUrl: string;
  now?: () => number;
  log?: { warn(data: object, message: string): void; info(data: object, message: string): void };
}

/**
 * Tells a department's manager about each lead nobody has claimed within the set time, counted in the department's
 * open hours (a lead sent on Saturday night is due an hour after Monday's opening). Each lead is escalated once.
 */
export class LeadEscalation {
  constructor(
    private readonly db: Database,
    private readonly store: StaffStore,
    private readonly options: EscalationOptions,
  ) {}

  /** One pass: returns the ids of the leads escalated. */
  async runOnce(): Promise<string[]> {
    const now = (this.options.now ?? Date.now)();
    const business = await this.options.business();
    const waiting = await this.db.query<{
      id: string;
      form: string;
      received_at: string;
      fields: Record<string, unknown>;
    }>(
      `select id, form, received_at::text, fields from leads
       where claimed_at is null and contacted_at is null and escalated_at is null and received_at > $1
       order by received_at`,
      [new Date(now - HORIZON_DAYS * 86_400_000).toISOString()],
    );
    const escalated: string[] = [];
    for (const lead of waiting) {
      const department = departmentOf(lead.form);
      const due = openDeadline(
        business.hours[department],
        business.closures ?? [],
        department,
        Date.parse(lead.received_at),
        this.options.minutes,
      );
      if (due === null || due > now) continue;
      const [marked] = await this.db.query<{ id: string }>(
        "update leads set escalated_at = $2 where id = $1 and escalated_at is null and claimed_at is null returning id",
        [lead.id, new Date(now).toISOString()],
      );
      if (!marked) continue;
      const managers = await this.store.membersWithRole(MANAGER_ROLE[department]);
      const to = managers.length > 0 ? managers : await this.store.membersWithRole("admin");
      if (to.length === 0) {
        this.options.log?.warn({ lead: lead.id, department }, "escalation: no manager or admin to tell");
        continue;
      }
      const name = [lead.fields.first_name, lead.fields.last_name].filter((v) => typeof v === "string").join(" ");
      const form = LEAD_FORMS[lead.form as keyof typeof LEAD_FORMS]?.title ?? lead.form;
      const email = unclaimedLeadEmail({
        department,
        minutes: this.options.minutes,
        formTitle: form,
        name,
        received: calgaryTime(lead.received_at),
        deskLink: unclaimedLeadsLink(this.options.deskUrl),
      });
      for (const manager of to) {
        await this.options
          .sendMail({ to: manager.email, ...email })
          .catch((error: unknown) =>
            this.options.log?.warn({ err: error, lead: lead.id }, "escalation: the email could not be sent"),
          );
      }
      this.options.log?.info({ lead: lead.id, department, to: to.length }, "escalation: an unclaimed lead");
      escalated.push(lead.id);
    }
    return escalated;
  }
}
