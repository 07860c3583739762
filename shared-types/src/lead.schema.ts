import { z } from "zod/mini";
import {
  consentWording,
  EMAIL_PATTERN,
  LEAD_DESTINATIONS,
  LEAD_FORM_IDS,
  LEAD_FORMS,
  type LeadDestination,
} from "./lead.js";
import { identifier, safeText } from "./text.schema.js";

const destinationValues = Object.values(LEAD_DESTINATIONS) as [LeadDestination, ...LeadDestination[]];

export const leadDestinationSchema = z.enum(destinationValues);

export const leadFormIdSchema = z.enum(LEAD_FORM_IDS);

const text = (max: number) => z._default(safeText(max), "");
const lines = (max: number) => z._default(safeText(max, { multiline: true }), "");

/** The fields every lead carries (SPEC §3), plus the per-form ones, all optional at this level. */
export const leadFieldsSchema = z.object({
  first_name: text(80),
  last_name: text(80),
  company: text(120),
  email: text(254),
  day_phone: text(40),
  message: lines(5000),
  /** The page the visitor sent it from (the old site's field name). */
  "-url": text(2048),
  /** Inquiry and quote: the line-up model's name; parts and the trailer form: the unit's model. */
  model: text(160),
  stock_number: text(32),
  vin: text(17),
  /** Service request (and the vehicle finder): the make and model of the visitor's vehicle. */
  v_make: text(80),
  v_model: text(160),
  make: text(80),
  parts_required: lines(2000),
  /** Hidden value on inquiry and quote forms: "More information request for {model name}". */
  customer_action: text(200),
  /** Canada's anti-spam law: express consent to marketing email, unticked unless the visitor ticks it. */
  marketing_opt_in: z._default(z.boolean(), false),
});

const spamSignalsSchema = z.object({
  website: z._default(z.string().check(z.maxLength(500)), ""),
  /** The API's signed start of the form (LEAD_SPAM_GUARD.startedField). */
  form_started: z.optional(identifier(/^\d{13}\.[A-Za-z0-9_-]{43}$/, "a form start the API signed")),
  /** What forms of the previous release sent instead: ignored, a client's own clock proves nothing. */
  fill_ms: z.optional(z.number()),
});

const consentSchema = z.object({
  /** The version of the consent wording the visitor saw (MARKETING_CONSENT_WORDINGS). */
  consent_version: z.optional(identifier(/^[a-z0-9-]{1,40}$/, "a consent wording version")),
});

const optionalText = (max: number) => z.optional(safeText(max));

/** Copies of the contact fields under the alternate keys some CRMs read (SPEC §3). */
export const leadAlternateKeysSchema = z.object({
  FirstName: optionalText(80),
  LastName: optionalText(80),
  Email: optionalText(254),
  Phone: optionalText(40),
});

export const leadCaptureRequestSchema = z
  .extend(leadFieldsSchema, {
    destination: leadDestinationSchema,
    form: leadFormIdSchema,
    ...leadAlternateKeysSchema.shape,
    ...spamSignalsSchema.shape,
    ...consentSchema.shape,
  })
  .check(
    z.superRefine((lead, ctx) => {
      const form = LEAD_FORMS[lead.form];
      if (form.destination !== lead.destination) {
        ctx.addIssue({
          code: "custom",
          path: ["destination"],
          message: `The ${lead.form} form sends to ${form.destination}`,
        });
      }
      if (form.requireContact) {
        if (!lead.first_name) ctx.addIssue({ code: "custom", path: ["first_name"], message: "First name is required" });
        if (!lead.email) ctx.addIssue({ code: "custom", path: ["email"], message: "Email is required" });
      }
      if (form.emailFormat && lead.email && !EMAIL_PATTERN.test(lead.email)) {
        ctx.addIssue({ code: "custom", path: ["email"], message: "Enter a valid email address" });
      }
      // CASL: consent to email needs an address to send to, and a wording the API knows the visitor saw
      if (lead.marketing_opt_in && !EMAIL_PATTERN.test(lead.email)) {
        ctx.addIssue({ code: "custom", path: ["email"], message: "Enter your email address to receive our offers" });
      }
      if (lead.marketing_opt_in && lead.consent_version && consentWording(lead.consent_version) === undefined) {
        ctx.addIssue({ code: "custom", path: ["consent_version"], message: "Unknown consent wording" });
      }
    }),
  );

/** How long the API keeps what the forms send (its retention settings), for the privacy notice to state. */
export const privacyFactsSchema = z.object({
  lead_retention_days: z.int().check(z.positive()),
  quarantine_retention_days: z.int().check(z.positive()),
});

export const leadCaptureResponseSchema = z.object({ id: z.string(), received_at: z.string() });
