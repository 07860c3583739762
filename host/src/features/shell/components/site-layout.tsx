import type { ReactNode } from "react";
import { useLocation } from "remote-kit/router";
import { currentNavHrefs } from "../nav-entries";
import { ClosedToday, SiteNotice } from "./closure-notices";
import { SiteFooter } from "./site-footer";
import TopNav from "./top-nav";

declare const __BUILD_YEAR__: number;
const copyrightYear = typeof __BUILD_YEAR__ === "number" ? __BUILD_YEAR__ : new Date().getFullYear();

/** The shell of every page, rendered on the server only: the menu is an island, the footer plain HTML. */
export function SiteLayout({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return (
    <div className="host-site">
      <a className="host-skip-link" href="#main">
        Skip to content
      </a>
      <header className="host-header">
        <TopNav current={currentNavHrefs(`${pathname}${search}`)} />
      </header>
      <ClosedToday />
      <SiteNotice />
      <main id="main" className="host-main">
        {children}
      </main>
      <SiteFooter copyrightYear={copyrightYear} />
    </div>
  );
}
