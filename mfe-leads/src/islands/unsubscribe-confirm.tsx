import { useState } from "react";
import { defineIsland, Link, useSite } from "remote-kit";
import { paths, telHref } from "shared-types";
import type { UnsubscribeOutcome } from "../api/consent";

type Status = "ready" | "sending" | UnsubscribeOutcome | "failed";

/**
 * The unsubscribe page's one action (an island): unsubscribing takes one click on a button, not the visit itself,
 * as mail scanners open links to check them and must not unsubscribe anyone.
 */
function UnsubscribeConfirm({ email, token }: { email: string; token: string }) {
  const { business: b } = useSite();
  const [status, setStatus] = useState<Status>("ready");

  const confirm = async () => {
    setStatus("sending");
    try {
      const { unsubscribe } = await import("../api/consent");
      setStatus(await unsubscribe(email, token));
    } catch {
      setStatus("failed");
    }
  };

  const askUs = (
    <p>
      You can also call us at <a href={telHref(b.phone_sales)}>{b.phone_sales}</a> or email{" "}
      <a href={`mailto:${b.primary_email}?subject=Unsubscribe`}>{b.primary_email}</a>, and we will take you off our
      list.
    </p>
  );

  return (
    <div className="leads-unsubscribe__action">
      {!email || !token ? (
        <>
          <p>This page needs the full link from one of our emails; part of it is missing.</p>
          {askUs}
        </>
      ) : status === "unsubscribed" ? (
        <div role="status">
          <p>
            Done: we will send no more offers or specials to <strong className="leads-break">{email}</strong>.
          </p>
          <p>
            Replies about an enquiry you sent us still reach you. Read our{" "}
            <Link to={paths.privacy()}>privacy notice</Link>.
          </p>
        </div>
      ) : (
        <>
          <p>
            Stop offers, new inventory and service specials by email to <strong className="leads-break">{email}</strong>
            ?
          </p>
          <button type="button" className="leads-button" onClick={confirm} disabled={status === "sending"}>
            {status === "sending" ? "Unsubscribing..." : "Unsubscribe"}
          </button>
          {status === "invalid-link" ? (
            <div role="alert">
              <p>This unsubscribe link is not valid: it may have been cut short when it was copied.</p>
              {askUs}
            </div>
          ) : null}
          {status === "failed" ? (
            <div role="alert">
              <p>We couldn't record that right now. Please try again in a moment.</p>
              {askUs}
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

export default defineIsland("leads/island/unsubscribe", UnsubscribeConfirm, { hydrate: "interaction" });
