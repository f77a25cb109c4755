// Build check (issue 13 "First load"): the JavaScript a browser needs to show and use /sign-in,
// gzipped, must stay within the budget. Reads the Vite manifest of a build (default dist/): the
// entry's static imports plus the sign-in screen's (the route table loads it lazily), each file
// once. Prints every file with its gzip size; exits 1 over the budget, or when the scripts do not
// carry React DOM (the product runs React 19, the runtime developers debug: decision 0390).
//   node scripts/check-bundle-budget.mjs [spa dir]    SIGN_IN_BUDGET_KB (1 KB = 1024 bytes)
// The budget is issue 35's 150 KB with React, after decisions 0160 and 0331 had taken out what the
// page did not need.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const SIGN_IN_SCREEN = 'src/features/auth/sign-in-screen.tsx';
const budgetKb = Number(process.env.SIGN_IN_BUDGET_KB ?? 150);
const spaDir = path.resolve(process.argv[2] ?? 'dist');

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(spaDir, '.vite', 'manifest.json'), 'utf8'));
} catch (error) {
  console.error(`bundle budget: no build manifest in ${spaDir} (run npm run build first): ${error.message}`);
  process.exit(2);
}

/** The chunk of `key` and every chunk it imports statically: what the browser fetches before running it. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('the build manifest has no entry');
const keys = new Set([...staticClosure(entry), ...staticClosure(SIGN_IN_SCREEN)]);
const files = [...keys].map((key) => {
  const file = manifest[key].file;
  const source = readFileSync(path.join(spaDir, file));
  return { file, source, bytes: source.length, gzip: gzipSync(source, { level: 9 }).length };
});
files.sort((a, b) => b.gzip - a.gzip);

const kb = (bytes) => (bytes / 1024).toFixed(1);
const total = files.reduce((sum, file) => sum + file.gzip, 0);
const raw = files.reduce((sum, file) => sum + file.bytes, 0);
console.log(`JavaScript /sign-in loads (${path.relative(process.cwd(), spaDir) || '.'}):`);
for (const file of files) console.log(`  ${kb(file.gzip).padStart(7)} KB gzip  ${kb(file.bytes).padStart(7)} KB  ${file.file}`);
const verdict = total <= budgetKb * 1024 ? 'within' : 'OVER';
console.log(`  ${kb(total).padStart(7)} KB gzip  ${kb(raw).padStart(7)} KB  ${files.length} files: ${verdict} the budget of ${budgetKb} KB gzip`);

// React DOM's production build keys its fibers on the DOM nodes and links its error codes; no other
// runtime (Preact's compatibility layer, for one) writes either string.
const REACT_DOM_MARKERS = ['__reactFiber$', 'react.dev/errors'];
const reactDom = REACT_DOM_MARKERS.every((marker) => files.some((file) => file.source.includes(marker)));
console.log(reactDom ? '  React DOM: in the scripts /sign-in loads' : `  React DOM: MISSING (none of the scripts carries ${REACT_DOM_MARKERS.join(' and ')})`);
if (verdict === 'OVER' || !reactDom) process.exit(1);
