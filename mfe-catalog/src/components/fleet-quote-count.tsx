import { FleetQuoteLink } from "remote-kit";
import CONSUMES from "../contracts/consumes";

/** Team leads' link to the visitor's fleet quote, in the catalog's classes. */
export function FleetQuoteCount() {
  return <FleetQuoteLink use={CONSUMES.modules.fleetQuoteCount} className="catalog-fleet-link" />;
}
