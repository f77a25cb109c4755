// Creating the embedded engine's database cluster on a new data directory, in a short-lived child
// node process, and giving it the schema every migration leaves (the schema snapshot, decision 0620).
// The cluster is unpacked from the committed empty cluster (server/db/pglite-empty-cluster.tar.br,
// `npm run pglite:template`, decision 0630) when it was made by the installed PGlite, else made by
// PGlite's initdb. Plain JavaScript, so `npm start` can run it from the sources beside the build on a
// fresh clone, before the server bundle exists (scripts/prepare-start.mjs, decision 0590); the server
// runs the same code when it finds no cluster (server/db/database.ts, decision 0128).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * Node options of the child. `--liftoff-only`: V8 runs the engine's WebAssembly on its baseline
 * compiler only. initdb runs a great deal of code once, and V8 otherwise also compiles its hot
 * functions again with its optimizing compiler: measured at 8.4 s of CPU against 10.2 s without the
 * flag (medians of three, one command, decision 0590).
 */
export const CLUSTER_NODE_FLAGS = ['--liftoff-only'];

const TEMPLATE_ARCHIVE = 'pglite-empty-cluster.tar.br';
const TEMPLATE_ABOUT = 'pglite-empty-cluster.json';
/** Where `npm run pglite:template` writes the empty cluster and the versions that made it. */
export const CLUSTER_TEMPLATE_FILES = {
  archive: fileURLToPath(new URL(`./${TEMPLATE_ARCHIVE}`, import.meta.url)),
  about: fileURLToPath(new URL(`./${TEMPLATE_ABOUT}`, import.meta.url)),
};

/**
 * Unpacks the template's tar into `dir`: directories and regular files with their modes, nothing
 * outside `dir`. PG_VERSION, which marks a directory as holding a cluster, is written last, so an
 * interrupted unpack is found as no cluster and unpacked again. Self-contained (its source runs in
 * the child process): `fs` and `path` are node's modules.
 */
export function unpackClusterTar(tar, dir, fs, path) {
  const root = path.resolve(dir);
  const last = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (from, to) => header.toString('utf8', from, to).replace(/\0[\s\S]*$/, '');
    const number = (from, to) => parseInt(text(from, to).trim() || '0', 8);
    const size = number(124, 136);
    const type = text(156, 157);
    const target = path.resolve(root, text(0, 100).replace(/^\/+/, ''));
    if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`cluster template: ${text(0, 100)} lies outside the data directory`);
    at += 512;
    if (type === '5') fs.mkdirSync(target, { recursive: true, mode: number(100, 108) });
    else if (type === '0' || type === '') {
      const file = { target, content: tar.subarray(at, at + size), mode: number(100, 108) };
      if (path.basename(target) === 'PG_VERSION' && path.dirname(target) === root) last.push(file);
      else fs.writeFileSync(target, file.content, { mode: file.mode });
    } else throw new Error(`cluster template: entry type ${type} is not unpacked`);
    at += Math.ceil(size / 512) * 512;
  }
  for (const file of last) fs.writeFileSync(file.target, file.content, { mode: file.mode });
}

// In the child: unpack the template when given one, else let PGlite's opening of an empty directory run
// initdb. The schema snapshot is applied in the same process, whose engine code opening has just
// compiled: a new process compiles it again for the same statements (decision 0620). One batch, one
// implicit transaction: all of it or none, and the server's migrations then apply what is missing. The
// trigram extension is loaded as the server loads it.
const CREATE_CLUSTER = `const [pglite, trgm, dataDir, template, snapshotUrl] = process.argv.slice(1);
const unpackClusterTar = ${unpackClusterTar.toString()};
(async () => {
  if (template) unpackClusterTar(require('node:zlib').brotliDecompressSync(require('node:fs').readFileSync(template)), dataDir, require('node:fs'), require('node:path'));
  if (template && !snapshotUrl) return;
  const { PGlite } = require(pglite);
  const { pg_trgm } = require(trgm);
  const db = new PGlite(dataDir, { extensions: { pg_trgm } });
  await db.waitReady;
  if (snapshotUrl) await db.exec((await import(snapshotUrl)).schemaSnapshot.statements.join(';\\n'));
  await db.close();
})().catch((error) => { console.error(error); process.exit(1); });`;

/**
 * The schema snapshot's module beside this one, which the child imports: there when run from the
 * sources (`npm start`'s prepare step, tests). The server's bundle has no such file beside it; a cluster
 * it creates gets no schema here, and the server's migrations apply the snapshot (server/db/migrate.ts).
 */
function snapshotModule() {
  const url = new URL('./schema-snapshot.generated.mjs', import.meta.url);
  return url.protocol === 'file:' && existsSync(fileURLToPath(url)) ? url.href : undefined;
}

/** The installed PGlite's version, from its package.json (which its exports do not list). */
export function installedPgliteVersion() {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')).version;
}

/**
 * The committed empty cluster, when it was made by the installed PGlite: beside this module when run
 * from the sources, or under server/db/ next to the server's bundle (dist-server/). Undefined otherwise,
 * and the cluster is made by initdb as before.
 */
export function clusterTemplate() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const dir of [here, path.join(here, '..', 'server', 'db')]) {
    const archive = path.join(dir, TEMPLATE_ARCHIVE);
    const about = path.join(dir, TEMPLATE_ABOUT);
    if (!existsSync(archive) || !existsSync(about)) continue;
    const made = JSON.parse(readFileSync(about, 'utf8')).pglite;
    if (made === installedPgliteVersion()) return archive;
    console.error(
      `the committed empty cluster was made by PGlite ${made}, not the installed ${installedPgliteVersion()}: running initdb (npm run pglite:template makes a new one)`,
    );
    return undefined;
  }
  return undefined;
}

/** Whether `dataDir` holds a cluster already. */
export function hasPgliteCluster(dataDir) {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * Creates the cluster in a child process when `dataDir` has none yet, with the schema snapshot applied
 * unless `{ schema: false }`; true when it did. `{ template: false }` runs initdb even where the
 * committed empty cluster could be unpacked. PGlite creates a cluster in a WebAssembly instance of its
 * own that stays resident until V8 happens to collect it: about 450 MB more for the server's first
 * 20-25 seconds (decision 0128). In a child process that memory is returned the moment the child exits.
 */
export async function createPgliteCluster(dataDir, { schema = true, template = true } = {}) {
  if (hasPgliteCluster(dataDir)) return false;
  mkdirSync(dataDir, { recursive: true });
  const resolve = createRequire(import.meta.url).resolve;
  const modules = [resolve('@electric-sql/pglite'), resolve('@electric-sql/pglite/contrib/pg_trgm')];
  const snapshot = schema ? snapshotModule() : undefined;
  const archive = (template && clusterTemplate()) || '';
  await promisify(execFile)(process.execPath, [...CLUSTER_NODE_FLAGS, '-e', CREATE_CLUSTER, ...modules, dataDir, archive, ...(snapshot ? [snapshot] : [])]);
  return true;
}
