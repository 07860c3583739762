import { useContext, useEffect } from "react";
import { Navigate } from "react-router-dom";
import { type HeadSite, PAGE_HEAD_ATTRIBUTE, type PageHead, pageHeadElements } from "./protocol.js";
import { ServerRenderContext } from "./server-state.js";
import { useSite } from "./site-context.js";

/** Replaces what the previous page added to the head (the host's own head stays) and sets the title. */
function applyPageHead(head: PageHead, site: HeadSite): void {
  document.title = head.title;
  for (const element of document.head.querySelectorAll(`[${PAGE_HEAD_ATTRIBUTE}], meta[name="description"]`)) {
    element.remove();
  }
  for (const { tag, attributes, text } of pageHeadElements(head, site)) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    element.setAttribute(PAGE_HEAD_ATTRIBUTE, "");
    if (text !== undefined) element.textContent = text;
    document.head.append(element);
  }
}

/**
 * The page's title, description, canonical URL, social card and structured data. On the server it is collected
 * for the host to write; in the browser it replaces the previous page's on each navigation (on the first,
 * server-composed page it writes what is already there).
 */
export function usePageHead(head: PageHead | null): void {
  const server = useContext(ServerRenderContext);
  const site = useSite();
  if (server && head) server.head = head;
  const signature = head ? JSON.stringify(head) : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature names the head
  useEffect(() => {
    if (head) applyPageHead(head, { siteUrl: site.siteUrl, siteName: site.business.name });
  }, [signature]);
}

/** The HTTP status the server answers with for this page (404 for an unknown unit, 410 for a sold one). */
export function HttpStatus({ code }: { code: number }) {
  const server = useContext(ServerRenderContext);
  if (server) server.status = code;
  return null;
}

/** A page that moved: a real 301 from the server, a replace-navigation in the browser. */
export function Redirect({ to, status = 301 }: { to: string; status?: 301 | 302 | 308 }) {
  const server = useContext(ServerRenderContext);
  if (server) {
    server.redirect = { location: to, status };
    return null;
  }
  return <Navigate to={to} replace />;
}
