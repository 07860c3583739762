import { useSite } from "remote-kit";
import { type RemoteName, telHref } from "shared-types";

/** What a visitor calls each remote's part of the site. */
const REMOTE_TITLES: Record<RemoteName, string> = {
  catalog: "Our GM and Isuzu line-ups and financing",
  inventory: "Our vehicle and trailer inventory",
  service: "Service, parts, body shop and specials",
  leads: "Our contact forms",
};

export function RemoteUnavailable({ name, onRetry }: { name: RemoteName; onRetry: () => void }) {
  const { phone_sales: phone } = useSite().business;
  return (
    <section className="host-remote-unavailable" role="alert" data-remote-unavailable={name}>
      <h1 className="host-remote-unavailable__title">{REMOTE_TITLES[name]} can't be shown right now</h1>
      <p>
        This part of our site is not answering. Our team can still help you: call sales at{" "}
        <a href={telHref(phone)}>{phone}</a> or try again in a moment.
      </p>
      <button type="button" className="host-button" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}

export function RemoteLoading() {
  return (
    <div className="host-remote-loading" aria-busy="true">
      <p>Loading...</p>
    </div>
  );
}

/** A page whose team's server cannot be reached to say whether the page is theirs (server-rendered, no script). */
export function PageUnreachable() {
  const { phone_sales: phone } = useSite().business;
  return (
    <section className="host-remote-unavailable" role="alert" data-page-unreachable="">
      <h1 className="host-remote-unavailable__title">This page can't be shown right now</h1>
      <p>
        Part of our site is not answering. Our team can still help you: call sales at{" "}
        <a href={telHref(phone)}>{phone}</a>, try again in a moment, or go to <a href="/">our home page</a>.
      </p>
    </section>
  );
}
