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
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log(`${signal} again while stopping: exiting now`);
      return exit(1);
    }
    stopping = true;
    // not unref'd: this timer is what ends a stop that hangs
    const deadline = setTimeout(() => {
      log(`still stopping ${graceMs} ms after ${signal}: exiting, cutting off what is left`);
      exit(1);
    }, graceMs);
    stop().then(
      () => {
        clearTimeout(deadline);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        log(`stopping after ${signal} failed: ${(error as Error)?.stack ?? String(error)}`);
        exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    for (const signal of signals) process.off(signal, onSignal);
  };
}

/** Waits for `work` to settle, at most `ms`: a step of a stop that may take only its share of the grace. */
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
