import { Children, type CSSProperties, Fragment, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";

// The frame every HTML email shares, and the one way an email's HTML is made: React writes each value into the
// markup and escapes it there, once. No string is ever inserted as markup, so nothing is escaped by hand.

/** An email as it is sent: its subject, its plain text, and (all but the CRM's ADF) the same words as HTML. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html?: string;
}

/** An email with its HTML part: every one but the CRM's. */
export type HtmlEmail = RenderedEmail & { html: string };

/** The email's HTML document, from its React element. */
export const renderHtml = (email: ReactElement) => `<!doctype html>${renderToStaticMarkup(email)}`;

/** The small grey print under an email: who sent it, from where. */
export const SMALL_PRINT: CSSProperties = { color: "#666", fontSize: "12px" };

/**
 * The document around an email's blocks, each block on a line of its own (the source stays readable in a mail
 * client's "show original", and no line nears SMTP's 998-character limit), and the sender's small print last.
 */
export function EmailLayout({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const blocks = Children.toArray(children);
  return (
    <html lang="en-CA">
      <body style={{ fontFamily: "Arial,sans-serif", color: "#222" }}>
        {blocks.map((block, i) => (
          <Fragment key={(block as ReactElement).key ?? i}>
            {"\n"}
            {block}
          </Fragment>
        ))}
        {footer ? (
          <>
            {"\n"}
            <p style={SMALL_PRINT}>{footer}</p>
          </>
        ) : null}
        {"\n"}
      </body>
    </html>
  );
}

/** Words a visitor typed, their line breaks kept. */
export function Lines({ text }: { text: string }) {
  return (
    <>
      {text.split("\n").map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </>
  );
}

/** A value that may be an address: only an http(s) one becomes a link (a stored value is a visitor's input). */
export function LinkOrText({ value }: { value: string }) {
  return /^https?:\/\//.test(value) ? <a href={value}>{value}</a> : <Lines text={value} />;
}
