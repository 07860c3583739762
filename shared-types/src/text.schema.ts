import { z } from "zod/mini";

// Never let zod compile validators with new Function: the site's Content-Security-Policy allows no eval.
z.config({ jitless: true });

/**
 * Characters no visitor types and no store or document survives: C0 and C1 controls (NUL breaks PostgreSQL,
 * U+0001 breaks XML), the non-characters U+FFFE and U+FFFF, and lone surrogate halves (not valid UTF-8).
 * Tab and line breaks are allowed only where a field is multi-line.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/;
const LINE_BREAKS_AND_TABS = /[\t\n\r]/;
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export function isStorableText(text: string, multiline: boolean): boolean {
  return !CONTROLS.test(text) && !LONE_SURROGATE.test(text) && (multiline || !LINE_BREAKS_AND_TABS.test(text));
}

/**
 * Free text a person types: trimmed, at most `max` characters, no control characters (a multi-line field keeps
 * tabs and line breaks, written as \n). Anything else is a 400 naming the field, never a stored surprise.
 */
export function safeText(max: number, { multiline = false }: { multiline?: boolean } = {}) {
  return z.string().check(
    z.overwrite((text) => (multiline ? text.replace(/\r\n?/g, "\n") : text)),
    z.trim(),
    z.maxLength(max),
    z.refine((text) => isStorableText(text, multiline), {
      message: multiline ? "must not contain control characters" : "must be one line without control characters",
    }),
  );
}

/** An identifier from a URL or a header (stock number, branch code, idempotency key): a narrow alphabet only. */
export function identifier(pattern: RegExp, what: string) {
  return z.string().check(z.trim(), z.regex(pattern, `must be ${what}`));
}

export const stockNumberSchema = identifier(/^[A-Za-z0-9-]{1,32}$/, "a stock number (letters, digits, dashes)");
export const searchTextSchema = safeText(100).check(z.minLength(1));
