import { useSite } from "remote-kit";
import { Link } from "remote-kit/router";
import { paths, telHref } from "shared-types";

/**
 * What the site shows when a page itself fails (a bug, an address nothing can read): the shell stays, with a way
 * home and a phone number, never a blank screen.
 */
export function PageFailed() {
  const { phone_sales: phone } = useSite().business;
  return (
    <section className="host-remote-unavailable" role="alert" data-page-failed="">
      <h1 className="host-remote-unavailable__title">This page can't be shown</h1>
      <p>
        Something went wrong showing this address. Our team can still help you: call sales at{" "}
        <a href={telHref(phone)}>{phone}</a>.
      </p>
      <p>
        <Link className="host-button" to={paths.home()}>
          Go to the home page
        </Link>
      </p>
    </section>
  );
}

/** The last resort, when even the shell failed: plain HTML with the phone and a link home that reloads the site. */
export function SiteFailed() {
  const { name, phone_sales: phone } = useSite().business;
  return (
    <main className="host-main" role="alert" data-site-failed="">
      <h1>{name}</h1>
      <p>
        This page can't be shown right now. Call us at <a href={telHref(phone)}>{phone}</a>, or{" "}
        <a href={paths.home()}>go to the home page</a>.
      </p>
    </main>
  );
}
