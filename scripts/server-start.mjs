// Waits for a server that `spawn` started (stdout piped, LOG_LEVEL=info) to answer /health, with a
// deadline derived from what the start measures rather than a guess. Every line the server logs while
// it starts (migrations applied, demo world seeded, each chunk of demo orders, the vacuum) is progress,
// and moves the deadline to FACTOR times the time the start has taken so far, plus MARGIN_MS: the steps
// still to come may take FACTOR times what all the steps before them took on this machine, now. The
// chunks of orders say their rate ('demo orders: seeding', seed-demo.ts), and the deadline then also
// covers FACTOR times the rest projected at that rate: the orders still to come and, again, as long as
// all of them (ledgers, bookings, index builds and the vacuum after the orders measured about as long
// as the orders themselves). Before the first line (cluster, opening, migrations) the deadline is
// `allowanceMs`: the caller's measured start time times FACTOR plus MARGIN_MS when it has one
// (startAllowance), else UNMEASURED_ALLOWANCE_MS.
// Used by scripts/e2e-shards.mjs (the seeded templates) and e2e/support/private-server.ts.

/** How many times slower than measured a start may run: CI machines differ by 2x, and shards share them. */
export const FACTOR = 4;
/** Added to every derived deadline: the steps a rate does not cover (opening, the last vacuum, listening). */
export const MARGIN_MS = 60_000;
/**
 * The bound for a start's first log line when nothing was measured before it: a new cluster, opening and
 * every migration took 6 s of CPU (17 s wall on a 2-core machine at load 15; 60 s at load 30, while
 * eight people's suites ran on it), so this is FACTOR times that busiest figure plus MARGIN_MS.
 */
export const UNMEASURED_ALLOWANCE_MS = 300_000;

/** The allowance for a start that seeds no more than one measured at `measuredMs`. */
export function startAllowance(measuredMs) {
  return measuredMs === undefined || !Number.isFinite(measuredMs) ? UNMEASURED_ALLOWANCE_MS : FACTOR * measuredMs + MARGIN_MS;
}

export async function waitForServerStart({ child, baseURL, name, allowanceMs = UNMEASURED_ALLOWANCE_MS, onRate = () => {} }) {
  const started = Date.now();
  let deadline = started + allowanceMs;
  let rest = '';
  const onData = (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      const now = Date.now();
      let next = now + FACTOR * (now - started) + MARGIN_MS;
      const { msg, added, of, ordersPerSecond } = entry;
      if (msg === 'demo orders: seeding' && ordersPerSecond > 0) {
        const projectedMs = ((of - added + of) / ordersPerSecond) * 1000;
        next = Math.max(next, now + FACTOR * projectedMs + MARGIN_MS);
        onRate({ added, of, ordersPerSecond, deadlineInMs: Math.max(deadline, next) - now });
      }
      deadline = Math.max(deadline, next);
    }
  };
  child.stdout?.on('data', onData);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the ${name} server exited with ${child.exitCode}`);
      try {
        // A bounded wait per try: a connection that hangs while the server starts must not outlast the deadline.
        if ((await fetch(`${baseURL}/health`, { signal: AbortSignal.timeout(2_000) })).ok) return Date.now() - started;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new Error(
          `the ${name} server did not start within ${Math.round((deadline - started) / 1000)} s (a deadline derived from its measured seed rate, see scripts/server-start.mjs)`,
        );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    // Once it is up, its log is not ours to read: drained, so the pipe never fills.
    child.stdout?.off('data', onData);
    child.stdout?.resume();
  }
}
