import { describe, expect, it } from 'vitest';
import { startJobRunner } from './job-runner';

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
