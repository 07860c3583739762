import type { z } from "zod/mini";
import type {
  leadAlternateKeysSchema,
  leadCaptureRequestSchema,
  leadCaptureResponseSchema,
  leadFieldsSchema,
  privacyFactsSchema,
} from "./lead.schema.js";

export type LeadFields = z.infer<typeof leadFieldsSchema>;

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

export type LeadCaptureResponse = z.infer<typeof leadCaptureResponseSchema>;

export type PrivacyFacts = z.infer<typeof privacyFactsSchema>;
