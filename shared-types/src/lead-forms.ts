// The enquiry forms' fixed facts (destinations, rules, consent wording): a leaf the lead schemas are built from.
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
} as const;

export type LeadDestination = (typeof LEAD_DESTINATIONS)[keyof typeof LEAD_DESTINATIONS];

/**
 * Every enquiry form of the site, with its destination and its validation (SPEC §5). The browser and the API read
 * the same table, so a form can never be stricter or looser on one side than on the other.
 */
export const LEAD_FORMS = {
  contact: { title: "Contact Us", destination: LEAD_DESTINATIONS.contactUs, requireContact: true, emailFormat: false },
  "more-info": {
    title: "More Information (vehicle or trailer)",
    destination: LEAD_DESTINATIONS.vehicleMoreInfo,
    requireContact: false,
    emailFormat: false,
  },
  inquiry: {
    title: "Line-up model inquiry",
    destination: LEAD_DESTINATIONS.vehicleInquiry,
    requireContact: false,
    emailFormat: false,
  },
  quote: {
    title: "Line-up model quote request",
    destination: LEAD_DESTINATIONS.requestAQuote,
    requireContact: false,
    emailFormat: false,
  },
  "vehicle-contact": {
    title: "Vehicle page contact",
    destination: LEAD_DESTINATIONS.vdpContactForm,
    requireContact: true,
    emailFormat: true,
  },
  "service-request": {
    title: "Request Vehicle Service",
    destination: LEAD_DESTINATIONS.vehicleServiceRequest,
    requireContact: true,
    emailFormat: false,
  },
  "parts-request": {
    title: "Request Vehicle Parts",
    destination: LEAD_DESTINATIONS.vehiclePartsRequest,
    requireContact: true,
    emailFormat: false,
  },
  "service-booking": {
    title: "Service or body shop booking",
    destination: LEAD_DESTINATIONS.vehicleServiceRequest,
    requireContact: false,
    emailFormat: false,
  },
  "trailer-enquiry": {
    title: "Trailer enquiry",
    destination: LEAD_DESTINATIONS.vdpContactForm,
    requireContact: true,
    emailFormat: true,
  },
  "vehicle-finder": {
    title: "Find me this vehicle",
    destination: LEAD_DESTINATIONS.vehicleFinderRequest,
    requireContact: true,
    emailFormat: true,
  },
} as const satisfies Record<
  string,
  { title: string; destination: LeadDestination; requireContact: boolean; emailFormat: boolean }
>;

export type LeadFormId = keyof typeof LEAD_FORMS;

export const LEAD_FORM_IDS = Object.keys(LEAD_FORMS) as [LeadFormId, ...LeadFormId[]];

/** What a form that requires contact details requires (SPEC §5): a name to greet and an address to answer. */
const CONTACT_FIELDS = ["first_name", "email"] as const;

/** The fields a visitor must fill in on a form: its label says so, and the shared rules refuse it empty. */
export const requiredFields = (form: LeadFormId): readonly (typeof CONTACT_FIELDS)[number][] =>
  LEAD_FORMS[form].requireContact ? CONTACT_FIELDS : [];

/** The longest each field a visitor can type may be, and whether it keeps line breaks. */
export const LEAD_TEXT_FIELDS = {
  first_name: { max: 80 },
  last_name: { max: 80 },
  company: { max: 120 },
  email: { max: 254 },
  day_phone: { max: 40 },
  message: { max: 5000, multiline: true },
  v_make: { max: 80 },
  v_model: { max: 160 },
  make: { max: 80 },
  model: { max: 160 },
  parts_required: { max: 2000, multiline: true },
} as const satisfies Record<string, { max: number; multiline?: boolean }>;

export type LeadTextField = keyof typeof LEAD_TEXT_FIELDS;

/** What the rules call each field when they say what is wrong with it; a form passes the labels it shows. */
export type LeadFieldLabels = Partial<Record<LeadTextField, string>>;
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
