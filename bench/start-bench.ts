import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

// `npm run bench:start` (issue 36 "Start in seconds"): what a newcomer waits for. The checkout's files
// (tracked and new, not ignored: no dist/, no .data/) are copied into a temporary directory, as a
// fresh clone would have them, with the installed node_modules linked in (as after `npm ci`). Then
// `npm start` runs there twice over a fresh data directory, and each start is timed from the command
// to a usable sign-in page: `/` answers the SPA's page and the script it loads answers too; and to a
// successful sign-in with the demo account the start's banner names, posted as the SPA posts it (the
// csrf token, then the form-encoded credentials): a page that shows but cannot sign in is not usable.
//   1. the first start: the build, the embedded database's cluster, migrations, demo seed, vacuum;
//   2. a second start with nothing changed: the build is skipped and the database reused.
// Each server is stopped (its process group) before the next step; the temporary directory is removed.
// Prints the two figures and the machine. Asserts nothing.
//   BENCH_PORT (default 3980)
//   BENCH_VERBOSE=1 also prints each start's output, every line after the seconds since its command and the CPU
//   (user + system) its processes had spent by then

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

/** The demo account the start's banner names ("sign in as <e-mail> / <password>"), as a newcomer reads it. */
function bannerAccount(output: string): { email: string; password: string } | undefined {
  const match = /sign in as (\S+@\S+) \/ (\S+?)\)/.exec(output);
  return match ? { email: match[1]!, password: match[2]! } : undefined;
}

/**
 * How long a sign-in call may wait for its answer: a server answers the page before its database is ready
 * and holds calls until it is (decision 0652), so a sign-in from a page shown early waits, as a user's would.
 */
const SIGN_IN_WAIT_MS = 120_000;

/**
 * Signs in as the SPA does (src/features/auth/auth-api.ts): a csrf token and its cookie, then the
 * form-encoded credentials. True when the server answered the sign-in with 200 and a session cookie.
 */
async function signedIn(account: { email: string; password: string }): Promise<boolean> {
  try {
    const csrf = await fetch(`${base}/api/auth/csrf`, { signal: AbortSignal.timeout(SIGN_IN_WAIT_MS) });
    if (!csrf.ok) return false;
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const answer = await fetch(`${base}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
      body: new URLSearchParams({ csrfToken, email: account.email, password: account.password, callbackUrl: '/', json: 'true' }),
      signal: AbortSignal.timeout(SIGN_IN_WAIT_MS),
    });
    return answer.ok && answer.headers.getSetCookie().length > 0;
  } catch {
    return false;
  }
}

type Start = { wallMs: number; cpuSeconds: number | undefined; signInMs: number; signInCpuSeconds: number | undefined };

async function timedStart(label: string): Promise<Start> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', FOLIO_DATA_DIR: dataDir, LOG_LEVEL: verbose ? 'info' : 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let errors = '';
  let output = '';
  // Each line with the seconds since the command and the CPU the start's processes have spent by then.
  const echo = (chunk: Buffer) => {
    const at = ((performance.now() - started) / 1000).toFixed(2).padStart(6);
    const cpu = (child.pid === undefined ? undefined : groupCpuSeconds(child.pid))?.toFixed(2).padStart(6) ?? '     ?';
    for (const line of chunk.toString().split('\n').filter(Boolean)) console.log(`${label} ${at} s ${cpu} s CPU | ${line.slice(0, 200)}`);
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (verbose) echo(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    if (verbose) echo(chunk);
  });
  try {
    const running = () => {
      if (child.exitCode !== null) throw new Error(`${label}: npm start exited with ${child.exitCode}\n${errors}`);
    };
    const cpuSeconds = () => (child.pid === undefined ? undefined : groupCpuSeconds(child.pid));
    for (;;) {
      running();
      if (await signInPageServed()) break;
      await sleep(50);
    }
    const page = { wallMs: performance.now() - started, cpuSeconds: cpuSeconds() };
    let account: { email: string; password: string } | undefined;
    while (!(account = bannerAccount(output))) {
      running();
      await sleep(50);
    }
    // A refused sign-in is retried (its rate limit allows several a minute) and counted: a start that
    // answers before its demo accounts exist shows here.
    let refused = 0;
    while (!(await signedIn(account))) {
      running();
      if (++refused > 5) throw new Error(`${label}: the demo account ${account.email} could not sign in`);
      await sleep(200);
    }
    if (refused) console.log(`${label}: ${refused} sign-in attempt(s) refused before one succeeded`);
    return { ...page, signInMs: performance.now() - started, signInCpuSeconds: cpuSeconds() };
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
  const figures = (start: Start) =>
    `${(start.wallMs / 1000).toFixed(1)} s to a usable sign-in page${cpu(start)}, ${(start.signInMs / 1000).toFixed(1)} s to a successful sign-in${cpu({ ...start, cpuSeconds: start.signInCpuSeconds })}`;
  console.log(`first start  (fresh copy, build, new database): ${figures(first)}`);
  console.log(`second start (nothing changed):                 ${figures(second)}`);
  console.log(`load average ${loadavg()[0]!.toFixed(1)} at the end`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
