// Runs a bundled server entry (dist-server/main.mjs for `npm start`, the bench's bundle for
// `npm run bench:export`) on plain node with the runtime settings production uses, so the bench
// measures the server exactly as it runs (decision 0128):
//   --max-semi-space-size=4   a 4 MB young generation: an export streams millions of short-lived
//                             strings, and a small nursery collects them before they pile up
//                             (xlsx peak V8 heap 39 MB instead of 54-144 MB, csv unchanged).
//   --no-wasm-tier-up         the embedded PostgreSQL (PGlite, WebAssembly) stays on V8's baseline
//                             compiler: ~35 MB less machine code, and COPY and search measured no slower.
//   MALLOC_ARENA_MAX=2        zlib and file writes run on libuv's thread pool; one malloc arena
//                             per thread kept freed export buffers resident.
//   MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_
//                             held, so glibc does not raise them by itself (up to 32 MB, keeping
//                             freed blocks). On the embedded engine at glibc's starting 128 KB: a
//                             million-row export peaked 15-20 MB lower (decision 0337). On PostgreSQL
//                             (DATABASE_URL) at 1 MB and 4 MB: a compressed answer's brotli encoder
//                             (its 256 KB hash table) comes from the heap instead of a fresh mapping
//                             faulted in page by page, and a browsing call cost 1.8-2.0 ms of CPU
//                             instead of 1.9-3.2 ms (decision 0672).
// Signals are passed on, and the server's exit code is ours.
//
// `--demo-unless-configured` (before the entry; `npm start` passes it): with neither FOLIO_DEMO nor
// DATABASE_URL set, the server runs the demo on the embedded database (FOLIO_DEMO=true), and says so.
// A production server never assumes demo mode by itself (decision 0171).
import { spawn } from 'node:child_process';

export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4', '--no-wasm-tier-up'];
/** The C heap's settings for a server on the embedded engine (decision 0337). */
export const SERVER_MALLOC_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };
/** On PostgreSQL: blocks up to 1 MB from the heap, and up to 4 MB of its free top kept (decision 0672). */
export const POSTGRES_SERVER_MALLOC_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '1048576', MALLOC_TRIM_THRESHOLD_: '4194304' };

/** The launcher's C heap settings for a server started with `env`; an operator's own values win over them. */
export function mallocSettingsFor(env) {
  return (env.DATABASE_URL ?? '') !== '' ? POSTGRES_SERVER_MALLOC_SETTINGS : SERVER_MALLOC_SETTINGS;
}

const DEMO_UNLESS_CONFIGURED = '--demo-unless-configured';
const launcherArgs = process.argv.slice(2);
const demoUnlessConfigured = launcherArgs[0] === DEMO_UNLESS_CONFIGURED;
const afterDemo = demoUnlessConfigured ? launcherArgs.slice(1) : launcherArgs;
// Further options before the entry are node's own, added to the server's (a bench's `--cpu-prof`,
// which NODE_OPTIONS does not accept).
const extraNodeFlags = afterDemo.slice(
  0,
  Math.max(
    0,
    afterDemo.findIndex((arg) => !arg.startsWith('--')),
  ),
);
const [entry, ...args] = afterDemo.slice(extraNodeFlags.length);
if (!entry) {
  console.error(`usage: node scripts/run-server.mjs [${DEMO_UNLESS_CONFIGURED}] [node options] <bundled entry> [args...]`);
  process.exit(2);
}

/** FOLIO_DEMO for the server: said explicitly by the launcher when it decides it. */
function demoSetting(env) {
  if (!demoUnlessConfigured || (env.FOLIO_DEMO ?? '') !== '' || (env.DATABASE_URL ?? '') !== '') return {};
  console.error('FOLIO_DEMO is not set: running the demo (demo accounts and data) on the embedded database. Set FOLIO_DEMO=false for a production start.');
  return { FOLIO_DEMO: 'true' };
}

// Started with an IPC channel (`npm start` while the SPA builds, scripts/prepare-start.mjs), the server
// gets one too, and what comes over it is passed on both ways.
const ipc = typeof process.send === 'function';
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extraNodeFlags, entry, ...args], {
  stdio: ipc ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
  env: { ...mallocSettingsFor(process.env), ...process.env, ...demoSetting(process.env) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
if (ipc) {
  process.on('message', (message) => {
    if (child.connected) child.send(message);
  });
  child.on('message', (message) => {
    if (process.connected) process.send(message);
  });
  process.once('disconnect', () => process.channel?.unref());
}
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
  if (ipc && process.connected) process.disconnect();
});
