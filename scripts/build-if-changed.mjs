// `npm start` builds only when the build's inputs changed (decision 0361; scripts/prepare-start.mjs). The inputs are every file
// of the checkout except those the build neither reads nor writes (tests, docs, data, outputs; see
// NOT_INPUTS), plus the lockfile, which stands for node_modules. Their hash is written beside the
// outputs once a build succeeds (dist/.build-inputs), with each input's size and modification time;
// when the outputs exist and every input's size and time are the recorded ones, the build is skipped
// without reading the files (decision 0631), and when they differ, the build is still skipped if the
// content hash is the stored one (a checkout that touched files without changing them). Any doubt (no
// stamp, an output missing, a file added, removed or changed) builds. `npm run build` always builds.
//
// The build runs in this process through Vite's and esbuild's own APIs (decision 0631): no npm or
// further node process on the way.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const STAMP = 'dist/.build-inputs';
const OUTPUTS = ['dist/index.html', 'dist-server/main.mjs', 'dist-server/xlsx-thread.mjs'];
/** Top-level entries that are no input of `npm run build`: outputs, data, tests, docs, tools. */
const NOT_INPUTS = new Set([
  'node_modules',
  'dist',
  'dist-server',
  'docs',
  'e2e',
  'tests',
  'testing',
  'bench',
  'reports',
  'test-results',
  'playwright-report',
  'scratch',
  'README.md',
  'playwright.config.ts',
  'vitest.config.ts',
  'eslint.config.js',
  'eslint',
]);

/** The server's bundles (`npm run build:server`): the entry and the xlsx worker thread, packages left to node_modules. */
export const SERVER_BUILD = {
  entryPoints: ['server/main.ts', 'server/exports/xlsx-thread.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  target: 'node20',
  sourcemap: true,
  outdir: 'dist-server',
  outExtension: { '.js': '.mjs' },
  entryNames: '[name]',
  logLevel: 'warning',
};

function files(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && !(dir === '.' && NOT_INPUTS.has(entry.name)))
    .flatMap((entry) => {
      const file = dir === '.' ? entry.name : path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return files(file);
      return entry.isFile() ? [file] : [];
    });
}

/** Every input's name, size and modification time, in name order: what a stamp records and a start compares first. */
function inputStats(names = files('.').sort()) {
  return names.map((file) => {
    const stat = statSync(file);
    return [file, stat.size, stat.mtimeMs];
  });
}

export function inputsHash(names = files('.').sort()) {
  const hash = createHash('sha256');
  for (const file of names) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  hash.update(process.version);
  return hash.digest('hex');
}

/** What the last build recorded: its inputs' hash, and their sizes and times (none in a stamp of an older build). */
function readStamp() {
  if (!existsSync(STAMP)) return undefined;
  const text = readFileSync(STAMP, 'utf8').trim();
  try {
    const stamp = JSON.parse(text);
    return { hash: stamp.hash, stats: JSON.stringify(stamp.stats), node: stamp.node };
  } catch {
    return { hash: text, stats: undefined, node: undefined };
  }
}

/** Records the current inputs as those of the outputs: the last step of a build. */
export function writeStamp(names = files('.').sort()) {
  writeFileSync(STAMP, `${JSON.stringify({ hash: inputsHash(names), node: process.version, stats: inputStats(names) })}\n`);
}

/** esbuild's build of the server bundles, in this process. */
export async function buildServer() {
  await (await import('esbuild')).build(SERVER_BUILD);
}

/** Vite's build of the SPA, in this process. */
export async function buildSpa() {
  await (await import('vite')).build();
}

/** Vite's build of the SPA, then esbuild's of the server, in this process; then the stamp. */
export async function build({ spa = true } = {}) {
  if (spa) await buildSpa();
  await buildServer();
  if (spa) writeStamp();
}

/**
 * Whether the outputs exist and were built from the current inputs (then says so on stderr): by the
 * inputs' sizes and times, else by their content (and records their new times).
 */
export function buildIsCurrent() {
  const started = performance.now();
  const checked = (how) =>
    console.error(`build: sources unchanged since the last build (${how}, ${Math.round(performance.now() - started)} ms); npm run build forces one`);
  const stamp = OUTPUTS.every((file) => existsSync(file)) ? readStamp() : undefined;
  if (!stamp) return false;
  const names = files('.').sort();
  if (stamp.node === process.version && stamp.stats === JSON.stringify(inputStats(names))) {
    checked('sizes and times of the inputs');
    return true;
  }
  if (stamp.hash === inputsHash(names)) {
    writeStamp(names);
    checked('content of the inputs');
    return true;
  }
  return false;
}

/**
 * Builds unless the outputs exist and were built from the current inputs; resolves to whether it
 * built. The build's heavy work (Rolldown, brotli, esbuild) runs on other threads, so the caller's
 * other work goes on meanwhile (decision 0590).
 */
export async function buildIfChanged() {
  if (buildIsCurrent()) return false;
  await build();
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const fail = (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error?.exitCode ?? 1);
  };
  // `--stamp`: record the current inputs as built (the build's own last step; tests' stand-in checkouts).
  if (process.argv.includes('--stamp')) writeStamp();
  // `npm run build` and `npm run build:server`: always build.
  else if (process.argv.includes('--always')) await build().catch(fail);
  else if (process.argv.includes('--server')) await build({ spa: false }).catch(fail);
  else await buildIfChanged().catch(fail);
}
