import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until the server at `base` answers `/health` with ok, polling every `pollMs`. With `child`, the answer counts
 * only while that process still runs (another server on the port would answer too), and its exit ends the wait with
 * its code. Throws after `withinMs` without an answer.
 */
export async function waitForHealth(
  base: string,
  { withinMs, child, pollMs = 250 }: { withinMs: number; child?: ChildProcess; pollMs?: number },
): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const healthy = await fetch(`${base}/health`).then(
      (response) => response.ok,
      () => false, // not listening yet
    );
    if (healthy && (child?.exitCode ?? null) === null) return;
    if (child && child.exitCode !== null) throw new Error(`the server at ${base} exited with ${child.exitCode} before it was healthy (is the port in use?)`);
    if (Date.now() > deadline) throw new Error(`the server at ${base} was not healthy within ${Math.round(withinMs / 1000)} s`);
    await sleep(pollMs);
  }
}
