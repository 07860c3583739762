import { VITALS_WINDOW_DAYS, type VitalMetric } from "shared-types";
import type { VitalBeacon, VitalSummary } from "shared-types/schemas";
import type { Database } from "../db/database.js";

// Team api: real visitors' Web Vitals, as the pages' sampled visitors sent them (POST /api/vitals), and each route's
// 75th percentile over the last 28 days for the desk (GET /api/staff/vitals), as Google's field data reports them.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Old measurements are deleted at most this often, as new ones come: a page view costs no extra statement. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

interface SummaryRow {
  route: string;
  metric: VitalMetric;
  p75: number;
  samples: number;
  phone_p75: number | null;
  phone_samples: number;
  desktop_p75: number | null;
  desktop_samples: number;
}

/** A day as the table keeps it (UTC: a measurement's day only decides when it leaves the window). */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export class VitalsStore {
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** The first day of the window (the 28 days up to today, today included). */
  private firstDay(): string {
    return dayOf(this.now() - (VITALS_WINDOW_DAYS - 1) * DAY_MS);
  }

  /** Stores one page view's measurements under today, and now and then deletes those older than the window. */
  async record(beacons: readonly VitalBeacon[]): Promise<void> {
    const params: unknown[] = [dayOf(this.now())];
    const rows = beacons.map((beacon) => {
      params.push(beacon.route, beacon.metric, beacon.device, beacon.value);
      const at = params.length;
      return `($1::date, $${at - 3}, $${at - 2}, $${at - 1}, $${at}::float8)`;
    });
    await this.db.query(`insert into web_vitals (day, route, metric, device, value) values ${rows.join(", ")}`, params);
    if (this.now() - this.prunedAt >= PRUNE_EVERY_MS) await this.prune();
  }

  /** Deletes what is older than the window: nothing past 28 days is kept. */
  async prune(): Promise<number> {
    this.prunedAt = this.now();
    const deleted = await this.db.query<{ day: string }>("delete from web_vitals where day < $1::date returning day", [
      this.firstDay(),
    ]);
    return deleted.length;
  }

  /**
   * Each route's and metric's 75th percentile over the window (percentile_cont: interpolated, as Google's field data
   * reports its p75), how many page views it is of, and the same for phones and desktops apart.
   */
  async summary(): Promise<VitalSummary[]> {
    const rows = await this.db.query<SummaryRow>(
      `select route, metric,
              percentile_cont(0.75) within group (order by value) as p75,
              count(*)::int as samples,
              percentile_cont(0.75) within group (order by value) filter (where device = 'phone') as phone_p75,
              (count(*) filter (where device = 'phone'))::int as phone_samples,
              percentile_cont(0.75) within group (order by value) filter (where device = 'desktop') as desktop_p75,
              (count(*) filter (where device = 'desktop'))::int as desktop_samples
         from web_vitals
        where day >= $1::date
        group by route, metric
        order by route, metric`,
      [this.firstDay()],
    );
    return rows.map((row) => ({
      route: row.route,
      metric: row.metric,
      p75: Number(row.p75),
      samples: Number(row.samples),
      phone: row.phone_p75 === null ? null : { p75: Number(row.phone_p75), samples: Number(row.phone_samples) },
      desktop: row.desktop_p75 === null ? null : { p75: Number(row.desktop_p75), samples: Number(row.desktop_samples) },
    }));
  }
}
