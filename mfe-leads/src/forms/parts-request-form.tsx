import { CONTACT_INPUTS, LeadForm, MESSAGE_INPUT } from "../components/lead-form";
import type { PartsRequestFormProps } from "../contracts/provides";
import { PREFILLED_MESSAGES } from "../copy";

/** Request Vehicle Parts (/parts, /parts/{id}): make, model and the parts required (SPEC §3). */
export default function PartsRequestForm({ model }: PartsRequestFormProps) {
  return (
    <LeadForm
      form="parts-request"
      heading="Request Vehicle Parts"
      inputs={[
        ...CONTACT_INPUTS,
        { name: "make", label: "Vehicle Make" },
        { name: "model", label: "Vehicle Model" },
        { name: "parts_required", label: "Parts Required", type: "textarea", wide: true },
        MESSAGE_INPUT,
      ]}
      initialValues={{
        make: model?.make ?? "",
        model: model?.name ?? "",
        message: PREFILLED_MESSAGES.partsRequest(model?.name),
      }}
      draftScope={model ? `${model.make} ${model.name}` : "any"}
      submitLabel="Request Parts"
    />
  );
}
