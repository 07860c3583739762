import type { Grants, HeldEnquiry, Member } from "../desk-api.js";
import { Layout, Notice } from "./layout.js";

/**
 * Enquiries the spam guards held back: who, what they wrote and why each was held; a real one is released into
 * normal delivery (its desk and the CRM, as if accepted when sent), a bot's discarded.
 */
export function HeldPage({
  signedIn,
  held,
  notice,
}: {
  signedIn: { member: Member; grants: Grants };
  held: HeldEnquiry[];
  notice?: { kind: "done" | "refused"; text: string };
}) {
  return (
    <Layout title="Held enquiries" signedIn={signedIn}>
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
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
