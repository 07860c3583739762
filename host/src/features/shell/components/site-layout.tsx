import { type ReactNode, useEffect } from "react";
import { markHydrated } from "../../remotes/components/remote-region";
import { useNavigationEffects } from "../hooks/use-navigation-effects";
import { SiteFooter } from "./site-footer";
import { TopNav } from "./top-nav";

declare const __BUILD_YEAR__: number;
const copyrightYear = typeof __BUILD_YEAR__ === "number" ? __BUILD_YEAR__ : new Date().getFullYear();

export function SiteLayout({ children }: { children: ReactNode }) {
  useNavigationEffects();
  // marks the moment the static HTML became interactive (menus, buttons): tests and monitoring wait for it
  useEffect(() => {
    markHydrated();
    document.documentElement.dataset.hostReady = "true";
  }, []);
  return (
    <div className="host-site">
      <a className="host-skip-link" href="#main">
        Skip to content
      </a>
      <TopNav />
      <main id="main" className="host-main">
        {children}
      </main>
      <SiteFooter copyrightYear={copyrightYear} />
    </div>
  );
}
