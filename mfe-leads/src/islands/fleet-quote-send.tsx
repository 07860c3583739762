import { defineIsland } from "remote-kit";
import { LeadForm } from "../components/lead-form";

/** The fleet quote's request: the company and delivery details, sent with the list the key names (one lead). */
function FleetQuoteSend({ token }: { token: string }) {
  return <LeadForm form="fleet-quote" hidden={{ fleet_list: token }} />;
}

export default defineIsland("leads/island/fleet-quote-send", FleetQuoteSend, { hydrate: "form" });
