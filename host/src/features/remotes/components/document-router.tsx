import type { ReactNode } from "react";
import { createPath, type Navigator, Router, type To } from "remote-kit/router";

const href = (to: To) => (typeof to === "string" ? to : createPath(to));

/**
 * The router for a region the browser renders itself (its renderer could not compose it): it reads the address, and
 * every navigation loads the page from the server, as a link does everywhere else on the site. A region never swaps
 * in another team's page on its own.
 */
const documentNavigator: Navigator = {
  createHref: href,
  go: (delta) => window.history.go(delta),
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
};

export function DocumentRouter({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = window.location;
  return (
    <Router location={{ pathname, search, hash, state: null, key: "page" }} navigator={documentNavigator}>
      {children}
    </Router>
  );
}
