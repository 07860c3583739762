import { defineIsland } from "remote-kit";
import { LeadForm } from "../components/lead-form";
import type { VehicleFinderFormProps } from "../remote";

/** The inventory's empty state: a make and model we could not find in stock, to be found for the visitor. */
function VehicleFinderForm({ make = "", model = "", search = "" }: VehicleFinderFormProps) {
  return (
    <LeadForm
      form="vehicle-finder"
      initialValues={{ v_make: make, v_model: model }}
      hidden={search ? { message: `Searched the inventory for: ${search}` } : {}}
      draftScope="inventory"
    />
  );
}

export default defineIsland("leads/vehicle-finder-form", VehicleFinderForm, { hydrate: "form" });
