import { z } from "zod/mini";
import { DEVICE_CLASSES, VITAL_METRICS } from "./vitals.js";

// Team api: what POST /api/vitals accepts from a visitor's browser (sendBeacon), and what the staff route answers.

/**
 * A route's pattern as a remote declares it ("/inventory/vehicle/:id"), never a visited address: a slash, then
 * lower-case segments of letters, digits, dots and dashes, ":name" parameters (optional ones end in "?") or a "*". No query, no ids, nothing a visitor typed.
 */
const SEGMENT = String.raw`(?:[a-z0-9][a-z0-9._-]*|:[A-Za-z][A-Za-z0-9_]*\??|\*)`;
export const VITAL_ROUTE_PATTERN = new RegExp(String.raw`^\/(?:${SEGMENT}(?:\/${SEGMENT})*)?$`);

/** Far above any real measurement (a minute's LCP or INP; a CLS of 10), below which a value is believed. */
const VALUE_CEILING = { LCP: 60_000, INP: 60_000, CLS: 10 } as const;

/** One measurement of one page view: its route's pattern, the metric, its value and the screen's class. */
export const vitalBeaconSchema = z
  .object({
    route: z
      .string()
      .check(z.maxLength(200), z.regex(VITAL_ROUTE_PATTERN, "a route's pattern, such as /inventory/:id")),
    metric: z.enum(VITAL_METRICS),
    value: z.number().check(z.refine(Number.isFinite, "a finite number"), z.gte(0, "not negative")),
    device: z.enum(DEVICE_CLASSES),
  })
  .check(
    z.refine((beacon) => beacon.value <= VALUE_CEILING[beacon.metric], {
      message: "more than any page could measure",
      path: ["value"],
    }),
  );
export type VitalBeacon = z.output<typeof vitalBeaconSchema>;

/** A page view sends its metrics together when it is hidden: at most one of each. */
export const vitalBeaconsSchema = z.array(vitalBeaconSchema).check(z.minLength(1), z.maxLength(VITAL_METRICS.length));

/** A route's 75th percentile of one metric over the window, overall and by screen class (null: none measured). */
export const vitalSummarySchema = z.object({
  route: z.string(),
  metric: z.enum(VITAL_METRICS),
  p75: z.number(),
  samples: z.number(),
  phone: z.nullable(z.object({ p75: z.number(), samples: z.number() })),
  desktop: z.nullable(z.object({ p75: z.number(), samples: z.number() })),
});
export type VitalSummary = z.output<typeof vitalSummarySchema>;
