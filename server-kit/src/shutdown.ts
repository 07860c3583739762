import { setTimeout as sleep } from "node:timers/promises";

/**
 * The longest a server takes to stop once told to (SIGTERM from a process manager, Ctrl-C): long enough for the
 * requests in flight to finish, short enough that a deploy or a restart never waits on a stuck one. Orchestrators
 * commonly kill at 30 s; this leaves them nothing to kill.
 */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface StopOnSignalsOptions {
  graceMs?: number;
  signals?: readonly NodeJS.Signals[];
  /** Where to say that the stop took too long or failed (console.error by default). */
  log?: (message: string) => void;
  /** process.exit, unless a test says otherwise. */
  exit?: (code: number) => void;
}

/**
 * On SIGTERM or SIGINT, runs `stop` once (it stops taking connections, lets what is in flight finish, then closes
 * what it holds: a Fastify app's close() does the first two) and exits 0. It exits 1 at once if `stop` fails or a
 * second signal comes, and when `stop` has not finished within the grace (SHUTDOWN_GRACE_MS): a process told to stop
 * always stops, promptly. Answers a function that takes the handlers away again.
 */
export function stopOnSignals(stop: () => Promise<unknown>, options: StopOnSignalsOptions = {}): () => void {
  const { graceMs = SHUTDOWN_GRACE_MS, signals = ["SIGINT", "SIGTERM"], log = console.error } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let stopping = false;
  const onSignal = async (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again while stopping: exiting now`);
      return exit(1);
    }
    stopping = true;
    const failure = stop().then(
      () => null,
      (error: unknown) => (error as Error)?.stack ?? String(error),
    );
    // settledWithin's timer is not unref'd: it is what ends a stop that hangs
    if (!(await settledWithin(failure, graceMs))) {
      log(`still stopping ${graceMs} ms after ${signal}: exiting, cutting off what is left`);
      return exit(1);
    }
    const reason = await failure;
    if (reason) log(`stopping after ${signal} failed: ${reason}`);
    exit(reason ? 1 : 0);
  };
  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
}

/** Waits for `work` to settle, at most `ms`: a step of a stop that may take only its share of the grace. */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  const settled = new AbortController();
  const late = sleep(ms, false, { signal: settled.signal });
  // the timer is cancelled once the race is decided; its rejection then is the race's, already handled
  return Promise.race([work.catch(() => undefined).then(() => true), late]).finally(() => settled.abort());
}
