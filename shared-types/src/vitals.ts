// Team api and host: real visitors' Web Vitals (issue 45, item 7). What a page sends from a visitor's browser, and
// the goals the desk's Site speed page holds each route's 75th percentile to, as Google's field data does.

/**
 * Where a page sends its visitor's measurements (the site's own origin: no third party). Written out, not made from
 * API_PREFIX: the browser's Web Vitals script imports this module alone, and shares no chunk with the page's code.
 */
export const VITALS_PATH = "/api/vitals";

/** The three Core Web Vitals, as web-vitals names them. */
export const VITAL_METRICS = ["LCP", "INP", "CLS"] as const;
export type VitalMetric = (typeof VITAL_METRICS)[number];

/** A visitor's screen, by its viewport's width: nothing else of the device is sent. */
export const DEVICE_CLASSES = ["phone", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
/** Narrower than this is a phone (the site's own phone layout starts below it). */
export const PHONE_MAX_WIDTH_PX = 768;

/** How many days of measurements the desk reads and the API keeps: Google's field data looks at 28. */
export const VITALS_WINDOW_DAYS = 28;

/**
 * Google's thresholds for each metric (web.dev "Core Web Vitals"): at or under `good` is good, at or under `poor`
 * needs improvement, above is poor. LCP and INP in milliseconds, CLS unitless.
 */
export const VITAL_GOALS: Record<VitalMetric, { good: number; poor: number; unit: "ms" | "" }> = {
  LCP: { good: 2_500, poor: 4_000, unit: "ms" },
  INP: { good: 200, poor: 500, unit: "ms" },
  CLS: { good: 0.1, poor: 0.25, unit: "" },
};

export type VitalRating = "good" | "needs improvement" | "poor";

/** How Google's field data words a 75th percentile against its metric's goals. */
export function vitalRating(metric: VitalMetric, p75: number): VitalRating {
  const goal = VITAL_GOALS[metric];
  if (p75 <= goal.good) return "good";
  return p75 <= goal.poor ? "needs improvement" : "poor";
}
