import sanitize from "sanitize-html";

/**
 * Dealer-written HTML (vehicle comments, promotion blocks) as pages may render it: text formatting, lists, links
 * and images only. No scripts, forms, frames, inline styles or event handlers; links only to http(s), mail and
 * phone, and site paths. The API is the one place this happens, so no page needs a sanitiser of its own.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "h2",
    "h3",
    "h4",
    "a",
    "img",
    "span",
    "small",
  ],
  allowedAttributes: { a: ["href", "title"], img: ["src", "alt", "width", "height"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

export function sanitizeDealerHtml(html: string): string {
  return html ? sanitize(html, OPTIONS) : "";
}
