import type { LeadFieldLabels, LeadFormId, LeadTextField } from "shared-types";
import { LEAD_MESSAGES } from "../copy";

/** A field a visitor types into; each form shows its own from these. */
export interface LeadInput {
  name: LeadTextField;
  label: string;
  type?: "text" | "email" | "tel" | "textarea";
  /** Spans the whole row of the grid. */
  wide?: boolean;
}

/** What a form says once its lead is stored, on the page (with scripts) or on the thank-you page (without). */
export interface ThankYou {
  heading?: string;
  text: string;
}

/** Everything about a form that does not depend on where it is shown: what it asks, and what it says. */
export interface LeadFormDefinition {
  inputs: readonly LeadInput[];
  heading?: string;
  submitLabel: string;
  /** Placeholders repeat the labels inside the inputs (the trailer form's look). */
  placeholders?: boolean;
  thankYou: ThankYou;
}

const CONTACT_INPUTS: readonly LeadInput[] = [
  { name: "first_name", label: "First Name" },
  { name: "last_name", label: "Last Name" },
  { name: "company", label: "Company" },
  { name: "email", label: "Email", type: "email" },
  { name: "day_phone", label: "Phone Number", type: "tel" },
];
const MESSAGE_INPUT: LeadInput = { name: "message", label: "Message", type: "textarea", wide: true };
const VEHICLE_INPUTS: readonly LeadInput[] = [
  { name: "v_make", label: "Vehicle Make" },
  { name: "v_model", label: "Vehicle Model" },
];
const THANK_YOU: ThankYou = { text: LEAD_MESSAGES.success };

/**
 * Team leads' ten enquiry forms (SPEC §2, §4, §5). The form components, the rules' messages and the server that
 * takes a form sent without scripts all read this table, so a form asks and says the same wherever it is sent from.
 */
export const LEAD_FORM_DEFINITIONS: Record<LeadFormId, LeadFormDefinition> = {
  contact: { inputs: [...CONTACT_INPUTS, MESSAGE_INPUT], submitLabel: "Submit", thankYou: THANK_YOU },
  "more-info": { inputs: [...CONTACT_INPUTS, MESSAGE_INPUT], submitLabel: "Submit", thankYou: THANK_YOU },
  inquiry: { inputs: [...CONTACT_INPUTS, MESSAGE_INPUT], submitLabel: "Submit", thankYou: THANK_YOU },
  quote: {
    inputs: [...CONTACT_INPUTS, { ...MESSAGE_INPUT, label: "Additional Information" }],
    submitLabel: "Request a Quote",
    thankYou: THANK_YOU,
  },
  "vehicle-contact": {
    heading: "Ask about this vehicle",
    inputs: [...CONTACT_INPUTS, MESSAGE_INPUT],
    submitLabel: "Submit",
    thankYou: THANK_YOU,
  },
  "service-request": {
    heading: "Request Vehicle Service",
    inputs: [...CONTACT_INPUTS, ...VEHICLE_INPUTS, MESSAGE_INPUT],
    submitLabel: "Request Service",
    thankYou: THANK_YOU,
  },
  "parts-request": {
    heading: "Request Vehicle Parts",
    inputs: [
      ...CONTACT_INPUTS,
      { name: "make", label: "Vehicle Make" },
      { name: "model", label: "Vehicle Model" },
      { name: "parts_required", label: "Parts Required", type: "textarea", wide: true },
      MESSAGE_INPUT,
    ],
    submitLabel: "Request Parts",
    thankYou: THANK_YOU,
  },
  "service-booking": {
    inputs: [...CONTACT_INPUTS, ...VEHICLE_INPUTS, { ...MESSAGE_INPUT, label: "How can we help?" }],
    submitLabel: "Book Appointment",
    thankYou: LEAD_MESSAGES.serviceBookingSuccess,
  },
  "trailer-enquiry": {
    heading: "Ask about this trailer",
    placeholders: true,
    inputs: [
      { name: "first_name", label: "First Name" },
      { name: "last_name", label: "Last Name" },
      { name: "email", label: "Email", type: "email" },
      { name: "day_phone", label: "Phone Number", type: "tel" },
      MESSAGE_INPUT,
    ],
    submitLabel: "Submit",
    thankYou: { text: LEAD_MESSAGES.trailerSuccess },
  },
  "vehicle-finder": {
    heading: "Can't find it? We'll find it for you",
    inputs: [
      { name: "first_name", label: "First Name" },
      { name: "last_name", label: "Last Name" },
      { name: "company", label: "Company" },
      { name: "email", label: "Email", type: "email" },
      { name: "day_phone", label: "Phone Number", type: "tel" },
      ...VEHICLE_INPUTS,
    ],
    submitLabel: "Find My Vehicle",
    thankYou: THANK_YOU,
  },
};

/** The labels a form shows, which its rules' messages use. */
export const labelsOf = (form: LeadFormId): LeadFieldLabels =>
  Object.fromEntries(LEAD_FORM_DEFINITIONS[form].inputs.map((input) => [input.name, input.label]));

/**
 * One form on a page, told apart from the others: its id and, where a page can show it more than once or for
 * different things, its scope ("vehicle-contact:A1234"). What FORM_FIELD carries after "leads:".
 */
export function formKey(form: LeadFormId, scope = ""): string {
  const slug = scope
    .replace(/[^A-Za-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 120);
  return slug ? `${form}:${slug}` : form;
}

export const formFromKey = (key: string): LeadFormId | null => {
  const form = key.split(":")[0] ?? "";
  return Object.hasOwn(LEAD_FORM_DEFINITIONS, form) ? (form as LeadFormId) : null;
};
