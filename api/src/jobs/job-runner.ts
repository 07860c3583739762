import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/database.js";

/**
 * The API's background work, on one mechanism: a loop that wakes on its own time or when nudged, and leases in
 * `job_leases` (a row per name, taken in one statement, renewed while held, taken over once its holder stops
 * renewing) for the periodic jobs, each run once per interval across every API process and retried on a backoff
 * after a failure, and for the feed runs (feeds/feed-runs.ts).
 */

export interface RetryPolicy {
  /** The wait after the first failure; it doubles after each further one */
  baseDelayMs: number;
  /**
   * The longest wait between tries. Kept short for the lead outbox (30 s by default): when the mail server comes
   * back, every waiting lead goes out within this long, not hours later.
   */
  maxDelayMs: number;
  /** Tries before the work is given up on (a lead delivery is failed and an alert raised) */
  maxAttempts: number;
}

/** Exponential backoff with "full jitter" on the upper half, so many failing together do not retry in step. */
export function backoffMs(policy: Omit<RetryPolicy, "maxAttempts">, attempts: number, random = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The logger's shape (pino's, which Fastify uses): an object of facts, then the message. */
export interface JobLog {
  info(facts: object, message: string): void;
  warn(facts: object, message: string): void;
  error(facts: object, message: string): void;
}

/**
 * Runs `pass` now and then every `idleMs`, or at once when nudged; a nudge during a pass runs another right after
 * it. Its timer never keeps the process alive; stop() waits for the pass under way.
 */
export class Loop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly idleMs: () => number,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  nudge(): void {
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.pass().finally(() => {
        this.running = null;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? 0 : this.idleMs());
      });
    }, delayMs).unref();
  }
}

const inMs = (param: string) => `now() + make_interval(secs => ${param}::double precision / 1000)`;

/**
 * A lease asked for. `holder`: when taken, the holder whose lease had lapsed (null when it was free); when not, the
 * one holding it. `failures`: the runs before's (periodic jobs). `waitMs`: until it is worth asking again.
 */
export type Lease = { taken: boolean; holder: string | null; failures: number; waitMs: number };

/**
 * Takes lease `name` for `holder` for `leaseMs` when it is due (`next_run_at`) and nobody holds it, or its holder
 * stopped renewing: one statement, so two processes asking together never both get it.
 */
export async function takeLease(db: Queryable, name: string, holder: string, leaseMs: number): Promise<Lease> {
  const [lease] = await db.query<Lease>(
    `with before as (select * from job_leases where name = $1),
     taken as (
       insert into job_leases (name, holder, locked_until) values ($1, $2, ${inMs("$3")})
       on conflict (name) do update set holder = excluded.holder, locked_until = excluded.locked_until
         where job_leases.next_run_at <= now() and (job_leases.locked_until is null or job_leases.locked_until < now())
       returning failures)
     select exists (select 1 from taken) as taken, coalesce((select failures from taken), 0) as failures,
            (select holder from before where locked_until is not null) as holder,
            coalesce((select greatest(0, extract(epoch from greatest(next_run_at, locked_until) - now()) * 1000)
                        from before), 0)::float8 as "waitMs"`,
    [name, holder, leaseMs],
  );
  return lease as Lease;
}

/** Runs `work` holding the lease, renewed every third of it, so a long run is never taken for a dead one. */
export async function whileHeld<T>(db: Queryable, lease: [string, string, number], work: () => Promise<T>): Promise<T> {
  const renew = `update job_leases set locked_until = ${inMs("$3")} where name = $1 and holder = $2 and locked_until is not null`;
  const heartbeat = setInterval(() => void db.query(renew, lease).catch(() => undefined), lease[2] / 3).unref();
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
  }
}

/** Gives the lease back before it runs out: whoever asks next takes it at once. */
export async function releaseLease(db: Queryable, name: string, holder: string): Promise<void> {
  await db.query("update job_leases set locked_until = null where name = $1 and holder = $2", [name, holder]);
}

export interface PeriodicJob {
  /** The job's lease row: one runner at a time across processes, and one run per interval */
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
  /** How long a run holds the job without renewing: a process that died mid-run lets go after this. */
  leaseMs?: number;
  /** After a failure the job is tried again on this backoff (never later than its next run would have been) */
  retry?: Omit<RetryPolicy, "maxAttempts">;
}

const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_JOB_RETRY = { baseDelayMs: 10_000, maxDelayMs: 10 * 60_000 };
/** The shortest sleep between two looks at a job another process holds or ran. */
const MIN_LOOK_MS = 1_000;

/**
 * One job's turn: taken if due and free, run with its lease renewed, given back with its next time (its interval,
 * or its backoff after a failure); answers the sleep until the next look.
 */
async function turn(db: Queryable, job: PeriodicJob, holder: string, log: JobLog): Promise<number> {
  const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
  const lease = await takeLease(db, job.name, holder, leaseMs);
  if (!lease.taken) return Math.min(job.everyMs, Math.max(MIN_LOOK_MS, lease.waitMs));
  let next = { ms: job.everyMs, failures: 0, error: "" };
  try {
    await whileHeld(db, [job.name, holder, leaseMs], () => job.run());
  } catch (err) {
    const failures = lease.failures + 1;
    const ms = Math.min(job.everyMs, backoffMs(job.retry ?? DEFAULT_JOB_RETRY, failures));
    next = { ms, failures, error: String((err as Error)?.message ?? err).slice(0, 1000) };
    log.error({ err, job: job.name, failures, retryInMs: ms }, `${job.name}: the run failed, will try again`);
  }
  await db.query(
    `update job_leases set locked_until = null, next_run_at = ${inMs("$3")}, failures = $4, last_error = $5,
            last_run_at = now()
      where name = $1 and holder = $2`,
    [job.name, holder, next.ms, next.failures, next.error],
  );
  return next.ms;
}

export interface PeriodicJobs {
  /** Looks at a job now rather than at its next time (it runs if it is due and nobody holds it) */
  nudge(name: string): void;
  /** Stops looking and waits for the runs under way */
  stop(): Promise<void>;
}

/** Starts each job's loop; a database that is away only delays them (logged, looked at again a little later). */
export function startPeriodicJobs(db: Queryable, jobs: readonly PeriodicJob[], log: JobLog): PeriodicJobs {
  const holder = randomUUID();
  const loops = new Map(
    jobs.map((job) => {
      let sleepMs = job.everyMs;
      const pass = async () => {
        try {
          sleepMs = await turn(db, job, holder, log);
        } catch (error) {
          sleepMs = Math.min(job.everyMs, DEFAULT_LEASE_MS);
          log.error({ err: error, job: job.name }, `${job.name}: could not take the job, will look again`);
        }
      };
      return [job.name, new Loop(pass, () => sleepMs)] as const;
    }),
  );
  for (const loop of loops.values()) loop.start();
  return {
    nudge: (name) => loops.get(name)?.nudge(),
    stop: async () => void (await Promise.all([...loops.values()].map((loop) => loop.stop()))),
  };
}
