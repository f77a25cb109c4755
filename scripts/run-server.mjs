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
// Signals are passed on, and the server's exit code is ours.
//
// `--demo-unless-configured` (before the entry; `npm start` passes it): with neither FOLIO_DEMO nor
// DATABASE_URL set, the server runs the demo on the embedded database (FOLIO_DEMO=true), and says so.
// A production server never assumes demo mode by itself (decision 0171).
import { spawn } from 'node:child_process';

export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=4', '--no-wasm-tier-up'];

const DEMO_UNLESS_CONFIGURED = '--demo-unless-configured';
const launcherArgs = process.argv.slice(2);
const demoUnlessConfigured = launcherArgs[0] === DEMO_UNLESS_CONFIGURED;
const [entry, ...args] = demoUnlessConfigured ? launcherArgs.slice(1) : launcherArgs;
if (!entry) {
  console.error(`usage: node scripts/run-server.mjs [${DEMO_UNLESS_CONFIGURED}] <bundled entry> [args...]`);
  process.exit(2);
}

/** FOLIO_DEMO for the server: said explicitly by the launcher when it decides it. */
function demoSetting(env) {
  if (!demoUnlessConfigured || (env.FOLIO_DEMO ?? '') !== '' || (env.DATABASE_URL ?? '') !== '') return {};
  console.error('FOLIO_DEMO is not set: running the demo (demo accounts and data) on the embedded database. Set FOLIO_DEMO=false for a production start.');
  return { FOLIO_DEMO: 'true' };
}

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry, ...args], {
  stdio: 'inherit',
  env: { MALLOC_ARENA_MAX: '2', ...process.env, ...demoSetting(process.env) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
