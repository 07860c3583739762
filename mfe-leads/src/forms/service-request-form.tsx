import { defineIsland } from "remote-kit";
import { LeadForm } from "../components/lead-form";
import { PREFILLED_MESSAGES } from "../copy";
import type { ServiceRequestFormProps } from "../remote";

/** /service and /service/{id}: first name and email required (SPEC §5), prefilled for a model. VehicleServiceRequest. */
function ServiceRequestForm({ model }: ServiceRequestFormProps) {
  return (
    <LeadForm
      form="service-request"
      initialValues={{
        v_make: model?.make ?? "",
        v_model: model?.name ?? "",
        message: PREFILLED_MESSAGES.serviceRequest(model?.name),
      }}
      draftScope={model ? `${model.make} ${model.name}` : "any"}
    />
  );
}

export default defineIsland("leads/service-request-form", ServiceRequestForm, { hydrate: "form" });
