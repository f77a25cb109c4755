// Usage: node scripts/cpu-by-process.mjs [--interval-ms=100] [--json=<file>] -- <command> [args...]
// Runs the command and prints the CPU (user + system seconds) its process tree spent, by kind of process:
// Chromium's browser, renderers, GPU and utility processes, the Folio servers (the shard's, the seeded
// templates', the suites' private ones), Playwright's runner and workers, npm/npx, the build. Linux only:
// it reads /proc every interval, follows every process started under the command (also once a detached
// one is re-parented), and keeps each one's last counters. A process loses what it spent after the last
// reading before it ended (at most one interval's worth). `time` (a process's reaped children) is no
// measure of this suite: Chromium's renderers are reaped by init once their zygote is killed.
// Written to see where the browser suite's CPU goes (docs/benchmarks.md, "Browser suite (CI time)").
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const separator = process.argv.indexOf('--');
if (separator < 0 || separator === process.argv.length - 1) {
  console.error('usage: node scripts/cpu-by-process.mjs [--interval-ms=100] [--json=<file>] -- <command> [args...]');
  process.exit(2);
}
const options = Object.fromEntries(
  process.argv
    .slice(2, separator)
    .map((arg) => arg.replace(/^--/, '').split('='))
    .map(([key, value]) => [key, value ?? 'true']),
);
const intervalMs = Number(options['interval-ms'] ?? 100);
const [command, ...args] = process.argv.slice(separator + 1);
const TICKS = 100; // USER_HZ: clock ticks per second of /proc's counters on Linux

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): ppid is field 4, utime 14, stime 15, cutime 16, cstime 17, starttime 22.
    return {
      ppid: Number(fields[1]),
      utime: Number(fields[11]),
      stime: Number(fields[12]),
      cutime: Number(fields[13]),
      cstime: Number(fields[14]),
      start: fields[19],
    };
  } catch {
    return undefined;
  }
}

function read(pid, file) {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/** What kind of process this is, from its command line (and, for a Folio server, its data directory). */
function kindOf(pid) {
  const argv = read(pid, 'cmdline').split('\0').filter(Boolean);
  const line = argv.join(' ');
  if (/chrom(e|ium)/i.test(argv[0] ?? '')) {
    const type = line.match(/--type=([\w-]+)/)?.[1];
    if (!type) return 'chromium: browser';
    if (type === 'utility') return `chromium: utility (${line.match(/--utility-sub-type=([\w.]+)/)?.[1] ?? '?'})`;
    return `chromium: ${type}`;
  }
  if (/dist-server\/main\.mjs|\.mjs$/.test(argv.at(-1) ?? '') && /node$/.test(argv[0] ?? '') && line.includes('--no-wasm-tier-up')) {
    const dataDir =
      read(pid, 'environ')
        .split('\0')
        .find((entry) => entry.startsWith('FOLIO_DATA_DIR=')) ?? '';
    if (/templates-[^/]+\/(main|private[^/]*)$/.test(dataDir)) return 'folio server: seeding a template';
    if (/shard-\d+$/.test(dataDir) || /folio-e2e-[^p]/.test(dataDir)) return "folio server: the shard's";
    if (/folio-e2e-private-/.test(dataDir)) return 'folio server: private (a suite of its own)';
    return 'folio server: other';
  }
  if (line.includes('scripts/run-server.mjs')) return 'folio server: launcher';
  if (/playwright/.test(line) && /worker/i.test(line)) return 'playwright: worker (the tests)';
  if (/playwright/.test(line)) return 'playwright: runner';
  if (/\b(vite|esbuild|tsc|rollup)\b/.test(line)) return 'build';
  if (/\bnpm\b|\bnpx\b|npm-cli/.test(line)) return 'npm / npx';
  if (/^(\/usr)?\/bin\/(ba|da)?sh$/.test(argv[0] ?? '') || argv[0] === 'sh') return 'shell';
  return `other: ${line.slice(0, 80)}`;
}

const started = Date.now();
const tracked = new Map(); // pid -> { start, kind, cpu }
const ignored = new Map(); // pid -> start (not under the command)

function sample(rootPid) {
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const known = tracked.get(pid);
    const skip = ignored.get(pid);
    if (skip !== undefined) {
      // A reused pid is a new process: look again.
      const now = statOf(pid);
      if (!now || now.start === skip) continue;
      ignored.delete(pid);
      stats.set(pid, now);
      continue;
    }
    const stat = statOf(pid);
    if (!stat) continue;
    if (known && known.start !== stat.start) tracked.delete(pid);
    stats.set(pid, stat);
  }
  // New processes join when their parent is tracked (parents are read first where pids grow; repeat until stable).
  let added = true;
  while (added) {
    added = false;
    for (const [pid, stat] of stats) {
      if (tracked.has(pid) || ignored.has(pid)) continue;
      if (pid === rootPid || tracked.has(stat.ppid)) {
        tracked.set(pid, {
          pid,
          start: stat.start,
          kind: kindOf(pid),
          line: read(pid, 'cmdline').split('\0').join(' ').slice(0, 300),
          cpu: 0,
          firstSeenMs: Date.now() - started,
          lastSeenMs: 0,
        });
        added = true;
      }
    }
  }
  for (const [pid, stat] of stats) {
    const entry = tracked.get(pid);
    if (entry && entry.start === stat.start) {
      // Read at fork, before its exec, a process has its parent's command line or none: look again while it is young.
      if (entry.kind.startsWith('other') || Date.now() - started - entry.firstSeenMs < 3_000) {
        entry.kind = kindOf(pid);
        entry.line = read(pid, 'cmdline').split('\0').join(' ').slice(0, 300);
      }
      entry.cpu = stat.utime + stat.stime;
      entry.lastSeenMs = Date.now() - started;
    } else if (!entry) ignored.set(pid, stat.start);
  }
}

const child = spawn(command, args, { stdio: 'inherit' });
const timer = setInterval(() => sample(child.pid), intervalMs);
sample(child.pid);
const code = await new Promise((resolve) => child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))));
clearInterval(timer);
const wallSeconds = (Date.now() - started) / 1000;

// What `time` would say: the command's CPU and its reaped descendants'. Chromium's zygote children and a
// server stopped by a kill are re-parented and reaped by init, so this misses most of the browser's CPU:
// printed to show how far a `time` figure of this suite falls short.
const self = statOf(process.pid);
const reapedSeconds = (self.cutime + self.cstime) / TICKS;
const byKind = new Map();
for (const { kind, cpu } of tracked.values()) {
  const entry = byKind.get(kind) ?? { processes: 0, seconds: 0 };
  entry.processes += 1;
  entry.seconds += cpu / TICKS;
  byKind.set(kind, entry);
}
const totalSeconds = [...byKind.values()].reduce((sum, entry) => sum + entry.seconds, 0);
const rows = [...byKind.entries()].sort(([, a], [, b]) => b.seconds - a.seconds);
console.log(
  `\ncpu by process: ${wallSeconds.toFixed(1)} s wall, ${totalSeconds.toFixed(1)} s CPU in ${tracked.size} processes ` +
    `(a reaped-children count such as time's: ${reapedSeconds.toFixed(1)} s)`,
);
for (const [kind, { processes, seconds }] of rows)
  console.log(
    `  ${seconds.toFixed(1).padStart(8)} s  ${((100 * seconds) / Math.max(totalSeconds, 0.01)).toFixed(1).padStart(5)} %  ${String(processes).padStart(4)} x  ${kind}`,
  );
if (options.json)
  writeFileSync(
    options.json,
    `${JSON.stringify({ wallSeconds, totalSeconds, reapedSeconds, byKind: Object.fromEntries(rows), code, processes: [...tracked.values()].map(({ pid, kind, line, cpu, firstSeenMs, lastSeenMs }) => ({ pid, kind, line, seconds: cpu / TICKS, firstSeenMs, lastSeenMs })) }, null, 2)}\n`,
  );
process.exit(code);
