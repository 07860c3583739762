import { LEAD_DEPARTMENTS, LEAD_FORMS, type LeadDepartment, type LeadFormId } from "shared-types";

/** The dealership's desks that answer enquiries; each has its own inbox (shared-types LEAD_DEPARTMENTS). */
export const DEPARTMENTS = LEAD_DEPARTMENTS;
export type Department = LeadDepartment;

/**
 * Which desk answers a form: its entry in shared-types LEAD_FORMS says. A form id stored by an older version that
 * the table no longer knows goes to sales, who answer the phone.
 */
export const departmentOf = (form: string): Department => LEAD_FORMS[form as LeadFormId]?.department ?? "sales";
