import type { NoticeProps } from "./layout.js";

/**
 * What a page says after an action it redirected from (`?done=` or `?refused=`): only the page's own words for a
 * code it knows. A link cannot make the desk show text of its sender's choosing.
 */
export function noticeFrom(
  query: unknown,
  words: { done?: Record<string, string>; refused?: Record<string, string> },
): NoticeProps | undefined {
  const { done, refused } = (query ?? {}) as { done?: unknown; refused?: unknown };
  const refusal = wordsFor(words.refused, refused);
  if (refusal) return { kind: "refused", text: refusal };
  const said = wordsFor(words.done, done);
  return said ? { kind: "done", text: said } : undefined;
}

/** The page's own words for a code: only a code of its own ("constructor" names nothing here). */
function wordsFor(words: Record<string, string> | undefined, code: unknown): string | undefined {
  return words && typeof code === "string" && Object.hasOwn(words, code) ? words[code] : undefined;
}

/** Adds a notice's code to where an action returns (a desk page, with or without its own query). */
export const withNotice = (path: string, kind: "done" | "refused", code: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${kind}=${encodeURIComponent(code)}`;
