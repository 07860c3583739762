import type { RenderedEmail } from "./email-layout.js";

// The CRM's email: the lead as an ADF 1.0 document (leads/lead-export.ts writes it) and nothing else. Dealer CRMs
// read the body as ADF, so it has no HTML part and no words around the document; the same XML is attached as well.

export interface CrmLeadProps {
  leadId: string;
  formTitle: string;
  adf: string;
}

export const crmLeadEmail = ({ leadId, formTitle, adf }: CrmLeadProps): RenderedEmail => ({
  subject: `ADF lead ${leadId}: ${formTitle}`,
  text: adf,
});
