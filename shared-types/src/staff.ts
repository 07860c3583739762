import type { LeadDepartment } from "./lead-forms.js";

// The staff desk's contract with the API's staff routes (/api/staff/*): who may do what, and the shapes the routes
// answer. The API holds everyone to it on every route; the desk reads it to offer only what a role includes.

/** The desk's roles, as staff:invite and the desk's invitation form take them. */
export const STAFF_ROLES = ["admin", "sales_manager", "service_manager", "marketing"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What each role may do: the one place the API (every route) and the desk (what it offers) read it from. Leads,
 * specials and hours are granted by department: a service manager answers service and parts leads, posts their
 * specials and sets their hours.
 */
export const ROLE_GRANTS = {
  admin: {
    leads: ["sales", "service", "parts"],
    specials: ["sales", "service", "parts"],
    hours: ["sales", "service", "parts"],
    staff: true,
    audit: true,
    business: true,
    units: true,
    feeds: true,
    texts: true,
  },
  sales_manager: {
    leads: ["sales"],
    specials: ["sales"],
    hours: [],
    staff: false,
    audit: false,
    business: false,
    units: true,
    feeds: false,
    texts: false,
  },
  service_manager: {
    leads: ["service", "parts"],
    specials: ["service", "parts"],
    hours: ["service", "parts"],
    staff: false,
    audit: false,
    business: false,
    units: false,
    feeds: false,
    texts: false,
  },
  marketing: {
    leads: [],
    specials: ["sales", "service", "parts"],
    hours: [],
    staff: false,
    audit: false,
    business: false,
    units: false,
    feeds: false,
    texts: true,
  },
} as const satisfies Record<
  StaffRole,
  {
    leads: readonly LeadDepartment[];
    specials: readonly LeadDepartment[];
    hours: readonly LeadDepartment[];
    staff: boolean;
    audit: boolean;
    business: boolean;
    units: boolean;
    feeds: boolean;
    /** The site's own texts: the notice at the top of every page. */
    texts: boolean;
  }
>;

/** What a role may open that is not granted by department: staff, the audit log, all the details, units, feeds, texts. */
export type Grant = "staff" | "audit" | "business" | "units" | "feeds" | "texts";

/** What a role includes, as GET /api/staff/me answers it beside the member. */
export type StaffGrants = (typeof ROLE_GRANTS)[StaffRole];

/** Whether a role includes a department's leads, specials or hours. */
export const grantsDepartment = (role: StaffRole, what: "leads" | "specials" | "hours", department: string): boolean =>
  (ROLE_GRANTS[role][what] as readonly string[]).includes(department);

export const mayRead = (role: StaffRole, department: string): boolean => grantsDepartment(role, "leads", department);

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
}

/** What the desk shows of a lead: its form, department, when it was stored, its deliveries, and who answers it. */
export interface LedgerLead {
  id: string;
  form: string;
  department: string;
  received_at: string;
  name: string;
  email: string;
  phone: string;
  /** Each channel's status, and its receipt once delivered: the mail server's message id and reply, the webhook's status. */
  deliveries: { channel: string; status: string; delivered_at: string | null; last_error: string; receipt: string }[];
  /** When the department's manager was told nobody had claimed it in time. */
  escalated_at: string | null;
  claimed_by: string | null;
  claimed_at: string | null;
  contacted_at: string | null;
}

export interface SpeedToLead {
  department: string;
  leads: number;
  contacted: number;
  median_minutes: number | null;
  p90_minutes: number | null;
}

/** A unit as the desk sees it: what the site shows, and the staff change the feed gives way to, if any. */
export interface DeskUnit {
  stock_number: string;
  year: number;
  make: string;
  model: string;
  trim: string;
  full_price: number;
  sale_price: number;
  status: "available" | "sale_pending" | "sold";
  hidden: boolean;
  staff_override: UnitOverride | null;
}

/** What staff set on a unit, and why: it stands through every feed import until it is cleared. */
export interface UnitOverride {
  sale_price?: number;
  status?: "available" | "sale_pending" | "sold";
  hidden?: boolean;
  reason: string;
  by: string;
  at: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  staff_email: string;
  action: string;
  subject: string;
  before: unknown;
  after: unknown;
}

/** A held enquiry as the desk lists it: what a desk reads of it, label and value, "Held because" last. */
export interface HeldEnquiryListing {
  id: string;
  reason: string;
  received_at: string;
  department: string;
  summary: [string, string][];
}

/** A special as the desk edits it: SPEC's promotion, with a title for the desk, its days, and where it came from. */
export interface DeskSpecial {
  id: string;
  department: "sales" | "service" | "parts";
  rank: number;
  title: string;
  html: string;
  image: string;
  url: string;
  /** The first and last days it is shown (Calgary), "YYYY-MM-DD"; null: from now, or until removed. */
  starts_on: string | null;
  ends_on: string | null;
  /** "desk": made on the desk, kept through promotions feeds; "feed": replaced by the next promotions feed. */
  origin: "desk" | "feed";
}

/** A feed run as the desk lists it (the API's feed_runs). */
export interface DeskFeedRun {
  id: string;
  kind: "inventory" | "promotions";
  source: string;
  started_at: string;
  finished_at: string | null;
  outcome: "running" | "imported" | "refused" | "failed";
  report: {
    failed?: string;
    added?: number;
    updated?: number;
    unchanged?: number;
    marked_sold?: number;
    imported?: number;
    refused?: string;
    rejected?: { line?: number; index?: number; stock_number?: string; reason: string }[];
    photo_problems?: { line: number; stock_number: string; url: string; reason: string }[];
  };
}
