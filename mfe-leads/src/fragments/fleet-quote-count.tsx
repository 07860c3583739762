import { IN_PLACE_FORM } from "remote-kit/protocol";
import { FLEET_QUOTE_ADD, paths } from "shared-types";
// rendered inside other teams' pages: it brings its styles with it
import "../leads.css";

/**
 * The link to the visitor's fleet quote, on other teams' pages with "Add to fleet quote" forms (a fragment they
 * include once per page). Plain HTML, no code: the page's own script sends each add form in place, and the API's
 * answer writes the list's count into it (shared-types FLEET_QUOTE_ADD.countUpdate). A page a cache keeps for
 * everyone cannot carry a visitor's count, so it shows none until the visitor adds.
 */
export default function FleetQuoteCount() {
  return (
    <p className="leads-fleet-count">
      <a className="leads-fleet-count__link" href={paths.fleetQuote()}>
        Your fleet quote <span {...{ [IN_PLACE_FORM.update]: FLEET_QUOTE_ADD.countUpdate }} />
      </a>
    </p>
  );
}
