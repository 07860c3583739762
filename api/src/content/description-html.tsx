import { Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";

// React writes the dealer's words into the markup and escapes them there, once: nothing is escaped by hand.

/** A blank-line-separated block of plain text as a paragraph, its single line breaks kept. */
function Paragraph({ block }: { block: string }) {
  return (
    <p>
      {block.split(/\r?\n/).map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </p>
  );
}

/** The dealer's plain description as the formatting the page shows: a paragraph per blank-line-separated block. */
export function descriptionHtml(text: string): string {
  const blocks = text
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return renderToStaticMarkup(blocks.map((block, i) => <Paragraph key={i} block={block} />));
}
