import type { Queryable } from "../db/database.js";
import { FEED_LEASE_MS } from "../feeds/feed-runs.js";
import { readFeed } from "../feeds/feed-schedule.js";
import { FeedBusy, type FeedService } from "../feeds/feed-service.js";
import { purgeExpired, type RetentionPolicy } from "../leads/retention.js";
import type { SavedSearchAlerts } from "../saved-searches/saved-search-alerts.js";
import type { LeadEscalation } from "../staff/escalation.js";
import type { JobLog, PeriodicJob } from "./job-runner.js";

const MINUTE_MS = 60_000;
/** A job checked each minute is tried again within the minute after a failure. */
const EACH_MINUTE = { everyMs: MINUTE_MS, retry: { baseDelayMs: 5_000, maxDelayMs: MINUTE_MS } };

export interface ApiJobSources {
  retention: RetentionPolicy;
  /** The held enquiries' digest and how often it goes (none: no mail to send it with) */
  heldDigest?: { everyMs: number; send: () => Promise<{ sent: number }> };
  escalation: Pick<LeadEscalation, "runOnce">;
  savedSearchAlerts: Pick<SavedSearchAlerts, "runIfDue">;
  feeds: Pick<FeedService, "failAbandonedRuns" | "importInventory">;
  /** The service bookings' day-before reminders, and who sends them (the lead outbox's worker) */
  bookingReminders: { queue: () => Promise<number>; onQueued?: () => void };
  /** Books each fleet plan's visit as it comes due (its lead and the fleet's email go as any booking's) */
  servicePlans: { bookDue: () => Promise<number>; onBooked?: () => void };
  /** The dealership's feed, when FEED_URL is set */
  feedPull?: { url: string; intervalMinutes: number; fileDirs: readonly string[] };
}

/** The API's periodic jobs, each run by one API process at a time (jobs/job-runner.ts startPeriodicJobs). */
export function apiJobs(db: Queryable, log: JobLog, sources: ApiJobSources): PeriodicJob[] {
  const { retention, heldDigest, feeds, feedPull } = sources;
  const jobs: PeriodicJob[] = [
    // the retention policy: what the dealership may no longer keep is deleted
    {
      name: "retention-purge",
      everyMs: 60 * MINUTE_MS,
      run: async () =>
        log.info({ purged: await purgeExpired(db, retention), retention }, "retention: expired records deleted"),
    },
    // a lead nobody claims in its department's open time is escalated to the department's manager
    { name: "lead-escalation", ...EACH_MINUTE, run: () => sources.escalation.runOnce() },
    // saved searches: a day after a search's last alert, what changed since is sent (and lapsed searches stop)
    { name: "saved-search-alerts", ...EACH_MINUTE, run: () => sources.savedSearchAlerts.runIfDue() },
    // a service booking's visitor is reminded the day before, once
    {
      name: "booking-reminders",
      everyMs: 15 * MINUTE_MS,
      run: async () => {
        const queued = await sources.bookingReminders.queue();
        if (queued > 0) sources.bookingReminders.onQueued?.();
      },
    },
    // a fleet's recurring plan: each visit booked two weeks before it is due, or once a unit's reading is near its distance
    {
      name: "service-plans",
      everyMs: 15 * MINUTE_MS,
      run: async () => {
        const booked = await sources.servicePlans.bookDue();
        if (booked > 0) sources.servicePlans.onBooked?.();
      },
    },
    // a feed run whose process died (killed, the machine lost) is marked failed, not left "running"
    { name: "feed-run-sweep", everyMs: FEED_LEASE_MS / 2, run: () => feeds.failAbandonedRuns() },
  ];
  // held (possibly spam) submissions reach the sales desk once every QUARANTINE_DIGEST_HOURS
  if (heldDigest) {
    jobs.push({
      name: "held-digest",
      everyMs: heldDigest.everyMs,
      run: async () => log.info(await heldDigest.send(), "held enquiries: the sales desk's digest is sent"),
    });
  }
  // the dealership's feed from FEED_URL, imported as an upload would be (its run kept, the sales desk told of rejected
  // rows); a pull that fails is tried again on the backoff, and the site keeps what it has
  if (feedPull) {
    const { url, fileDirs } = feedPull;
    jobs.push({
      name: "feed-pull",
      everyMs: feedPull.intervalMinutes * MINUTE_MS,
      run: () =>
        feeds
          .importInventory(() => readFeed(url, fileDirs), { source: url })
          .then(
            ({ run, report }) =>
              log.info(
                {
                  run: run.id,
                  outcome: run.outcome,
                  added: report.added,
                  updated: report.updated,
                  sold: report.marked_sold,
                },
                "feeds: scheduled pull imported",
              ),
            (error: unknown) => {
              if (!(error instanceof FeedBusy)) throw error;
              log.info({ run: error.runId }, "feeds: an import is running; the scheduled pull waits for the next");
            },
          ),
    });
  }
  return jobs;
}
