/** Any origin will do: only a path that stays on it is kept. */
const BASE = "https://site.invalid";

/**
 * A return address a visitor's link carries (`from`, a page to go back to), as a path and query on the site, or
 * null when it is not one: another site's address, a scheme-relative one ("//evil.example", "/\evil.example"),
 * one with a backslash or a control character (which browsers drop or read as a slash), or anything that does not
 * resolve to this site's own origin. The fragment is left out.
 */
export function sitePath(from: string | null | undefined): string | null {
  if (!from || from.length > 2_000 || !from.startsWith("/") || from.startsWith("//")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(from) || /%(?:5c|0[0-9a-f]|1[0-9a-f]|7f)/i.test(from)) return null;
  let resolved: URL;
  try {
    resolved = new URL(from, BASE);
  } catch {
    return null;
  }
  if (resolved.origin !== BASE) return null;
  const path = `${resolved.pathname}${resolved.search}`;
  return path.startsWith("//") ? null : path;
}
