import { Link } from "remote-kit";
import { paths } from "shared-types";

/** The kind of appointment a body-shop page books: its estimate. */
export const BODY_SHOP_ESTIMATE = "body-shop-estimate";

/** "Book a time": to the booking page with the work chosen (a service page's own kind, or the body shop's estimate). */
export function BookLink({ work, label }: { work?: string; label: string }) {
  return (
    <p className="service-book">
      <Link className="host-button host-button--primary" to={paths.bookService(work ? [work] : [])}>
        {label}
      </Link>
      <span className="service-muted"> See our free times and book a bay in a minute.</span>
    </p>
  );
}
