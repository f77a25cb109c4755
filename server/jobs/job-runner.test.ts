import { describe, expect, it } from 'vitest';
import { startJobRunner, startRounds } from './job-runner';

// The job loop the export worker and the webhook deliveries share, on its own: real timers, a job
// queue in memory. Waits are bounded by the poll interval, which is long (60 s) wherever the test
// means "only a nudge or a stop can wake it", so a slow machine cannot make it pass by accident.
const LONG_POLL_MS = 60_000;

function queue<Job>(jobs: Job[]) {
  const claims: number[] = [];
  return {
    claims,
    claim: async (index: number) => {
      claims.push(index);
      return jobs.shift();
    },
    push: (job: Job) => jobs.push(job),
  };
}

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('the job runner', () => {
  it('runs every waiting job one after the other, then sleeps', async () => {
    const jobs = queue(['a', 'b', 'c']);
    const ran: string[] = [];
    const runner = startJobRunner({ loops: 1, pollMs: LONG_POLL_MS, claim: jobs.claim, run: async (job) => void ran.push(job), onError: () => {} });
    await until(() => jobs.claims.length === 4);
    expect(ran).toEqual(['a', 'b', 'c']);
    await runner.stop();
    expect(jobs.claims).toHaveLength(4);
  });

  it('claims again at once when nudged, not at the next poll', async () => {
    const jobs = queue<string>([]);
    const ran: string[] = [];
    const runner = startJobRunner({ loops: 1, pollMs: LONG_POLL_MS, claim: jobs.claim, run: async (job) => void ran.push(job), onError: () => {} });
    await until(() => jobs.claims.length === 1);
    jobs.push('late');
    runner.nudge();
    await until(() => ran.length === 1);
    expect(ran).toEqual(['late']);
    await runner.stop();
  });

  it('wakes one sleeping loop or all of them', async () => {
    const jobs = queue<string>([]);
    const runner = startJobRunner({ loops: 3, pollMs: LONG_POLL_MS, claim: jobs.claim, run: async () => {}, onError: () => {} });
    await until(() => jobs.claims.length === 3);
    runner.nudge('one');
    await until(() => jobs.claims.length === 4);
    runner.nudge('all');
    await until(() => jobs.claims.length === 7);
    await runner.stop();
    expect(jobs.claims).toHaveLength(7);
  });

  it('keeps a loop going after a failed round, and tells the caller', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const runner = startJobRunner({
      loops: 1,
      pollMs: 1,
      claim: async () => (++calls === 1 ? Promise.reject(new Error('database away')) : calls === 2 ? 'job' : undefined),
      run: async () => {},
      onError: (error) => errors.push(error),
    });
    await until(() => calls >= 3);
    await runner.stop();
    expect(errors).toEqual([new Error('database away')]);
  });

  it('stops: sleepers wake and end, a running job sees stopping() and is waited for', async () => {
    let finish: () => void = () => {};
    const sawStopping: boolean[] = [];
    const jobs = queue(['long']);
    const runner = startJobRunner({
      loops: 2,
      pollMs: LONG_POLL_MS,
      claim: jobs.claim,
      run: async () => {
        await new Promise<void>((resolve) => (finish = resolve));
        sawStopping.push(runner.stopping());
      },
      onError: () => {},
    });
    await until(() => jobs.claims.length === 2);
    expect(runner.stopping()).toBe(false);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(sawStopping).toEqual([true]);
    expect(jobs.claims).toHaveLength(2);
  });

  it('claims nothing before it is ready', async () => {
    let open: () => void = () => {};
    const jobs = queue(['a']);
    const runner = startJobRunner({
      loops: 1,
      pollMs: LONG_POLL_MS,
      claim: jobs.claim,
      run: async () => {},
      onError: () => {},
      ready: new Promise<void>((resolve) => (open = resolve)),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(jobs.claims).toEqual([]);
    open();
    await until(() => jobs.claims.length === 2);
    await runner.stop();
  });
});

// The periodic sweeps (demo payout rail, demo refund later word, link expiry) on the same loop. A
// round is held open by a gate the test releases, so "overlap" and "stop waits" do not hang on timing:
// the short everyMs (1 ms) only makes an overlap, were it possible, happen many times over.
function gatedRounds() {
  let running = 0;
  let mostAtOnce = 0;
  let started = 0;
  const gates: Array<() => void> = [];
  return {
    started: () => started,
    mostAtOnce: () => mostAtOnce,
    /** Lets the round under way end. */
    release: () => gates.shift()?.(),
    round: async () => {
      started++;
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running--;
    },
  };
}

describe('rounds on the job runner', () => {
  it('runs one round at a time: a round longer than everyMs is neither overlapped nor queued behind', async () => {
    const rounds = gatedRounds();
    const runner = startRounds({ everyMs: 1, round: rounds.round, onError: () => {} });
    await until(() => rounds.started() === 1);
    // Twenty times everyMs with the first round still open: no second round has started.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rounds.started()).toBe(1);
    rounds.release();
    await until(() => rounds.started() === 2);
    expect(rounds.mostAtOnce()).toBe(1);
    const stopped = runner.stop();
    rounds.release();
    await stopped;
  });

  it('waits everyMs before the first round; stop() ends the wait at once', async () => {
    const rounds = gatedRounds();
    const runner = startRounds({ everyMs: LONG_POLL_MS, round: rounds.round, onError: () => {} });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rounds.started()).toBe(0);
    await runner.stop();
    expect(rounds.started()).toBe(0);
  });

  it('stopped at once, before its loop has started, ends without waiting everyMs', async () => {
    const rounds = gatedRounds();
    const runner = startRounds({ everyMs: LONG_POLL_MS, round: rounds.round, onError: () => {} });
    const stoppedWithin = await Promise.race([runner.stop().then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 1000))]);
    expect(stoppedWithin).toBe(true);
    expect(rounds.started()).toBe(0);
  });

  it('stop() waits for the round under way, and no round starts after it', async () => {
    const rounds = gatedRounds();
    const runner = startRounds({ everyMs: 1, round: rounds.round, onError: () => {} });
    await until(() => rounds.started() === 1);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    rounds.release();
    await stopping;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rounds.started()).toBe(1);
  });

  it('tells the caller of a failed round and runs the next one', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const runner = startRounds({
      everyMs: 1,
      round: async () => {
        if (++calls === 1) throw new Error('database away');
      },
      onError: (error) => errors.push(error),
    });
    await until(() => calls >= 3);
    await runner.stop();
    expect(errors).toEqual([new Error('database away')]);
  });
});
