import { CONTACT_INPUTS, LeadForm, MESSAGE_INPUT } from "../components/lead-form";
import type { ServiceRequestFormProps } from "../contracts/provides";
import { PREFILLED_MESSAGES } from "../copy";

/** Request Vehicle Service (/service, /service/{id}): the visitor's vehicle as v_make and v_model (SPEC §3). */
export default function ServiceRequestForm({ model }: ServiceRequestFormProps) {
  return (
    <LeadForm
      form="service-request"
      heading="Request Vehicle Service"
      inputs={[
        ...CONTACT_INPUTS,
        { name: "v_make", label: "Vehicle Make" },
        { name: "v_model", label: "Vehicle Model" },
        MESSAGE_INPUT,
      ]}
      initialValues={{
        v_make: model?.make ?? "",
        v_model: model?.name ?? "",
        message: PREFILLED_MESSAGES.serviceRequest(model?.name),
      }}
      draftScope={model ? `${model.make} ${model.name}` : "any"}
      submitLabel="Request Service"
    />
  );
}
