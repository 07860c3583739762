import { Fragment } from "react";
import { EmailLayout, type HtmlEmail, Lines, renderHtml } from "./email-layout.js";

// The sales desk's daily email of the submissions the spam guards held back (leads/held-enquiries.ts): each one's
// summary with the signed link that releases it, and the desk's page of them all.

export interface HeldDigestProps {
  subject: string;
  /** Each held submission: label and value rows, and its release link. */
  held: { rows: [string, string][]; releaseLink: string }[];
  /** The staff desk's page of every held enquiry, when the desk's address is known. */
  deskLink?: string;
  businessName: string;
}

const INTRO =
  "The website's spam guards held these enquiries back instead of delivering them. Most are bots; a real person may be among them (a form filled in very fast, by a browser's autofill). Please check each one: a real enquiry is released with its link, and then reaches its desk and the CRM as any other lead.";
const ON_THE_DESK = "Every held enquiry, to release or discard, on the staff desk";

export function HeldDigest({ held, deskLink, businessName }: HeldDigestProps) {
  return (
    <EmailLayout footer={`${businessName} website`}>
      <p>{INTRO}</p>
      {held.map(({ rows, releaseLink }) => (
        <Fragment key={releaseLink}>
          <table cellPadding="6" style={{ borderCollapse: "collapse", margin: "0 0 8px" }}>
            <tbody>
              {rows.map(([label, value], i) => (
                <tr key={i}>
                  <th align="left" style={{ verticalAlign: "top" }}>
                    {label}
                  </th>
                  <td style={{ overflowWrap: "anywhere" }}>
                    <Lines text={value} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <a href={releaseLink}>Not spam? Release this enquiry</a>
          </p>
          <hr />
        </Fragment>
      ))}
      {deskLink ? (
        <p>
          <a href={deskLink}>{ON_THE_DESK}</a>
        </p>
      ) : null}
    </EmailLayout>
  );
}

function heldDigestText({ held, deskLink, businessName }: HeldDigestProps): string {
  return [
    INTRO,
    "",
    ...held.flatMap(({ rows, releaseLink }, i) => [
      `${i + 1}.`,
      ...rows.map(([label, value]) => `   ${label}: ${value.replace(/\n/g, "\n      ")}`),
      `   Not spam? Release it: ${releaseLink}`,
      "",
    ]),
    ...(deskLink ? [`${ON_THE_DESK}: ${deskLink}`, ""] : []),
    `${businessName} website`,
  ].join("\n");
}

export const heldDigestEmail = (props: HeldDigestProps): HtmlEmail => ({
  subject: props.subject,
  text: heldDigestText(props),
  html: renderHtml(<HeldDigest {...props} />),
});
