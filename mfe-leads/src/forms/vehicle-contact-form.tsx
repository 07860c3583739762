import { CONTACT_INPUTS, LeadForm, MESSAGE_INPUT } from "../components/lead-form";
import type { VehicleContactFormProps } from "../contracts/provides";
import { PREFILLED_MESSAGES } from "../copy";

/** The inline form of a vehicle's page: first name and a well-formed email required (SPEC §5). VDPContactForm. */
export default function VehicleContactForm({ stockNumber, vin = "", make = "", model = "" }: VehicleContactFormProps) {
  return (
    <LeadForm
      form="vehicle-contact"
      heading="Ask about this vehicle"
      inputs={[...CONTACT_INPUTS, MESSAGE_INPUT]}
      hidden={{ stock_number: stockNumber, vin, make, model }}
      initialValues={{ message: PREFILLED_MESSAGES.vehicle }}
      draftScope={stockNumber}
    />
  );
}
