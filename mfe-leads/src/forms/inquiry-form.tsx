import { defineIsland } from "remote-kit";
import { LeadForm } from "../components/lead-form";
import { PREFILLED_MESSAGES } from "../copy";
import type { ModelRequestFormProps } from "../remote";

/** /contact/inquiry/{id}: no validation (SPEC §5); the hidden customer action names the model. VehicleInquiry. */
function InquiryForm({ modelId, modelName }: ModelRequestFormProps) {
  return (
    <LeadForm
      form="inquiry"
      hidden={{ model: modelName, customer_action: PREFILLED_MESSAGES.customerAction(modelName) }}
      initialValues={{ message: PREFILLED_MESSAGES.inquiry(modelName) }}
      draftScope={modelId}
    />
  );
}

export default defineIsland("leads/inquiry-form", InquiryForm, { hydrate: "form" });
