import { defineIsland } from "remote-kit";
import { LeadForm } from "../components/lead-form";
import { PREFILLED_MESSAGES } from "../copy";
import type { PartsRequestFormProps } from "../remote";

/** /parts and /parts/{id}: first name and email required (SPEC §5), prefilled for a model. VehiclePartsRequest. */
function PartsRequestForm({ model }: PartsRequestFormProps) {
  return (
    <LeadForm
      form="parts-request"
      initialValues={{
        make: model?.make ?? "",
        model: model?.name ?? "",
        message: PREFILLED_MESSAGES.partsRequest(model?.name),
      }}
      draftScope={model ? `${model.make} ${model.name}` : "any"}
    />
  );
}

export default defineIsland("leads/parts-request-form", PartsRequestForm, { hydrate: "form" });
