// What the JavaScript of /sign-in is made of (decisions 0500, 0570): each first-load chunk's gzip size
// (as scripts/check-bundle-budget.mjs counts it) shared out over its source modules by their bytes in
// the chunk, read through the build's source maps. Bytes no map line names (the catalogue's JSON, the
// chunks' import and export glue) are "(unmapped)".
//   node scripts/first-load-sources.mjs [spa dir] [--packages]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
// The build tools' own source-map reader (installed with them), not a dependency of the product.
import { eachMapping, TraceMap } from '@jridgewell/trace-mapping';

const SIGN_IN_SCREEN = 'src/features/auth/sign-in-screen.tsx';
const args = process.argv.slice(2);
const byPackage = args.includes('--packages');
const spaDir = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? 'dist');
const manifest = JSON.parse(readFileSync(path.join(spaDir, '.vite', 'manifest.json'), 'utf8'));

function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen);
  return seen;
}
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const keys = new Set([...staticClosure(entry), ...staticClosure(SIGN_IN_SCREEN)]);

/** The module a source-map path names, as `node_modules/<package>/...` or a path in the repository. */
function moduleName(source) {
  if (!source) return '(unmapped)';
  const packaged = source.match(/node_modules\/(.*)$/);
  if (packaged) return `node_modules/${packaged[1]}`;
  return path.relative(process.cwd(), path.resolve(spaDir, 'assets', source));
}
const packageOf = (name) => {
  const packaged = name.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return packaged ? packaged[1] : name === '(unmapped)' ? name : `${name.split('/')[0]}/`;
};

const gzipBy = new Map();
for (const key of keys) {
  const file = manifest[key].file;
  const code = readFileSync(path.join(spaDir, file), 'utf8');
  const gzip = gzipSync(code, { level: 9 }).length;
  let map;
  try {
    map = new TraceMap(readFileSync(path.join(spaDir, `${file}.map`), 'utf8'));
  } catch {
    gzipBy.set('(unmapped)', (gzipBy.get('(unmapped)') ?? 0) + gzip);
    continue;
  }
  const lines = code.split('\n');
  const segments = [];
  eachMapping(map, (segment) => segments.push(segment));
  segments.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
  const bytesBy = new Map();
  let total = 0;
  segments.forEach((segment, index) => {
    const next = segments[index + 1];
    const end = next && next.generatedLine === segment.generatedLine ? next.generatedColumn : (lines[segment.generatedLine - 1]?.length ?? 0);
    const name = moduleName(segment.source);
    bytesBy.set(name, (bytesBy.get(name) ?? 0) + end - segment.generatedColumn);
    total += end - segment.generatedColumn;
  });
  for (const [name, bytes] of bytesBy) {
    const shown = byPackage ? packageOf(name) : name;
    gzipBy.set(shown, (gzipBy.get(shown) ?? 0) + (gzip * bytes) / total);
  }
}

const rows = [...gzipBy].sort((a, b) => b[1] - a[1]);
const total = rows.reduce((sum, [, gzip]) => sum + gzip, 0);
console.log(`/sign-in first load by ${byPackage ? 'package' : 'module'} (${keys.size} files, KB gzip shared out by raw bytes):`);
for (const [name, gzip] of rows) if (gzip >= 50) console.log(`  ${(gzip / 1024).toFixed(2).padStart(6)}  ${name}`);
console.log(`  ${(total / 1024).toFixed(2).padStart(6)}  in all`);
