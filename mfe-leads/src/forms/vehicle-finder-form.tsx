import { LeadForm } from "../components/lead-form";
import type { VehicleFinderFormProps } from "../contracts/provides";

/**
 * The further form of SPEC §2 (first name, last name, company, email, phone, vehicle make, vehicle model), used as
 * "find me this vehicle" where a search comes up empty. Destination VehicleFinderRequest.
 */
export default function VehicleFinderForm({ make = "", model = "", search = "" }: VehicleFinderFormProps) {
  return (
    <LeadForm
      form="vehicle-finder"
      heading="Can't find it? We'll find it for you"
      inputs={[
        { name: "first_name", label: "First Name" },
        { name: "last_name", label: "Last Name" },
        { name: "company", label: "Company" },
        { name: "email", label: "Email", type: "email" },
        { name: "day_phone", label: "Phone Number", type: "tel" },
        { name: "v_make", label: "Vehicle Make" },
        { name: "v_model", label: "Vehicle Model" },
      ]}
      initialValues={{ v_make: make, v_model: model }}
      hidden={search ? { message: `Searched the inventory for: ${search}` } : {}}
      draftScope="inventory"
      submitLabel="Find My Vehicle"
    />
  );
}
