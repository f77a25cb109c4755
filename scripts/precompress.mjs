// The build's precompression (issue 13 "First load"): `<file>.br` and `<file>.gz` beside every text file
// of the SPA's bundle, at the strongest settings, once per build instead of per request; the server sends
// them as they are when the browser accepts the encoding (server/http/spa-assets.ts). Files under 1 KB and
// variants that save nothing are skipped.
//
// `vite build` runs it as its last step. A first `npm start` runs it after the server is ready instead
// (decision 0654): the build then only lists the files (PENDING), and scripts/prepare-start.mjs compresses
// them once the sign-in works, before it records the build as done. Each variant is written under a
// temporary name and renamed, so a request never reads half a file; until it is there, the server
// compresses that answer itself (server/http/compression.ts).
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Where a build that leaves its precompression for later lists the files to compress (in the build's directory). */
export const PENDING = '.precompress-pending.json';

/** The bundle's files that are precompressed: text the browser fetches. */
export function precompressed(names) {
  return names.filter((name) => /\.(?:js|css|html|svg)$/.test(name));
}

async function writeAtomically(file, bytes) {
  await writeFile(`${file}.tmp`, bytes);
  await rename(`${file}.tmp`, file);
}

async function compress(file) {
  const source = await readFile(file);
  if (source.length < 1024) return;
  const [br, gz] = await Promise.all([
    brotliAsync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length * 0.95) await writeAtomically(`${file}.br`, br);
  if (gz.length < source.length * 0.95) await writeAtomically(`${file}.gz`, gz);
}

/** Compresses `names` (relative to `dir`) now. */
export async function precompress(dir, names) {
  await Promise.all(names.map((name) => compress(path.join(dir, name))));
}

/** Compresses what a build listed in `dir`'s PENDING, then removes the list; nothing when there is none. */
export async function precompressPending(dir) {
  let names;
  try {
    names = JSON.parse(await readFile(path.join(dir, PENDING), 'utf8'));
  } catch {
    return;
  }
  await precompress(dir, names);
  await rm(path.join(dir, PENDING));
}

// `node scripts/precompress.mjs <dir>`: what a build in `dir` listed (scripts/prepare-start.mjs runs it at the lowest priority).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  await precompressPending(process.argv[2] ?? 'dist').catch((error) => {
    console.error(`precompression failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
