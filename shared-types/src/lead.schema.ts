import { z } from "zod/mini";
import { FLEET_QUOTE } from "./fleet-quote.js";
import {
  consentWording,
  EMAIL_PATTERN,
  LEAD_DESTINATIONS,
  LEAD_FIELD_NAMES,
  LEAD_FIELDS,
  LEAD_FORM_IDS,
  LEAD_FORMS,
  LEAD_TEXT_FIELDS,
  type LeadDestination,
  type LeadField,
  type LeadFieldFacts,
  type LeadFieldLabels,
  type LeadFormId,
  type LeadTextField,
  requiredFields,
} from "./lead-forms.js";
import { identifier, safeText } from "./text.schema.js";

const destinationValues = Object.values(LEAD_DESTINATIONS) as [LeadDestination, ...LeadDestination[]];

export const leadDestinationSchema = z.enum(destinationValues);

export const leadFormIdSchema = z.enum(LEAD_FORM_IDS);

const text = (max: number) => z._default(safeText(max), "");
const lines = (max: number) => z._default(safeText(max, { multiline: true }), "");

const DEFAULT_LABELS: Required<Pick<LeadFieldLabels, "first_name" | "email">> = {
  first_name: "First Name",
  email: "Email",
};

type LeadRuleInput = Partial<Record<LeadTextField, string>> & {
  form: LeadFormId;
  first_name: string;
  email: string;
  marketing_opt_in: boolean;
};

/**
 * SPEC §5's rules of each form (LEAD_FORMS) and CASL's for consent: the one place they are written. The API checks
 * a lead with them, and each form checks what is typed with them, with or without scripts.
 */
function checkLeadRules(
  lead: LeadRuleInput,
  ctx: { addIssue(issue: { code: "custom"; path: string[]; message: string }): void },
  labels: LeadFieldLabels = {},
) {
  const form = LEAD_FORMS[lead.form];
  const label = (field: LeadTextField) =>
    labels[field] ??
    (field in DEFAULT_LABELS ? DEFAULT_LABELS[field as keyof typeof DEFAULT_LABELS] : undefined) ??
    LEAD_TEXT_FIELDS[field].label;
  for (const field of requiredFields(lead.form)) {
    if (!lead[field]) ctx.addIssue({ code: "custom", path: [field], message: `${label(field)} is required` });
  }
  for (const field of Object.keys(LEAD_TEXT_FIELDS) as LeadTextField[]) {
    const facts: LeadFieldFacts = LEAD_TEXT_FIELDS[field];
    const value = lead[field];
    if (facts.format && value && !facts.format.pattern.test(value)) {
      ctx.addIssue({ code: "custom", path: [field], message: facts.format.message });
    }
  }
  if (form.emailFormat && lead.email && !EMAIL_PATTERN.test(lead.email)) {
    ctx.addIssue({ code: "custom", path: ["email"], message: "Enter a valid email address" });
  }
  // CASL: consent to email needs an address to send to
  if (lead.marketing_opt_in && !EMAIL_PATTERN.test(lead.email)) {
    ctx.addIssue({ code: "custom", path: ["email"], message: "Enter your email address to receive our offers" });
  }
}

/**
 * What a visitor types into one of the forms, checked by that form's rules, with messages that name each field by
 * the label the form shows. The forms validate through it in the browser (mfe-leads useFormFields) and on the
 * server when sent without scripts, so both say the same thing.
 */
export function leadFormValuesSchema(form: LeadFormId, labels: LeadFieldLabels = {}) {
  const field = (name: LeadTextField) => {
    const { max, multiline } = { multiline: false, ...LEAD_TEXT_FIELDS[name] };
    const label = labels[name] ?? name;
    return z._default(
      safeText(max, {
        multiline,
        messages: {
          tooLong: `${label} is too long: at most ${max} characters`,
          unstorable: `${label} contains invisible characters we can't accept: please retype it`,
        },
      }),
      "",
    );
  };
  const shape = Object.fromEntries(
    (Object.keys(LEAD_TEXT_FIELDS) as LeadTextField[]).map((name) => [name, field(name)]),
  ) as { [K in LeadTextField]: ReturnType<typeof field> };
  return z
    .object({ ...shape, marketing_opt_in: z._default(z.boolean(), false) })
    .check(z.superRefine((values, ctx) => checkLeadRules({ ...values, form }, ctx, labels)));
}

type FieldSchema = ReturnType<typeof text>;

/**
 * The fields every lead carries (SPEC §3), each as LEAD_FIELDS says (its length, one line or several), all optional
 * at this level; and the visitor's consent to marketing email (Canada's anti-spam law: unticked unless ticked).
 */
export const leadFieldsSchema = z.object({
  ...(Object.fromEntries(
    LEAD_FIELD_NAMES.map((name) => {
      const facts: LeadFieldFacts = LEAD_FIELDS[name];
      return [name, facts.multiline ? lines(facts.max) : text(facts.max)];
    }),
  ) as Record<LeadField, FieldSchema>),
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
    /** The fleet quote's list (its key, from the visitor's cookie): what the request asks for. Never stored. */
    fleet_list: z.optional(identifier(FLEET_QUOTE.tokenPattern, "the key of a fleet quote list")),
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
      checkLeadRules(lead, ctx);
      if (lead.form === "fleet-quote" && !lead.fleet_list) {
        ctx.addIssue({ code: "custom", path: ["fleet_list"], message: "A fleet quote request needs its list" });
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
