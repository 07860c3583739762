import { useEffect, useLayoutEffect, useRef } from "react";
import { resetPageHead, useSite } from "remote-kit";
import { useLocation } from "remote-kit/router";

export const ANCHOR_SCROLL_OFFSET_PX = 100;
export const ANCHOR_SCROLL_DELAY_MS = 100;
/** A fragment may point into a remote that is still loading; look for it this long before giving up. */
const ANCHOR_WAIT_MS = 5000;

/** The fragment's element id; a malformed escape ("#%") is taken as written rather than breaking the page. */
function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * SPEC §2 "Site shell": on every navigation the title and description are reset (a layout effect, so a page's
 * own effect sets them afterwards), and the page scrolls to the top, or smoothly to the #fragment. The first page
 * keeps the head the server wrote, and the scroll position the visitor may already have moved to.
 */
export function useNavigationEffects(): void {
  const { pathname, search, hash } = useLocation();
  const { name } = useSite().business;
  const firstPage = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation
  useLayoutEffect(() => {
    if (firstPage.current) return;
    resetPageHead(name);
  }, [pathname, search]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page scrolls even when the fragment is unchanged
  useEffect(() => {
    const first = firstPage.current;
    firstPage.current = false;
    if (!hash) {
      if (!first) window.scrollTo({ top: 0, left: 0 });
      return;
    }
    const id = fragmentId(hash);
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
