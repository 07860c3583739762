import type { HeldEnquiryListing } from "shared-types";
import type { SignedIn } from "../../signed-in.js";
import { Layout, type NoticeProps, PageNotice } from "../../ui/layout.js";

/**
 * Enquiries the spam guards held back: who, what they wrote and why each was held; a real one is released into
 * normal delivery (its desk and the CRM, as if accepted when sent), a bot's discarded.
 */
export function HeldPage({
  signedIn,
  held,
  notice,
}: {
  signedIn: SignedIn;
  held: HeldEnquiryListing[];
  notice?: NoticeProps;
}) {
  return (
    <Layout title="Held enquiries" signedIn={signedIn}>
      <PageNotice notice={notice} />
      <p className="desk-hint">
        The website's spam guards held these back instead of delivering them. Most are bots; a person who filled a form
        in very fast (a browser's autofill) may be among them.
      </p>
      {held.length === 0 ? (
        <p>Nothing is held.</p>
      ) : (
        <ul className="desk-leads">
          {held.map((enquiry) => (
            <li key={enquiry.id} className="desk-lead" data-held-id={enquiry.id}>
              <dl>
                {enquiry.summary.map(([label, value]) => [
                  <dt key={`${label}-term`}>{label}</dt>,
                  <dd key={`${label}-value`}>{value}</dd>,
                ])}
              </dl>
              <div className="desk-lead__actions">
                <form method="post" action={`/held/${encodeURIComponent(enquiry.id)}/release`}>
                  <button type="submit">Not spam: release it</button>
                </form>
                <form method="post" action={`/held/${encodeURIComponent(enquiry.id)}/discard`}>
                  <button type="submit" className="desk-button--quiet">
                    Spam: discard it
                  </button>
                </form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Layout>
  );
}
