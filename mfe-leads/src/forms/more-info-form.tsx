import { defineIsland } from "remote-kit";
import { LeadForm } from "../components/lead-form";
import { PREFILLED_MESSAGES } from "../copy";
import type { MoreInfoFormProps } from "../remote";

/** /contact/more-info/{stock number}: no required fields (SPEC §5). VehicleMoreInfo. */
function MoreInfoForm({ stockNumber }: MoreInfoFormProps) {
  return (
    <LeadForm
      form="more-info"
      hidden={{ stock_number: stockNumber }}
      initialValues={{ message: PREFILLED_MESSAGES.vehicle }}
      draftScope={stockNumber}
    />
  );
}

export default defineIsland("leads/more-info-form", MoreInfoForm, { hydrate: "form" });
