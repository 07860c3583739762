import { z } from "zod/mini";
import { sitePath } from "./return-address.js";
import { isStorableText } from "./text.js";

// Never let zod compile validators with new Function: the site's Content-Security-Policy allows no eval.
z.config({ jitless: true });

/**
 * Free text a person types: trimmed, at most `max` characters, no control characters (a multi-line field keeps
 * tabs and line breaks, written as \n). Anything else is a 400 naming the field, never a stored surprise.
 */
export function safeText(
  max: number,
  {
    multiline = false,
    messages = {},
  }: { multiline?: boolean; messages?: { tooLong?: string; unstorable?: string } } = {},
) {
  return z.string().check(
    z.overwrite((text) => (multiline ? text.replace(/\r\n?/g, "\n") : text)),
    z.trim(),
    messages.tooLong ? z.maxLength(max, messages.tooLong) : z.maxLength(max),
    z.refine((text) => isStorableText(text, multiline), {
      message:
        messages.unstorable ??
        (multiline ? "must not contain control characters" : "must be one line without control characters"),
    }),
  );
}

/** An identifier from a URL or a header (stock number, branch code, idempotency key): a narrow alphabet only. */
export function identifier(pattern: RegExp, what: string) {
  return z.string().check(z.trim(), z.regex(pattern, `must be ${what}`));
}

export const stockNumberSchema = identifier(/^[A-Za-z0-9-]{1,32}$/, "a stock number (letters, digits, dashes)");
export const searchTextSchema = safeText(100).check(z.minLength(1));

/**
 * Whitespace, control characters and backslashes: browsers drop tabs and line breaks from an address and read a
 * backslash as a slash, so "/\t/evil.example" and "/\\evil.example" are "//evil.example", another site.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const NOT_IN_A_LINK = /[\s\u0000-\u001f\u007f\\]/;

/**
 * A link staff put on the site (a notice's, a special's): empty, a page of this site ("/inventory?x=1#y"), or an
 * https:// address (another site's on purpose: a maker's offer). `message` says which, with an example of the field's.
 */
export function siteLinkSchema(message: string) {
  return z.string().check(
    z.trim(),
    z.maxLength(500, "Keep the link under 500 characters"),
    z.refine(
      (link) =>
        link === "" ||
        (!NOT_IN_A_LINK.test(link) && (sitePath(link) !== null || /^https:\/\/[^\s/]+\.[^\s]+$/.test(link))),
      message,
    ),
  );
}
