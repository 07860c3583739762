import { EmailLayout, type HtmlEmail, renderHtml } from "./email-layout.js";

// To a department's manager when nobody has claimed a lead within the set open minutes (staff/escalation.ts).
// Only what it takes to find the lead on the desk: the form, the visitor's name, when it came.

export interface UnclaimedLeadProps {
  department: string;
  minutes: number;
  formTitle: string;
  /** The visitor's name as they gave it, or "" for none. */
  name: string;
  /** When it came, in Calgary's words. */
  received: string;
  /** The desk's list of unclaimed leads. */
  deskLink: string;
}

const waited = ({ department, minutes }: UnclaimedLeadProps) =>
  `Nobody has claimed this ${department} lead in ${minutes} minutes of the department's open hours.`;
const OPEN_IT = "Open it on the staff desk and claim it";

export function UnclaimedLead(props: UnclaimedLeadProps) {
  return (
    <EmailLayout>
      <p>{waited(props)}</p>
      <table cellPadding="4" style={{ borderCollapse: "collapse" }}>
        <tbody>
          <tr>
            <th align="left">Form</th>
            <td>{props.formTitle}</td>
          </tr>
          <tr>
            <th align="left">Name</th>
            <td>{props.name || "(none given)"}</td>
          </tr>
          <tr>
            <th align="left">Received</th>
            <td>{props.received}</td>
          </tr>
        </tbody>
      </table>
      <p>
        <a href={props.deskLink}>{OPEN_IT}</a>
      </p>
    </EmailLayout>
  );
}

export const unclaimedLeadEmail = (props: UnclaimedLeadProps): HtmlEmail => ({
  subject: `Unclaimed ${props.department} lead: ${props.name || "a visitor"} has waited ${props.minutes} open minutes`,
  text: [
    waited(props),
    "",
    `Form: ${props.formTitle}`,
    `Name: ${props.name || "(none given)"}`,
    `Received: ${props.received}`,
    "",
    `${OPEN_IT}: ${props.deskLink}`,
  ].join("\n"),
  html: renderHtml(<UnclaimedLead {...props} />),
});
