// `npm start` builds only when the build's inputs changed (decision 0361; scripts/prepare-start.mjs). The inputs are every file
// of the checkout except those the build neither reads nor writes (tests, docs, data, outputs; see
// NOT_INPUTS), plus the lockfile, which stands for node_modules. Their hash is written beside the
// outputs once a build succeeds (dist/.build-inputs); when the outputs exist and the stored hash is
// the current one, the build is skipped and says so. Any doubt (no stamp, an output missing, a file
// added, removed or changed) builds. `npm run build` always builds.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

function files(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.') && !(dir === '.' && NOT_INPUTS.has(entry.name)))
    .flatMap((entry) => {
      const file = dir === '.' ? entry.name : path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return files(file);
      return entry.isFile() ? [file] : [];
    });
}

export function inputsHash() {
  const hash = createHash('sha256');
  for (const file of files('.').sort()) hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  hash.update(process.version);
  return hash.digest('hex');
}

/**
 * Builds unless the outputs exist and were built from the current inputs; resolves to whether it
 * built. The build runs in a child process, so the caller can do other work meanwhile (decision 0590).
 */
export async function buildIfChanged() {
  const started = performance.now();
  const current = inputsHash();
  const built = OUTPUTS.every((file) => existsSync(file)) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === current;
  if (built) {
    console.error(`build: sources unchanged since the last build (checked in ${Math.round(performance.now() - started)} ms); npm run build forces one`);
    return false;
  }
  // The build stamps what it built (`--stamp`, at the end of `npm run build`).
  const status = await new Promise((resolve, reject) => {
    const build = spawn('npm', ['run', 'build'], { stdio: 'inherit' });
    build.once('error', reject);
    build.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
  if (status !== 0) throw Object.assign(new Error(`npm run build failed (exit code ${status})`), { exitCode: status });
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `npm run build` ends with `--stamp`: what it built is recorded, so the next `npm start` can use it.
  if (process.argv.includes('--stamp')) writeFileSync(STAMP, `${inputsHash()}\n`);
  else
    await buildIfChanged().catch((error) => {
      console.error(error.message);
      process.exit(error.exitCode ?? 1);
    });
}
