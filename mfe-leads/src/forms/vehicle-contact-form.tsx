import { defineIsland } from "remote-kit";
import { LeadForm } from "../components/lead-form";
import { PREFILLED_MESSAGES } from "../copy";
import type { VehicleContactFormProps } from "../remote";

/**
 * The inline form of a vehicle's page: first name and a well-formed email required (SPEC §5). VDPContactForm.
 * The unit it is about is the page's to say, with hidden fields given to the form from outside (shared-types
 * leadFormElementId; remote.ts takesFromPage): the host then asks for it without the unit, and the form is the same
 * on every unit's page. Given the unit as props (a consumer on an earlier release), it carries it itself. One such
 * form is on a page at most, so it needs no scope: its drafts are kept by the page's address.
 */
function VehicleContactForm({ stockNumber, vin = "", make = "", model = "" }: VehicleContactFormProps) {
  return (
    <LeadForm
      form="vehicle-contact"
      hidden={stockNumber ? { stock_number: stockNumber, vin, make, model } : {}}
      initialValues={{ message: PREFILLED_MESSAGES.vehicle }}
    />
  );
}

export default defineIsland("leads/vehicle-contact-form", VehicleContactForm, { hydrate: "form" });
