import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// `npm run bench:start` (issue 36 "Start in seconds"): what a newcomer waits for. The checkout's files
// (tracked and new, not ignored: no dist/, no .data/) are copied into a temporary directory, as a
// fresh clone would have them, with the installed node_modules linked in (as after `npm ci`). Then
// `npm start` runs there twice over a fresh data directory, and each start is timed from the command
// to a usable sign-in page: `/` answers the SPA's page and the script it loads answers too.
//   1. the first start: the build, the embedded database's cluster, migrations, demo seed, vacuum;
//   2. a second start with nothing changed: the build is skipped and the database reused.
// Each server is stopped (its process group) before the next step; the temporary directory is removed.
// Prints the two figures and the machine. Asserts nothing.
//   BENCH_PORT (default 3980)

const PORT = Number(process.env.BENCH_PORT ?? 3980);
const base = `http://127.0.0.1:${PORT}`;
const root = mkdtempSync(path.join(tmpdir(), 'folio-bench-start-'));
const clone = path.join(root, 'clone');
const dataDir = path.join(root, 'data');

function copyCheckout(): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    mkdirSync(path.join(clone, path.dirname(file)), { recursive: true });
    try {
      cpSync(file, path.join(clone, file));
    } catch {
      // deleted in the work tree but still tracked: a clone of the work tree would not have it either
    }
  }
  symlinkSync(path.resolve('node_modules'), path.join(clone, 'node_modules'));
}

/** Whether the sign-in page can be used: the page, and the module script it loads. */
async function signInPageServed(): Promise<boolean> {
  try {
    const page = await fetch(`${base}/`, { signal: AbortSignal.timeout(2_000) });
    if (!page.ok) return false;
    const script = (await page.text()).match(/<script[^>]+src="([^"]+)"/)?.[1];
    if (!script) return false;
    return (await fetch(new URL(script, base), { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

async function timedStart(label: string): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${label}: npm start exited with ${child.exitCode}\n${errors}`);
      if (await signInPageServed()) break;
      await sleep(50);
    }
    return performance.now() - started;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

try {
  if (await signInPageServed()) throw new Error(`port ${PORT} is already taken; set BENCH_PORT`);
  copyCheckout();
  const load = loadavg()[0]!.toFixed(1);
  const first = await timedStart('first start');
  const second = await timedStart('second start');
  console.log(`machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load average ${load} at the start`);
  console.log(`first start  (fresh copy, build, new database): ${(first / 1000).toFixed(1)} s to a usable sign-in page`);
  console.log(`second start (nothing changed):                 ${(second / 1000).toFixed(1)} s to a usable sign-in page`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
