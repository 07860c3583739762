import { EmailLayout, type HtmlEmail, renderHtml } from "./email-layout.js";

// The visitor's own copy of a fleet quote request (delivery/lead-messages.ts says what it may repeat): only the
// dealership's words and links to its own site, since anyone can type anyone's address into the form.

export interface VisitorConfirmationProps {
  subject: string;
  intro: string;
  /** What was asked for, as the site knows it; absent for a form without a list. */
  quote?: {
    heading: string;
    lines: { vehicle: string; page: string }[];
    /** The trade-ins in words, or "" for none. */
    tradeIns: string;
  };
  /** The dealership's name, address and phone, and why this email came. */
  footer: string;
}

export function VisitorConfirmation({ intro, quote, footer }: VisitorConfirmationProps) {
  return (
    <EmailLayout footer={footer}>
      <p>Hello,</p>
      <p>{intro}</p>
      {quote ? (
        <p>
          <strong>{quote.heading}</strong>
        </p>
      ) : null}
      {quote ? (
        <ol>
          {quote.lines.map((line, i) => (
            <li key={i}>
              {line.vehicle}
              {line.page ? (
                <>
                  {" ("}
                  <a href={line.page}>its page</a>)
                </>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {quote?.tradeIns ? <p>Trade-ins: {quote.tradeIns}</p> : null}
    </EmailLayout>
  );
}

function visitorConfirmationText({ intro, quote, footer }: VisitorConfirmationProps): string {
  return [
    "Hello,",
    "",
    intro,
    "",
    ...(quote
      ? [
          quote.heading,
          ...quote.lines.map((line, i) => `  ${i + 1}. ${line.vehicle}${line.page ? `: ${line.page}` : ""}`),
          ...(quote.tradeIns ? ["", `Trade-ins: ${quote.tradeIns}`] : []),
          "",
        ]
      : []),
    footer,
    "",
  ].join("\n");
}

export const visitorConfirmationEmail = (props: VisitorConfirmationProps): HtmlEmail => ({
  subject: props.subject,
  text: visitorConfirmationText(props),
  html: renderHtml(<VisitorConfirmation {...props} />),
});
