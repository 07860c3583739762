import type { LeadFormId } from "shared-types";

/** The dealership's desks that answer enquiries; each has its own inbox. */
export const DEPARTMENTS = ["sales", "service", "parts"] as const;
export type Department = (typeof DEPARTMENTS)[number];

/**
 * Which desk answers which form. Typed over every form id, so a new form cannot be added to the site without
 * someone deciding who answers it.
 */
export const FORM_DEPARTMENT: Record<LeadFormId, Department> = {
  contact: "sales",
  "more-info": "sales",
  inquiry: "sales",
  quote: "sales",
  "vehicle-contact": "sales",
  "trailer-enquiry": "sales",
  "vehicle-finder": "sales",
  "service-request": "service",
  "service-booking": "service",
  "parts-request": "parts",
};

/** A form id stored by an older version that this table no longer knows goes to sales, who answer the phone. */
export const departmentOf = (form: string): Department => FORM_DEPARTMENT[form as LeadFormId] ?? "sales";
