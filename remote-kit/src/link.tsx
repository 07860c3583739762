import type { AnchorHTMLAttributes } from "react";

/**
 * A link to a page of the site. Every page is composed on the server, so following a link loads that page:
 * a plain anchor, the same in server HTML, in an island and in a page the browser renders itself.
 */
export function Link({ to, ...anchor }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return <a href={to} {...anchor} />;
}
