import type { z } from "zod/mini";
import type {
  auditEntrySchema,
  deskFeedRunSchema,
  deskSpecialSchema,
  deskUnitSchema,
  heldEnquiryListingSchema,
  ledgerLeadSchema,
  speedToLeadSchema,
  staffGrantsSchema,
  staffListingSchema,
  staffMemberSchema,
  unitChangeSchema,
  unitOverrideSchema,
} from "./staff-api.schema.js";

// The shapes the staff routes answer, as types: derived from their schemas (staff-api.schema.ts), never written twice.

export type StaffMember = z.output<typeof staffMemberSchema>;
/** What a role includes, as GET /api/staff/me answers it beside the member. */
export type StaffGrants = z.output<typeof staffGrantsSchema>;
export type StaffListing = z.output<typeof staffListingSchema>;
export type LedgerLead = z.output<typeof ledgerLeadSchema>;
export type SpeedToLead = z.output<typeof speedToLeadSchema>;
export type HeldEnquiryListing = z.output<typeof heldEnquiryListingSchema>;
export type DeskUnit = z.output<typeof deskUnitSchema>;
export type UnitOverride = z.output<typeof unitOverrideSchema>;
export type UnitChange = z.output<typeof unitChangeSchema>;
export type AuditEntry = z.output<typeof auditEntrySchema>;
export type DeskSpecial = z.output<typeof deskSpecialSchema>;
export type DeskFeedRun = z.output<typeof deskFeedRunSchema>;
