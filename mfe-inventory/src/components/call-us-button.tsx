import { useEffect, useState } from "react";
import { defineIsland, useSite } from "remote-kit";
import { telHref } from "shared-types";

/**
 * "Call Us Now" turns into the sales phone link once clicked (SPEC §2). Until its script runs (or without one) it is
 * already a link that calls, so a tap on a phone does what the visitor wants (an island of its own).
 */
function CallUs() {
  const { phone_sales: phone } = useSite().business;
  const [interactive, setInteractive] = useState(false);
  const [revealed, setRevealed] = useState(false);
  useEffect(() => setInteractive(true), []);
  if (revealed || !interactive) {
    return (
      <a className="inventory-button inventory-button--primary" href={telHref(phone)}>
        {revealed ? phone : "Call Us Now"}
      </a>
    );
  }
  return (
    <button type="button" className="inventory-button inventory-button--primary" onClick={() => setRevealed(true)}>
      Call Us Now
    </button>
  );
}

export const CallUsButton = defineIsland("inventory/island/call-us", CallUs, { hydrate: "interaction" });
export default CallUsButton;
