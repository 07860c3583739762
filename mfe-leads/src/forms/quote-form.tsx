import { defineIsland } from "remote-kit";
import { LeadForm } from "../components/lead-form";
import { PREFILLED_MESSAGES } from "../copy";
import type { ModelRequestFormProps } from "../remote";

/** /contact/quote/{id}: no validation (SPEC §5), its last field is Additional Information. RequestAQuote. */
function QuoteForm({ modelId, modelName }: ModelRequestFormProps) {
  return (
    <LeadForm
      form="quote"
      hidden={{ model: modelName, customer_action: PREFILLED_MESSAGES.customerAction(modelName) }}
      initialValues={{ message: PREFILLED_MESSAGES.quote(modelName) }}
      draftScope={modelId}
    />
  );
}

export default defineIsland("leads/quote-form", QuoteForm, { hydrate: "form" });
