import type { LeadDepartment } from "./lead-forms.js";

// The staff desk's contract with the API's staff routes (/api/staff/*): who may do what, and the shapes the routes
// answer. The API holds everyone to it on every route; the desk reads it to offer only what a role includes.

/** The desk's roles, as staff:invite and the desk's invitation form take them. */
export const STAFF_ROLES = ["admin", "sales_manager", "service_manager", "marketing"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What each role may do: the one place the API (every route) and the desk (what it offers) read it from. */
export const ROLE_GRANTS = {
  admin: { leads: ["sales", "service", "parts"], staff: true, audit: true, business: true, units: true },
  sales_manager: { leads: ["sales"], staff: false, audit: false, business: false, units: true },
  service_manager: { leads: ["service", "parts"], staff: false, audit: false, business: false, units: false },
  marketing: { leads: [], staff: false, audit: false, business: false, units: false },
} as const satisfies Record<
  StaffRole,
  { leads: readonly LeadDepartment[]; staff: boolean; audit: boolean; business: boolean; units: boolean }
>;

/** What a role may open besides leads: the staff list, the audit log, the dealership's details and hours, units. */
export type Grant = "staff" | "audit" | "business" | "units";

/** What a role includes, as GET /api/staff/me answers it beside the member. */
export type StaffGrants = (typeof ROLE_GRANTS)[StaffRole];

export const mayRead = (role: StaffRole, department: string): boolean =>
  (ROLE_GRANTS[role].leads as readonly string[]).includes(department);

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
  deliveries: { channel: string; status: string; delivered_at: string | null; last_error: string }[];
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
