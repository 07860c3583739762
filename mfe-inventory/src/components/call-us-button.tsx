import { useEffect, useState } from "react";
import { defineIsland, ISLAND_ATTRIBUTES, useSite } from "remote-kit";
import { telHref } from "shared-types";

/** Names the button across hydration: a click before the code arrives is given to it once it has (the page script). */
const REPLAY = { [ISLAND_ATTRIBUTES.replay]: "call" };

/**
 * "Call Us Now" turns into the sales phone link once clicked (SPEC §2). Without its script it is a link that calls;
 * a click before its script has arrived is held and reveals the number once it has (the link calls only if the
 * script is late), so the first tap does what SPEC says (an island of its own).
 */
function CallUs() {
  const { phone_sales: phone } = useSite().business;
  const [interactive, setInteractive] = useState(false);
  const [revealed, setRevealed] = useState(false);
  useEffect(() => setInteractive(true), []);
  if (revealed) {
    return (
      <a className="host-button host-button--primary" href={telHref(phone)}>
        {phone}
      </a>
    );
  }
  if (!interactive) {
    return (
      <a className="host-button host-button--primary" href={telHref(phone)} {...REPLAY}>
        Call Us Now
      </a>
    );
  }
  return (
    <button type="button" className="host-button host-button--primary" onClick={() => setRevealed(true)} {...REPLAY}>
      Call Us Now
    </button>
  );
}

export const CallUsButton = defineIsland("inventory/island/call-us", CallUs, { hydrate: "interaction" });
export default CallUsButton;
