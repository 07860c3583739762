import { Parser } from "htmlparser2";
import { escapeHtml } from "remote-kit/protocol";

/**
 * The <link> elements React's server renderer writes before a render's content (no <head> to hoist them into), as
 * attributes, and the content after them; the parser stops at the first thing that is not a link.
 */
export function takeLeadingLinks(html: string): { links: Record<string, string>[]; html: string } {
  const links: Record<string, string>[] = [];
  let contentAt = html.length;
  const stop = () => {
    contentAt = parser.startIndex;
    parser.pause();
  };
  const parser = new Parser(
    {
      onopentag: (name, attributes) => (name === "link" ? links.push(attributes) : stop()),
      ontext: stop,
      oncomment: stop,
      onprocessinginstruction: stop,
    },
    { decodeEntities: true },
  );
  parser.write(html);
  return { links, html: links.length === 0 ? html : html.slice(contentAt) };
}

/** The kinds of resource hint a page may ask for: no stylesheet or anything else a renderer's HTML might carry. */
const HINTS = new Set(["preload", "modulepreload", "preconnect", "dns-prefetch"]);

export function renderLinks(links: readonly Record<string, string>[]): string[] {
  const attributes = (link: Record<string, string>) =>
    Object.entries(link).map(([name, value]) => ` ${name}="${escapeHtml(value)}"`);
  return links.filter((link) => HINTS.has(link.rel ?? "")).map((link) => `<link${attributes(link).join("")}>`);
}
