import { useSite } from "remote-kit";
import { closuresAhead, dealershipToday, formatClosure, noticeOn } from "shared-types";

/** The footer's holiday hours: the closures not over yet, as the dealership set them on the staff desk. */
export function FooterClosures() {
  const closures = closuresAhead(useSite().business.closures, dealershipToday());
  if (closures.length === 0) return null;
  return (
    <div className="host-closures">
      <h2 className="host-footer__heading">Holiday Hours</h2>
      <ul>
        {closures.map((closure) => (
          <li key={`${closure.from}-${closure.to}-${closure.note}`}>{formatClosure(closure)}</li>
        ))}
      </ul>
    </div>
  );
}

/** On a day the dealership (or a department) is closed, every page says so at its top. */
export function ClosedToday() {
  const { closures } = useSite().business;
  const today = dealershipToday();
  const now = closuresAhead(closures, today).filter((closure) => closure.from <= today);
  if (now.length === 0) return null;
  return (
    <div className="host-closed-today">
      {now.map((closure) => (
        <p key={`${closure.from}-${closure.note}`}>
          <strong>Today:</strong>
          {` ${formatClosure(closure)}`}
        </p>
      ))}
    </div>
  );
}

/** Marketing's notice (an open house, a sale), set on the staff desk: at the top of every page on its days. */
export function SiteNotice() {
  const notice = noticeOn(useSite().business.notice, dealershipToday());
  if (!notice) return null;
  return (
    <div className="host-site-notice">
      <p>{notice.link ? <a href={notice.link}>{notice.text}</a> : notice.text}</p>
    </div>
  );
}
