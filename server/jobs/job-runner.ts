// The one job loop of the server (issue 35 "Each rule in one place"): `loops` loops each claim a job,
// run it, and claim again at once; when there is none they sleep `pollMs`, or until nudged. stop()
// wakes every sleeper, lets the jobs being run finish (or notice `stopping()` and give up), and
// resolves when every loop has ended. What a job is, how it is claimed (FOR UPDATE SKIP LOCKED in
// both users) and what running it means stay with the caller: the export worker
// (server/exports/export-worker.ts) and the webhook deliveries (server/webhooks/webhook-worker.ts).

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
      const wake = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
    });

  async function loop(index: number): Promise<void> {
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
