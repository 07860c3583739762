import { LRUCache } from "lru-cache";
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

/**
 * What the sanitiser made of each text lately: the same description is asked for by every page that shows its unit
 * (and the answer depends on the text alone), so each is parsed once, not for every page.
 */
const sanitized = new LRUCache<string, string>({
  max: 2_000,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (v, k) => v.length + k.length,
});

export function sanitizeDealerHtml(html: string): string {
  if (!html) return "";
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = sanitize(html, OPTIONS);
    sanitized.set(html, clean);
  }
  return clean;
}
