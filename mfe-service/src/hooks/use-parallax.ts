import { useEffect, useRef } from "react";

/** How far the background moves per pixel scrolled: slower than the page, so it appears to sit behind it. */
export const PARALLAX_RATE = 0.35;

/**
 * Shifts an element's background on scroll (SPEC §2 "Background images ... shift on scroll") by setting
 * --service-parallax on it. Visitors who ask for reduced motion get a still background.
 */
export function useParallax<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const offset = Math.round(-element.getBoundingClientRect().top * PARALLAX_RATE);
      element.style.setProperty("--service-parallax", `${offset}px`);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return ref;
}
