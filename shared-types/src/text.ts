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
