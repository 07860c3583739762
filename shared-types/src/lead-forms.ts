// The enquiry forms' fixed facts (destinations, rules, consent wording): a leaf the lead schemas are built from.

import { DEPARTMENTS } from "./enumerations.js";

/** How a fleet buyer means to pay (the fleet quote's choice). Here, with the form: a form's code loads no more. */
export const FLEET_PAYMENT_METHODS = ["Cash", "Open-end lease", "Closed-end lease", "Finance"] as const;

/** Canada's provinces and territories, for a delivery address. */
export const PROVINCE_CODES = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"] as const;

/** "FQ-1A2B3C4D": what the visitor, the desk and the CRM call a request that confirms (the lead's id, shortened). */
export const leadReference = (leadId: string) => `FQ-${leadId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;

/**
 * Where a lead goes (SPEC §7): opaque ids the dealership's lead router knows.
 * VehicleFinderRequest is the further form of SPEC §2 (a make/model the visitor could not find in stock).
 */
export const LEAD_DESTINATIONS = {
  vehicleServiceRequest: "VehicleServiceRequest",
  vehiclePartsRequest: "VehiclePartsRequest",
  contactUs: "ContactUs",
  vehicleMoreInfo: "VehicleMoreInfo",
  vdpContactForm: "VDPContactForm",
  vehicleInquiry: "VehicleInquiry",
  requestAQuote: "RequestAQuote",
  vehicleFinderRequest: "VehicleFinderRequest",
  /** Several units and models at once, with trade-ins (the fleet quote). */
  fleetQuoteRequest: "FleetQuoteRequest",
} as const;

export type LeadDestination = (typeof LEAD_DESTINATIONS)[keyof typeof LEAD_DESTINATIONS];

/** The dealership's desks that answer enquiries; each has its own inbox. */
export const LEAD_DEPARTMENTS = DEPARTMENTS;
export type LeadDepartment = (typeof LEAD_DEPARTMENTS)[number];

/** A field a visitor types into; each form shows its own from these (the field's facts: LEAD_FIELDS). */
export interface LeadInput {
  name: LeadTextField;
  label: string;
  type?: "text" | "email" | "tel" | "textarea" | "date" | "select";
  /** A select's choices (its first, empty, option says "Choose"). */
  options?: readonly string[];
  /** Says what the field wants, under its label ("6 letters and digits"). */
  hint?: string;
  /** Spans the whole row of the grid. */
  wide?: boolean;
}

/** What a form says once its lead is stored, on the page (with scripts) or on the thank-you page (without). */
export interface LeadThankYou {
  heading?: string;
  text: string;
}

/** Everything about one kind of enquiry form: where its lead goes, what it asks, its rules and what it says. */
export interface LeadFormEntry {
  /** How the desk email, the held enquiries and the export name it. */
  title: string;
  destination: LeadDestination;
  /** The desk that answers it (its inbox gets the lead). */
  department: LeadDepartment;
  requireContact: boolean;
  /** Further fields it cannot be sent without (the fleet quote's company and phone). */
  requires?: readonly LeadTextField[];
  emailFormat: boolean;
  /**
   * The visitor is emailed a confirmation of what they sent (transactional: what they asked for, never offers),
   * and the thank-you page gives the request's reference (leadReference).
   */
  confirmation?: boolean;
  inputs: readonly LeadInput[];
  heading?: string;
  submitLabel: string;
  /** Placeholders repeat the labels inside the inputs (the trailer form's look). */
  placeholders?: boolean;
  thankYou: LeadThankYou;
}

/** What a form says once its lead is stored (SPEC §4, §5). */
export const LEAD_THANK_YOU = {
  reply: { text: "Thank you! We will reach out to you soon with a reply." },
  trailer: { text: "Thank you! We will be in touch soon." },
  booking: { heading: "Thank you!", text: "We will reach out to you soon with a reply." },
} as const satisfies Record<string, LeadThankYou>;

const FIRST_NAME: LeadInput = { name: "first_name", label: "First Name" };
const LAST_NAME: LeadInput = { name: "last_name", label: "Last Name" };
const COMPANY: LeadInput = { name: "company", label: "Company" };
const EMAIL: LeadInput = { name: "email", label: "Email", type: "email" };
const PHONE: LeadInput = { name: "day_phone", label: "Phone Number", type: "tel" };
const CONTACT_INPUTS: readonly LeadInput[] = [FIRST_NAME, LAST_NAME, COMPANY, EMAIL, PHONE];
const MESSAGE_INPUT: LeadInput = { name: "message", label: "Message", type: "textarea", wide: true };
const VEHICLE_INPUTS: readonly LeadInput[] = [
  { name: "v_make", label: "Vehicle Make" },
  { name: "v_model", label: "Vehicle Model" },
];

/** A question to sales about a unit or a model: contact details and a message, none of them required. */
const SALES_QUESTION = {
  department: "sales",
  requireContact: false,
  emailFormat: false,
  inputs: [...CONTACT_INPUTS, MESSAGE_INPUT],
  submitLabel: "Submit",
  thankYou: LEAD_THANK_YOU.reply,
} as const satisfies Omit<LeadFormEntry, "title" | "destination">;

/**
 * Every enquiry form of the site (SPEC §2, §4, §5), one entry each: its destination, desk and rules, the fields it
 * asks (in order, with their labels), its heading, button and thank-you. Team leads' forms, the no-script relay, and
 * the API's validation, delivery, held enquiries and exports all read this table, so a form asks, says and checks
 * the same wherever it is sent from. What each field is (its ADF place, its column): LEAD_FIELDS.
 */
export const LEAD_FORMS = {
  contact: {
    title: "Contact Us",
    destination: LEAD_DESTINATIONS.contactUs,
    department: "sales",
    requireContact: true,
    emailFormat: false,
    inputs: [...CONTACT_INPUTS, MESSAGE_INPUT],
    submitLabel: "Submit",
    thankYou: LEAD_THANK_YOU.reply,
  },
  "more-info": {
    title: "More Information (vehicle or trailer)",
    destination: LEAD_DESTINATIONS.vehicleMoreInfo,
    ...SALES_QUESTION,
  },
  inquiry: {
    title: "Line-up model inquiry",
    destination: LEAD_DESTINATIONS.vehicleInquiry,
    ...SALES_QUESTION,
  },
  quote: {
    title: "Line-up model quote request",
    destination: LEAD_DESTINATIONS.requestAQuote,
    department: "sales",
    requireContact: false,
    emailFormat: false,
    inputs: [...CONTACT_INPUTS, { ...MESSAGE_INPUT, label: "Additional Information" }],
    submitLabel: "Request a Quote",
    thankYou: LEAD_THANK_YOU.reply,
  },
  "vehicle-contact": {
    title: "Vehicle page contact",
    destination: LEAD_DESTINATIONS.vdpContactForm,
    department: "sales",
    requireContact: true,
    emailFormat: true,
    heading: "Ask about this vehicle",
    inputs: [...CONTACT_INPUTS, MESSAGE_INPUT],
    submitLabel: "Submit",
    thankYou: LEAD_THANK_YOU.reply,
  },
  "service-request": {
    title: "Request Vehicle Service",
    destination: LEAD_DESTINATIONS.vehicleServiceRequest,
    department: "service",
    requireContact: true,
    emailFormat: false,
    heading: "Request Vehicle Service",
    inputs: [...CONTACT_INPUTS, ...VEHICLE_INPUTS, MESSAGE_INPUT],
    submitLabel: "Request Service",
    thankYou: LEAD_THANK_YOU.reply,
  },
  "parts-request": {
    title: "Request Vehicle Parts",
    destination: LEAD_DESTINATIONS.vehiclePartsRequest,
    department: "parts",
    requireContact: true,
    emailFormat: false,
    heading: "Request Vehicle Parts",
    inputs: [
      ...CONTACT_INPUTS,
      { name: "make", label: "Vehicle Make" },
      { name: "model", label: "Vehicle Model" },
      { name: "parts_required", label: "Parts Required", type: "textarea", wide: true },
      MESSAGE_INPUT,
    ],
    submitLabel: "Request Parts",
    thankYou: LEAD_THANK_YOU.reply,
  },
  "service-booking": {
    title: "Service or body shop booking",
    destination: LEAD_DESTINATIONS.vehicleServiceRequest,
    department: "service",
    requireContact: false,
    emailFormat: false,
    inputs: [...CONTACT_INPUTS, ...VEHICLE_INPUTS, { ...MESSAGE_INPUT, label: "How can we help?" }],
    submitLabel: "Book Appointment",
    thankYou: LEAD_THANK_YOU.booking,
  },
  "trailer-enquiry": {
    title: "Trailer enquiry",
    destination: LEAD_DESTINATIONS.vdpContactForm,
    department: "sales",
    requireContact: true,
    emailFormat: true,
    heading: "Ask about this trailer",
    placeholders: true,
    inputs: [FIRST_NAME, LAST_NAME, EMAIL, PHONE, MESSAGE_INPUT],
    submitLabel: "Submit",
    thankYou: LEAD_THANK_YOU.trailer,
  },
  "vehicle-finder": {
    title: "Find me this vehicle",
    destination: LEAD_DESTINATIONS.vehicleFinderRequest,
    department: "sales",
    requireContact: true,
    emailFormat: true,
    heading: "Can't find it? We'll find it for you",
    inputs: [...CONTACT_INPUTS, ...VEHICLE_INPUTS],
    submitLabel: "Find My Vehicle",
    thankYou: LEAD_THANK_YOU.reply,
  },
  "fleet-quote": {
    title: "Fleet quote request",
    destination: LEAD_DESTINATIONS.fleetQuoteRequest,
    department: "sales",
    requireContact: true,
    requires: ["last_name", "company", "day_phone"],
    emailFormat: true,
    confirmation: true,
    heading: "Your company and delivery",
    inputs: [
      COMPANY,
      FIRST_NAME,
      LAST_NAME,
      EMAIL,
      PHONE,
      { name: "gm_fan", label: "GM Fleet Account Number (FAN), if you have one", hint: "6 letters and digits" },
      { name: "po_number", label: "PO Number" },
      { name: "required_by", label: "Required By", type: "date" },
      { name: "delivery_city", label: "Delivery City" },
      { name: "delivery_province", label: "Delivery Province", type: "select", options: PROVINCE_CODES },
      { name: "payment_method", label: "How You Intend to Pay", type: "select", options: FLEET_PAYMENT_METHODS },
      { ...MESSAGE_INPUT, label: "Anything Else We Should Know" },
    ],
    submitLabel: "Send Fleet Quote Request",
    thankYou: {
      heading: "Thank you! Your fleet quote request is in.",
      text: "Our fleet desk will reply with pricing and availability. We have emailed you a copy of your request.",
    },
  },
} as const satisfies Record<string, LeadFormEntry>;

export type LeadFormId = keyof typeof LEAD_FORMS;

export const LEAD_FORM_IDS = Object.keys(LEAD_FORMS) as [LeadFormId, ...LeadFormId[]];

/** One form's entry, as the common shape (every optional part readable). */
export const leadForm = (form: LeadFormId): LeadFormEntry => LEAD_FORMS[form];

/**
 * The id of a lead form's `<form>` element, from its key (the form, or "form:scope" where a page shows it more than
 * once). The page a form is on may add hidden fields to it with `form="<this id>"`: a unit's page says which unit a
 * vehicle's enquiry is about that way, so the form itself is the same on every unit's page (and made once).
 */
export const leadFormElementId = (key: string): string => `leads-${key.replace(/:/g, "-")}`;

/** What a form that requires contact details requires (SPEC §5): a name to greet and an address to answer. */
const CONTACT_FIELDS = ["first_name", "email"] as const;

/** The fields a visitor must fill in on a form: its label says so, and the shared rules refuse it empty. */
export const requiredFields = (form: LeadFormId): readonly LeadTextField[] => [
  ...(LEAD_FORMS[form].requireContact ? CONTACT_FIELDS : []),
  ...(leadForm(form).requires ?? []),
];

/**
 * Where a field goes in an ADF 1.0 lead (../shared/adf): the customer's contact, the vehicle asked about, the page
 * it was sent from, or a line of the customer's comments (every field without a place of its own: a field added to
 * LEAD_FIELDS reaches the CRM with no further change).
 */
export type AdfPlace =
  | "customer-first-name"
  | "customer-last-name"
  | "customer-company"
  | "customer-email"
  | "customer-phone"
  | "vehicle-make"
  | "vehicle-model"
  | "vehicle-stock"
  | "vehicle-vin"
  | "provider-url"
  /** `<customer><id source=…>`, the source being the field's `adfSource` (a GM FAN, a PO number). */
  | "customer-id"
  /** `<customer><timeframe>`: the latest date, and a description that says so. */
  | "customer-timeframe"
  | "comments";

export interface LeadFieldFacts {
  /** The longest it may be, in characters. */
  max: number;
  /** Keeps line breaks (a message); every other field is one line. */
  multiline?: boolean;
  /** A visitor types it (a form may show it); otherwise the page fills it (the unit, the page's address). */
  typed?: boolean;
  /**
   * What the sales desk's email, the held-enquiry digest and the ADF comments call it. Fields with the same label
   * are one row, their values joined by a space (first and last name: "Name").
   */
  label: string;
  /** How the ADF comments introduce it, when not by its label; "" for none (the message is the comments' text). */
  commentLabel?: string;
  adf: AdfPlace;
  /** For `customer-id`: the id's source, as a CRM maps it. */
  adfSource?: string;
  /** What a value must look like, and what the form says when it does not (checked when it is not empty). */
  format?: { pattern: RegExp; message: string };
}

/**
 * Every field a lead carries (SPEC §3), once: its limits, what the desk and the CRM call it, and where ADF puts it,
 * in the order a desk reads them. The API's schema, the desk email, the held-enquiry digest, the CSV export and the
 * ADF are all derived from this table, and a form shows the typed ones it lists (team leads' form definitions):
 * adding a field is one entry here and one line in the form that asks it.
 */
export const LEAD_FIELDS = {
  first_name: { max: 80, typed: true, label: "Name", adf: "customer-first-name" },
  last_name: { max: 80, typed: true, label: "Name", adf: "customer-last-name" },
  company: { max: 120, typed: true, label: "Company", adf: "customer-company" },
  email: { max: 254, typed: true, label: "Email", adf: "customer-email" },
  day_phone: { max: 40, typed: true, label: "Phone", adf: "customer-phone" },
  /** The unit or line-up model asked about: the parts form's make, the inquiry's, quote's and trailer's model. */
  make: { max: 80, typed: true, label: "Vehicle", adf: "vehicle-make" },
  model: { max: 160, typed: true, label: "Vehicle", adf: "vehicle-model" },
  stock_number: { max: 32, label: "Stock number", adf: "vehicle-stock" },
  vin: { max: 17, label: "VIN", adf: "vehicle-vin" },
  /** Service request and the vehicle finder: the make and model of the visitor's own vehicle. */
  v_make: { max: 80, typed: true, label: "Their vehicle", commentLabel: "Customer's vehicle", adf: "comments" },
  v_model: { max: 160, typed: true, label: "Their vehicle", commentLabel: "Customer's vehicle", adf: "comments" },
  parts_required: { max: 2000, multiline: true, typed: true, label: "Parts required", adf: "comments" },
  /** Hidden value of the inquiry, quote and booking forms: "More information request for {model name}". */
  customer_action: { max: 200, label: "Request", commentLabel: "", adf: "comments" },
  message: { max: 5000, multiline: true, typed: true, label: "Message", commentLabel: "", adf: "comments" },
  /** The fleet quote's: GM's Fleet Account Number (its incentives are tied to it), and the buyer's PO. */
  gm_fan: {
    max: 12,
    typed: true,
    label: "GM FAN",
    adf: "customer-id",
    adfSource: "GM Fleet Account Number",
    format: {
      pattern: /^[A-Za-z0-9]{6}$/,
      message: "A GM Fleet Account Number is 6 letters and digits (e.g. A1B2C3)",
    },
  },
  po_number: { max: 40, typed: true, label: "PO number", adf: "customer-id", adfSource: "Purchase order" },
  required_by: {
    max: 10,
    typed: true,
    label: "Required by",
    adf: "customer-timeframe",
    format: { pattern: /^\d{4}-\d{2}-\d{2}$/, message: "Enter the date the units are needed by (YYYY-MM-DD)" },
  },
  delivery_city: { max: 80, typed: true, label: "Delivery to", commentLabel: "Deliver to", adf: "comments" },
  delivery_province: {
    max: 2,
    typed: true,
    label: "Delivery to",
    commentLabel: "Deliver to",
    adf: "comments",
    format: {
      pattern: new RegExp(`^(${PROVINCE_CODES.join("|")})$`),
      message: "Choose a province or territory",
    },
  },
  payment_method: {
    max: 20,
    typed: true,
    label: "Paying by",
    adf: "comments",
    format: {
      pattern: new RegExp(`^(${FLEET_PAYMENT_METHODS.join("|")})$`),
      message: "Choose how you intend to pay",
    },
  },
  /** The page the visitor sent it from (the old site's field name). */
  "-url": { max: 2048, label: "Sent from", adf: "provider-url" },
} as const satisfies Record<string, LeadFieldFacts>;

export type LeadField = keyof typeof LEAD_FIELDS;
export const LEAD_FIELD_NAMES = Object.keys(LEAD_FIELDS) as LeadField[];

/** The fields a visitor types (a form shows some of them): what the forms' values and rules are made of. */
export type LeadTextField = {
  [K in LeadField]: (typeof LEAD_FIELDS)[K] extends { typed: true } ? K : never;
}[LeadField];

export const LEAD_TEXT_FIELDS = Object.fromEntries(
  Object.entries(LEAD_FIELDS).filter(([, facts]) => "typed" in facts && facts.typed),
) as { [K in LeadTextField]: (typeof LEAD_FIELDS)[K] };

/**
 * A lead's fields as the rows a person reads, in the table's order: [label, value, the fields' facts], fields of one
 * label joined into one row, empty ones left out.
 */
export function leadFieldRows(
  fields: Partial<Record<LeadField, string>>,
): { label: string; value: string; facts: LeadFieldFacts; names: LeadField[] }[] {
  const rows = new Map<string, { label: string; value: string; facts: LeadFieldFacts; names: LeadField[] }>();
  for (const name of LEAD_FIELD_NAMES) {
    const facts: LeadFieldFacts = LEAD_FIELDS[name];
    const value = (fields[name] ?? "").trim();
    const row = rows.get(facts.label) ?? { label: facts.label, value: "", facts, names: [] };
    row.names.push(name);
    if (value) row.value = row.value ? `${row.value} ${value}` : value;
    rows.set(facts.label, row);
  }
  return [...rows.values()].filter((row) => row.value !== "");
}

/** What the rules call each field when they say what is wrong with it; a form passes the labels it shows. */
export type LeadFieldLabels = Partial<Record<LeadTextField, string>>;

/** The labels a form shows, which its rules' messages use. */
export const leadFormLabels = (form: LeadFormId): LeadFieldLabels =>
  Object.fromEntries(leadForm(form).inputs.map((input) => [input.name, input.label]));
/** A plausible email: the browser's own rule, kept lenient so a real lead is never refused. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Signals that tell a person from a bot. Neither is stored with a lead: a filled honeypot or a form sent faster
 * than a person can type gets a normal-looking answer and is quarantined, never delivered.
 */
export const LEAD_SPAM_GUARD = {
  /** A field people never see (hidden from sight and from screen readers) and bots fill in. */
  honeypotField: "website",
  /**
   * When the form first appeared, as the API signed it (GET /api/leads/start): the API measures the fill time from
   * its own clock, so a client cannot claim one. Kept with the draft across reloads.
   */
  startedField: "form_started",
  minFillMs: 3000,
} as const;

/**
 * The consent wording shown beside the opt-in (CASL): the form sends its version with the lead, and the API
 * stores the exact text of that version, so the record says what the visitor agreed to.
 */
export const MARKETING_CONSENT = {
  version: "2026-11-a",
  text: "Yes, Summit Heavy Fleet may email me offers, new inventory and service specials. I can unsubscribe at any time.",
} as const;

/**
 * Every wording a form has shown, by version. A lead from a form of before versions (it sends none) saw the
 * same words as 2026-11-a, recorded under their own version.
 */
export const MARKETING_CONSENT_WORDINGS: Readonly<Record<string, string>> = {
  "2026-10-unversioned": MARKETING_CONSENT.text,
  [MARKETING_CONSENT.version]: MARKETING_CONSENT.text,
};
export const UNVERSIONED_CONSENT = "2026-10-unversioned";

/** The exact wording of a consent version, or undefined for a version no form has shown. */
export const consentWording = (version: string): string | undefined =>
  Object.hasOwn(MARKETING_CONSENT_WORDINGS, version) ? MARKETING_CONSENT_WORDINGS[version] : undefined;
