import { PeerFragment } from "remote-kit";
import { paths } from "shared-types";
import CONSUMES from "../contracts/consumes";

/** Team leads' link to the visitor's fleet quote, whose count an add form's answer updates; a link when it cannot be had. */
export function FleetQuoteCount() {
  const link = (
    <p className="inventory-fleet-link">
      <a href={paths.fleetQuote()}>Your fleet quote</a>
    </p>
  );
  return <PeerFragment use={CONSUMES.modules.fleetQuoteCount} props={{}} loading={link} unavailable={() => link} />;
}
