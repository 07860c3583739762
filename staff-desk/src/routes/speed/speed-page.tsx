import { VITAL_GOALS, VITAL_METRICS, type VitalMetric, vitalRating } from "shared-types";
import type { VitalSummary } from "shared-types/schemas";
import type { SignedIn } from "../../signed-in.js";
import { Layout, ScrollingTable } from "../../ui/layout.js";

// Team desk: Site speed. Each route's 75th percentile of each Core Web Vital, as Google's field data (CrUX, Search
// Console) shows a site's: three out of four visits were at least this fast.

const METRIC_NAMES: Record<VitalMetric, string> = {
  LCP: "Largest Contentful Paint (LCP)",
  INP: "Interaction to Next Paint (INP)",
  CLS: "Cumulative Layout Shift (CLS)",
};

/** A value as Google's reports write it: LCP in seconds, INP in milliseconds, CLS as a plain number. */
export function vitalValue(metric: VitalMetric, value: number): string {
  if (metric === "LCP") return `${(value / 1000).toFixed(1)} s`;
  if (metric === "INP") return `${Math.round(value)} ms`;
  return value.toFixed(2);
}

const goalText = (metric: VitalMetric) => `good ≤ ${vitalValue(metric, VITAL_GOALS[metric].good)}`;
const RATING_WORDS = { good: "Good", "needs improvement": "Needs improvement", poor: "Poor" } as const;

/** One screen class's p75 and visits, or a dash when none of its visits measured this. */
const byDevice = (metric: VitalMetric, part: VitalSummary["phone"]) =>
  part ? `${vitalValue(metric, part.p75)} (${part.samples})` : "–";

function RouteTable({ route, summaries }: { route: string; summaries: VitalSummary[] }) {
  const rows = VITAL_METRICS.flatMap((metric) => summaries.filter((summary) => summary.metric === metric));
  return (
    <>
      <h2 className="desk-subheading">
        <code>{route}</code>
      </h2>
      <ScrollingTable label={`Speed of ${route}`}>
        <thead>
          <tr>
            <th scope="col">Measure</th>
            <th scope="col">75th percentile</th>
            <th scope="col">Goal</th>
            <th scope="col">Verdict</th>
            <th scope="col">Phones (visits)</th>
            <th scope="col">Desktops (visits)</th>
            <th scope="col">Visits measured</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.metric}>
              <th scope="row">{METRIC_NAMES[row.metric]}</th>
              <td>{vitalValue(row.metric, row.p75)}</td>
              <td>{goalText(row.metric)}</td>
              <td>{RATING_WORDS[vitalRating(row.metric, row.p75)]}</td>
              <td>{byDevice(row.metric, row.phone)}</td>
              <td>{byDevice(row.metric, row.desktop)}</td>
              <td>{row.samples}</td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </>
  );
}

/** Each route that visitors measured, in its own table; or that none did. */
export function SpeedPage({
  signedIn,
  days,
  summaries,
}: {
  signedIn: SignedIn;
  days: number;
  summaries: VitalSummary[];
}) {
  const routes = [...new Set(summaries.map((summary) => summary.route))];
  return (
    <Layout title="Site speed" signedIn={signedIn}>
      <p className="desk-hint">
        What real visitors' browsers measured over the last {days} days (a sample of page views sends its measurements,
        with nothing of the visitor): for each page, three visits out of four were at least this fast (the 75th
        percentile), as Google's field data reports it. Good: LCP up to 2.5 s, INP up to 200 ms, CLS up to 0.1; needs
        improvement up to 4 s, 500 ms and 0.25; poor beyond.
      </p>
      {routes.length === 0 ? (
        <p>No visitor has been measured in the last {days} days.</p>
      ) : (
        routes.map((route) => (
          <RouteTable key={route} route={route} summaries={summaries.filter((summary) => summary.route === route)} />
        ))
      )}
    </Layout>
  );
}
