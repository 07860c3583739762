// Team host: real visitors' Web Vitals (issue 45, item 7). Loaded by the page's inline script once the page is idle,
// on the sampled page views only (boot-script.ts); nothing on the page depends on it. What it sends: the route's
// pattern the host wrote into the page (its boot data, then its root element), each metric's value, and whether the
// screen is a phone's. No address, no cookie, no user agent: the API stores the day, the route, the metric, the
// screen's class and the value.
//
// Measured as web-vitals measures them (its onLCP, onCLS and onINP, v6), written here in a few lines: the three from
// the package are 2.8 KB with brotli, and this script has 2 KB in all. Like web-vitals loaded late, it reads the
// entries the browser kept (buffered), so it sees what happened before it ran.
import { PHONE_MAX_WIDTH_PX, VITALS_PATH } from "shared-types";

type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
type EventTiming = PerformanceEntry & { interactionId: number };

// the page's route pattern, which the page's inline script wrote on its root element (boot-script.ts)
const route = document.documentElement.dataset.fleetVitalsRoute ?? "";
const device = innerWidth < PHONE_MAX_WIDTH_PX ? "phone" : "desktop";
// a page hidden before its largest paint has no LCP that a visitor saw (web-vitals' firstHiddenTime)
const firstHidden =
  performance.getEntriesByType?.("visibility-state").find((entry) => entry.name === "hidden")?.startTime ?? Infinity;

const observe = <T extends PerformanceEntry>(type: string, options: object, each: (entry: T) => void) => {
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) each(entry as T);
    }).observe({ type, buffered: true, ...options });
  } catch {
    // a browser without this entry type reports nothing of it
  }
};

// LCP: the last candidate painted before the visitor's first input (or the page's hiding), from the moment a
// prerendered page was shown
const activation =
  (performance.getEntriesByType?.("navigation")[0] as { activationStart?: number } | undefined)?.activationStart ?? 0;
let lcp: number | undefined;
let inputSeen = false;
observe("largest-contentful-paint", {}, (entry) => {
  if (!inputSeen && entry.startTime < firstHidden) lcp = Math.max(entry.startTime - activation, 0);
});
for (const type of ["keydown", "click"]) addEventListener(type, () => setTimeout(() => (inputSeen = true)), true);

// CLS: the largest session of shifts not caused by input (gaps under 1 s, at most 5 s long)
let cls = 0;
let session = { value: 0, first: 0, last: 0 };
observe<Shift>("layout-shift", {}, (shift) => {
  if (shift.hadRecentInput) return;
  const joins = session.value > 0 && shift.startTime - session.last < 1000 && shift.startTime - session.first < 5000;
  session = joins
    ? { ...session, value: session.value + shift.value, last: shift.startTime }
    : { value: shift.value, first: shift.startTime, last: shift.startTime };
  cls = Math.max(cls, session.value);
});

// INP: each interaction's longest event; the worst, or with many interactions one of every 50 left out (p98)
const interactions = new Map<number, number>();
observe<EventTiming>("event", { durationThreshold: 40 }, ({ interactionId, duration }) => {
  if (interactionId) interactions.set(interactionId, Math.max(duration, interactions.get(interactionId) ?? 0));
});
const inp = () => {
  const worst = [...interactions.values()].sort((a, b) => b - a);
  const count = (performance as { interactionCount?: number }).interactionCount ?? worst.length;
  return worst[Math.min(worst.length - 1, Math.floor(count / 50))];
};

// everything measured goes in one beacon when the page is hidden (a tab switched, the page left); text/plain, a
// simple request the API reads as JSON
const send = () => {
  if (document.visibilityState !== "hidden" || !route) return;
  const values = { LCP: lcp, INP: inp(), CLS: cls };
  const beacons = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([metric, value]) => ({ route, metric, value: Math.round((value as number) * 1e4) / 1e4, device }));
  if (beacons.length > 0 && navigator.sendBeacon(VITALS_PATH, JSON.stringify(beacons))) {
    removeEventListener("visibilitychange", send);
  }
};
addEventListener("visibilitychange", send);
