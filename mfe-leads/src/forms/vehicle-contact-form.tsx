import { defineIsland } from "remote-kit";
import { LeadForm } from "../components/lead-form";
import { PREFILLED_MESSAGES } from "../copy";
import type { VehicleContactFormProps } from "../remote";

/** The inline form of a vehicle's page: first name and a well-formed email required (SPEC §5). VDPContactForm. */
function VehicleContactForm({ stockNumber, vin = "", make = "", model = "" }: VehicleContactFormProps) {
  return (
    <LeadForm
      form="vehicle-contact"
      hidden={{ stock_number: stockNumber, vin, make, model }}
      initialValues={{ message: PREFILLED_MESSAGES.vehicle }}
      draftScope={stockNumber}
    />
  );
}

export default defineIsland("leads/vehicle-contact-form", VehicleContactForm, { hydrate: "form" });
