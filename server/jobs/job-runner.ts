// The one job loop of the server (issue 35 "Each rule in one place"): `loops` loops each claim a job,
// run it, and claim again at once; when there is none they sleep `pollMs`, or until nudged. stop()
// wakes every sleeper, lets the jobs being run finish (or notice `stopping()` and give up), and
// resolves when every loop has ended. What a job is, how it is claimed (FOR UPDATE SKIP LOCKED in
// every user) and what running it means stay with the caller: the export worker
// (server/exports/export-worker.ts) and the webhook deliveries (server/webhooks/webhook-worker.ts)
// claim jobs; the periodic sweeps (the demo payout rail, the demo refund later-word loop, the link
// expiry sweep) run rounds through startRounds below, on the same loop.

export interface JobRunnerOptions<Job> {
  /** How many loops claim and run at once. */
  loops: number;
  /** How long a loop that found nothing sleeps before it asks again. */
  pollMs: number;
  /** The next job for loop `index`, or undefined when there is none now. */
  claim: (index: number) => Promise<Job | undefined>;
  run: (job: Job) => Promise<void>;
  /** A claim or run that threw: logged, and the loop sleeps before its next round (never ends). */
  onError: (error: unknown) => void;
  /** Awaited before any loop claims (clearing what a crash left). */
  ready?: Promise<unknown>;
  /** Runs each loop, e.g. at background priority on the embedded engine. */
  wrapLoop?: (loop: () => Promise<void>) => Promise<void>;
  /** Each loop sleeps `pollMs` before its first claim (a sweep whose first round is not due at start). */
  sleepFirst?: boolean;
}

export interface JobRunner {
  /** Looks for work now rather than at the next poll: one sleeping loop, or all of them. */
  nudge(which?: 'one' | 'all'): void;
  /** True once stop() was called: a long job asks it to give up early. */
  stopping(): boolean;
  stop(): Promise<void>;
}

export function startJobRunner<Job>(options: JobRunnerOptions<Job>): JobRunner {
  let stopping = false;
  const wakers = new Set<() => void>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      // A loop that starts (or comes round) after stop() has woken the sleepers does not go to sleep.
      if (stopping) return resolve();
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      // A sleeping loop does not keep the process alive; stop() is what ends it.
      timer.unref?.();
      wakers.add(wake);
    });

  async function loop(index: number): Promise<void> {
    if (options.sleepFirst) await sleep(options.pollMs);
    while (!stopping) {
      try {
        const job = await options.claim(index);
        if (job !== undefined) {
          await options.run(job);
          continue;
        }
      } catch (error) {
        if (stopping) return;
        options.onError(error);
      }
      if (stopping) return;
      await sleep(options.pollMs);
    }
  }

  const ready = options.ready ?? Promise.resolve();
  const wrap = options.wrapLoop ?? ((run: () => Promise<void>) => run());
  const loops = Array.from({ length: options.loops }, (_, index) => ready.then(() => wrap(() => loop(index))));
  return {
    nudge(which = 'one') {
      if (which === 'all') [...wakers].forEach((wake) => wake());
      else wakers.values().next().value?.();
    },
    stopping: () => stopping,
    async stop() {
      stopping = true;
      [...wakers].forEach((wake) => wake());
      await Promise.all(loops);
    },
  };
}

export interface RoundsOptions {
  /** The pause between the end of one round and the start of the next. */
  everyMs: number;
  /** One round of the sweep: does what is due now. */
  round: () => Promise<unknown>;
  /** A round that threw: logged by the caller; the next round comes `everyMs` later all the same. */
  onError: (error: unknown) => void;
}

/**
 * A periodic sweep on the job loop: one round at a time, the next `everyMs` after the previous one
 * ended (a slow round is never overlapped nor queued behind), the first `everyMs` after the start.
 * stop() cancels the wait, lets a round under way finish, and resolves when it has; no round starts
 * after stop() was called.
 */
export function startRounds(options: RoundsOptions): JobRunner {
  return startJobRunner<never>({
    loops: 1,
    pollMs: options.everyMs,
    sleepFirst: true,
    // A round finds nothing to hand back: the loop then sleeps `everyMs` before the next one.
    claim: async () => {
      await options.round();
      return undefined;
    },
    run: async () => {},
    onError: options.onError,
  });
}
