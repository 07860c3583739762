import type { STAFF_ROLES } from "./enumerations.js";
import type { LeadDepartment } from "./lead-forms.js";

// Who may do what on the staff desk: the API holds everyone to it on every route (staff-api.schema.ts lists the routes
// and their shapes); the desk reads it to offer only what a role includes.

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
    speed: true,
    bookings: true,
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
    speed: false,
    bookings: false,
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
    speed: false,
    bookings: true,
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
    speed: true,
    bookings: false,
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
    /** Team desk: the site's speed as its real visitors measured it (Web Vitals), against Google's goals. */
    speed: boolean;
    /** The service department's bookings (its day and week) and what it can book (bays, kinds, hours). */
    bookings: boolean;
  }
>;

/** What a role may be granted: by department (leads, specials, hours), or whole. */
export type Grant = keyof (typeof ROLE_GRANTS)[StaffRole];

/**
 * Whether a role includes a grant: a whole one (staff, units…), a department's share of one (a department named), or
 * any department's (none named). The one check the API makes on every route and the desk makes to offer a page.
 */
export function allows(role: StaffRole, grant: Grant, department?: string): boolean {
  const granted: boolean | readonly string[] = ROLE_GRANTS[role][grant];
  if (typeof granted === "boolean") return granted;
  return department === undefined ? granted.length > 0 : granted.includes(department);
}

/** The departments a role's grant covers (none for a whole grant it lacks, all for one it has). */
export function grantedDepartments(role: StaffRole, grant: "leads" | "specials" | "hours"): readonly LeadDepartment[] {
  return ROLE_GRANTS[role][grant];
}

/**
 * Who may call a staff route (shared-types STAFF_API): anyone (a sign-in route: no session is asked for), any member
 * signed in, a member whose role includes a grant (any department's share of it), or one of several grants.
 */
export type StaffAccess = "signed-out" | "signed-in" | Grant | readonly Grant[];

/** Whether a role may call a route of this access (a signed-out route: anyone). */
export function mayCall(role: StaffRole, access: StaffAccess): boolean {
  if (access === "signed-out" || access === "signed-in") return true;
  return typeof access === "string" ? allows(role, access) : access.some((grant) => allows(role, grant));
}
