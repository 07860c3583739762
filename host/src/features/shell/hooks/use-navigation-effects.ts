import { useEffect, useLayoutEffect } from "react";
import { useLocation } from "react-router-dom";
import { resetPageMeta } from "shared-types";

export const ANCHOR_SCROLL_OFFSET_PX = 100;
export const ANCHOR_SCROLL_DELAY_MS = 100;
/** A fragment may point into a remote that is still loading; look for it this long before giving up. */
const ANCHOR_WAIT_MS = 5000;

/**
 * SPEC §2 "Site shell": on every navigation the title and description are reset (a layout effect, so a page's
 * own effect can set them afterwards), and the page scrolls to the top, or smoothly to the #fragment.
 */
export function useNavigationEffects(): void {
  const { pathname, search, hash } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation
  useLayoutEffect(() => {
    resetPageMeta();
  }, [pathname, search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page scrolls even when the fragment is unchanged
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0, left: 0 });
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const started = Date.now();
    let timer = window.setTimeout(function scrollWhenPresent() {
      const target = document.getElementById(id);
      if (target) {
        const top = target.getBoundingClientRect().top + window.scrollY - ANCHOR_SCROLL_OFFSET_PX;
        window.scrollTo({ top, behavior: "smooth" });
      } else if (Date.now() - started < ANCHOR_WAIT_MS) {
        timer = window.setTimeout(scrollWhenPresent, 100);
      }
    }, ANCHOR_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, hash]);
}
