import { useState } from "react";
import { useSite } from "remote-kit";
import { telHref } from "shared-types";

/** "Call Us Now" turns into the sales phone link once clicked (SPEC §2). */
export function CallUsButton() {
  const { phone_sales: phone } = useSite().business;
  const [revealed, setRevealed] = useState(false);
  if (revealed) {
    return (
      <a className="inventory-button inventory-button--primary" href={telHref(phone)}>
        {phone}
      </a>
    );
  }
  return (
    <button type="button" className="inventory-button inventory-button--primary" onClick={() => setRevealed(true)}>
      Call Us Now
    </button>
  );
}
