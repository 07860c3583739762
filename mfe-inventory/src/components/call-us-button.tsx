import { useState } from "react";
import { BUSINESS_DETAILS, telHref } from "shared-types";

/** "Call Us Now" turns into the sales phone link once clicked (SPEC §2). */
export function CallUsButton() {
  const [revealed, setRevealed] = useState(false);
  if (revealed) {
    return (
      <a className="inventory-button inventory-button--primary" href={telHref(BUSINESS_DETAILS.phone_sales)}>
        {BUSINESS_DETAILS.phone_sales}
      </a>
    );
  }
  return (
    <button type="button" className="inventory-button inventory-button--primary" onClick={() => setRevealed(true)}>
      Call Us Now
    </button>
  );
}
