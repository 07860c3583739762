import type { LeadDepartment } from "shared-types";

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

export const mayRead = (role: StaffRole, department: string): boolean =>
  (ROLE_GRANTS[role].leads as readonly string[]).includes(department);
