// `npm start` builds only when the build's inputs changed (decision 0360). The inputs are every file
// of the checkout except those the build neither reads nor writes (tests, docs, data, outputs; see
// NOT_INPUTS), plus the lockfile, which stands for node_modules. Their hash is written beside the
// outputs once a build succeeds (dist/.build-inputs); when the outputs exist and the stored hash is
// the current one, the build is skipped and says so. Any doubt (no stamp, an output missing, a file
// added, removed or changed) builds. `npm run build` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

const started = performance.now();
const current = inputsHash();
// `npm run build` ends with `--stamp`: what it built is recorded, so the next `npm start` can use it.
if (process.argv.includes('--stamp')) {
  writeFileSync(STAMP, `${current}\n`);
  process.exit(0);
}
const built = OUTPUTS.every((file) => existsSync(file)) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === current;
if (built) {
  console.error(`build: sources unchanged since the last build (checked in ${Math.round(performance.now() - started)} ms); npm run build forces one`);
} else {
  // The build stamps what it built (`--stamp`, at the end of `npm run build`).
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
