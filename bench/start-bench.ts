import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
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
//   BENCH_VERBOSE=1 also prints each start's output, every line after the seconds since its command

const PORT = Number(process.env.BENCH_PORT ?? 3980);
const base = `http://127.0.0.1:${PORT}`;
const root = mkdtempSync(path.join(tmpdir(), 'folio-bench-start-'));
const clone = path.join(root, 'clone');
const dataDir = path.join(root, 'data');
const verbose = process.env.BENCH_VERBOSE === '1';

function copyCheckout(): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' }).split('\0').filter(Boolean);
  // node_modules is linked below; a checkout whose node_modules is itself a link lists it as a new file.
  for (const file of files.filter((name) => name !== 'node_modules')) {
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

/**
 * CPU seconds (user + system) spent so far by the process group `group`: its live processes and the
 * children they have waited for (the build, the cluster's child process). Linux only (/proc); a busy
 * machine stretches wall time far more than CPU time, so this says what the start itself costs.
 */
function groupCpuSeconds(group: number): number | undefined {
  const ticksPerSecond = 100; // USER_HZ on Linux
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // ended meanwhile
      }
      // After the command name in parentheses: state ppid pgrp ... utime(14) stime cutime cstime
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== group) continue;
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    }
  } catch {
    return undefined;
  }
  return ticks / ticksPerSecond;
}

type Start = { wallMs: number; cpuSeconds: number | undefined };

async function timedStart(label: string): Promise<Start> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', FOLIO_DATA_DIR: dataDir, LOG_LEVEL: verbose ? 'info' : 'warn' },
    stdio: ['ignore', verbose ? 'pipe' : 'ignore', 'pipe'],
    detached: true,
  });
  let errors = '';
  const echo = (chunk: Buffer) => {
    const at = ((performance.now() - started) / 1000).toFixed(2).padStart(6);
    for (const line of chunk.toString().split('\n').filter(Boolean)) console.log(`${label} ${at} s | ${line.slice(0, 200)}`);
  };
  child.stdout?.on('data', echo);
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    if (verbose) echo(chunk);
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${label}: npm start exited with ${child.exitCode}\n${errors}`);
      if (await signInPageServed()) break;
      await sleep(50);
    }
    return { wallMs: performance.now() - started, cpuSeconds: child.pid === undefined ? undefined : groupCpuSeconds(child.pid) };
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
  const cpu = (start: Start) => (start.cpuSeconds === undefined ? '' : ` (CPU of its processes: ${start.cpuSeconds.toFixed(1)} s)`);
  console.log(`first start  (fresh copy, build, new database): ${(first.wallMs / 1000).toFixed(1)} s to a usable sign-in page${cpu(first)}`);
  console.log(`second start (nothing changed):                 ${(second.wallMs / 1000).toFixed(1)} s to a usable sign-in page${cpu(second)}`);
  console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
