import type { StaffApi } from "shared-types/schemas";
import type { SignedIn } from "../../signed-in.js";
import type { CallAnswer } from "../../staff-api.js";
import { Layout, ScrollingTable } from "../../ui/layout.js";

/** An email as the API lists it, and as it renders it (its HTML none for the CRM's: the ADF document alone). */
type EmailListing = CallAnswer<StaffApi["emails"]>["emails"][number];
type EmailPreview = CallAnswer<StaffApi["emailPreview"]>;

/**
 * The email's parts as its reader gets them. The HTML is shown in a sandboxed frame (sandbox with no permission: no
 * script, no form, no navigation, an origin of its own), loaded from its own address (/emails/:name/preview) so it
 * has a policy of its own that lets its inline styles and images show, never written into this page.
 */
function Preview({ email }: { email: EmailPreview }) {
  return (
    <>
      <h2 className="desk-subheading">{email.title}</h2>
      <ScrollingTable label={`The email: ${email.title}`}>
        <tbody>
          <tr>
            <th scope="row">Subject</th>
            <td>{email.subject}</td>
          </tr>
          <tr>
            <th scope="row">HTML</th>
            <td>
              {email.html === null ? (
                "None: mail programs read the text alone."
              ) : (
                <iframe
                  title={`${email.title}, as HTML`}
                  sandbox=""
                  src={`/emails/${email.name}/preview`}
                  width="100%"
                  height="560"
                />
              )}
            </td>
          </tr>
          <tr>
            <th scope="row">Text</th>
            <td>
              <pre>{email.text}</pre>
            </td>
          </tr>
        </tbody>
      </ScrollingTable>
    </>
  );
}

/** Every email the site sends; the one chosen, previewed with made-up people and units. */
export function EmailsPage({
  signedIn,
  emails,
  shown,
}: {
  signedIn: SignedIn;
  emails: EmailListing[];
  shown?: EmailPreview;
}) {
  return (
    <Layout title="Emails" signedIn={signedIn}>
      <p className="desk-hint">
        Every email the site sends, with made-up people and units and the dealership's own details: as its reader gets
        it, in HTML and in plain text. Choose one to see it.
      </p>
      <ul>
        {emails.map((email) => (
          <li key={email.name}>
            <a href={`/emails/${email.name}`} aria-current={shown?.name === email.name ? "page" : undefined}>
              {email.title}
            </a>
          </li>
        ))}
      </ul>
      {shown ? <Preview email={shown} /> : null}
    </Layout>
  );
}
