import { defineIsland } from "remote-kit";
import { LeadForm } from "../components/lead-form";
import type { MoreInfoFormProps } from "../contracts/provides";
import { PREFILLED_MESSAGES } from "../copy";

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
