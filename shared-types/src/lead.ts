import { z } from "zod";

/**
 * Where a lead goes (SPEC §7): opaque ids the dealership's lead router knows. Each form uses its own.
 * VehicleFinderRequest is the further form of SPEC §2 (make/model the visitor could not find).
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
const destinationValues = Object.values(LEAD_DESTINATIONS) as [LeadDestination, ...LeadDestination[]];
export const leadDestinationSchema = z.enum(destinationValues);

const text = (max: number) => z.string().trim().max(max).default("");

/** A plausible email: the browser's own rule, kept lenient so a real lead is never refused. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The fields every lead carries (SPEC §3), plus the per-form ones, all optional at this level. */
export const leadFieldsSchema = z.object({
  first_name: text(80),
  last_name: text(80),
  company: text(120),
  email: text(254),
  day_phone: text(40),
  message: text(5000),
  /** The page the visitor sent it from (the old site's field name). */
  "-url": text(2048),
  model: text(160),
  stock_number: text(32),
  v_make: text(80),
  v_model: text(80),
  make: text(80),
  parts_required: text(2000),
  /** Hidden value on inquiry and quote forms: "More information request for {model name}". */
  customer_action: text(200),
});
export type LeadFields = z.infer<typeof leadFieldsSchema>;

/** Destinations whose forms require first name and email (SPEC §5); the API enforces the same. */
export const DESTINATIONS_REQUIRING_CONTACT: readonly LeadDestination[] = [
  LEAD_DESTINATIONS.contactUs,
  LEAD_DESTINATIONS.vdpContactForm,
  LEAD_DESTINATIONS.vehicleServiceRequest,
  LEAD_DESTINATIONS.vehiclePartsRequest,
  LEAD_DESTINATIONS.vehicleFinderRequest,
];

/** Copies of the contact fields under the alternate keys some CRMs read (SPEC §3). */
export const leadAlternateKeysSchema = z.object({
  FirstName: z.string().max(80).optional(),
  LastName: z.string().max(80).optional(),
  Email: z.string().max(254).optional(),
  Phone: z.string().max(40).optional(),
});

export const leadCaptureRequestSchema = leadFieldsSchema
  .extend({ destination: leadDestinationSchema })
  .extend(leadAlternateKeysSchema.shape)
  .superRefine((lead, ctx) => {
    if (DESTINATIONS_REQUIRING_CONTACT.includes(lead.destination)) {
      if (!lead.first_name) ctx.addIssue({ code: "custom", path: ["first_name"], message: "First name is required" });
      if (!lead.email) ctx.addIssue({ code: "custom", path: ["email"], message: "Email is required" });
    }
    if (lead.email && !EMAIL_PATTERN.test(lead.email) && lead.destination === LEAD_DESTINATIONS.vdpContactForm) {
      ctx.addIssue({ code: "custom", path: ["email"], message: "Enter a valid email address" });
    }
  });
export type LeadCaptureRequest = z.input<typeof leadCaptureRequestSchema>;
export type LeadCapture = z.output<typeof leadCaptureRequestSchema>;

/** Adds the alternate keys for the contact fields that are set. */
export function withAlternateKeys<T extends Partial<LeadFields>>(lead: T): T & z.infer<typeof leadAlternateKeysSchema> {
  return {
    ...lead,
    ...(lead.first_name ? { FirstName: lead.first_name } : {}),
    ...(lead.last_name ? { LastName: lead.last_name } : {}),
    ...(lead.email ? { Email: lead.email } : {}),
    ...(lead.day_phone ? { Phone: lead.day_phone } : {}),
  };
}

export const leadCaptureResponseSchema = z.object({ id: z.string(), received_at: z.string() });
export type LeadCaptureResponse = z.infer<typeof leadCaptureResponseSchema>;

export const LEAD_MESSAGES = {
  success: "Thank you! We will reach out to you soon with a reply.",
  trailerSuccess: "Thank you! We will be in touch soon.",
  failure: "Oh no. Looks like something went wrong when sending your message. Please try again.",
} as const;
