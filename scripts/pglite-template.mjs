// `npm run pglite:template`: writes the empty embedded cluster a new data directory starts from
// (decision 0630). The installed PGlite runs its initdb once, here, into a temporary directory; the
// directory is written as a tar (file modes kept, times zeroed), compressed with brotli at its
// strongest setting, to server/db/pglite-empty-cluster.tar.br, with the PGlite and PostgreSQL
// versions it was made by beside it (server/db/pglite-empty-cluster.json). A new cluster is then
// unpacked from it (about 0.5 s of CPU) instead of running initdb (about 8 s). Run it again after
// upgrading PGlite: tests/foundation/pglite-template.test.ts fails until the versions agree.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { CLUSTER_TEMPLATE_FILES, installedPgliteVersion } from '../server/db/pglite-cluster.mjs';

/** One ustar header block: name, mode, size, zero time, type (file or directory), checksum. */
function tarHeader(name, mode, size, directory) {
  const header = Buffer.alloc(512);
  const octal = (value, width) => value.toString(8).padStart(width - 1, '0') + '\0';
  header.write(name, 0, 100, 'utf8');
  header.write(octal(mode & 0o7777, 8), 100);
  header.write(octal(0, 8), 108); // uid
  header.write(octal(0, 8), 116); // gid
  header.write(octal(size, 12), 124);
  header.write(octal(0, 12), 136); // mtime
  header.write('        ', 148); // checksum field counts as spaces while summing
  header.write(directory ? '5' : '0', 156);
  header.write('ustar\0' + '00', 257);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(octal(sum, 7) + ' ', 148);
  return header;
}

/** The directory's entries as a tar, parents before children, in a stable order. */
function tarOf(root) {
  const blocks = [];
  const walk = (relative) => {
    for (const name of readdirSync(path.join(root, relative)).sort()) {
      const entry = path.posix.join(relative, name);
      // A lock file of the engine that ran initdb: a new cluster must not start with one.
      if (entry === 'postmaster.pid') continue;
      const stat = statSync(path.join(root, entry));
      if (stat.isDirectory()) {
        blocks.push(tarHeader(`${entry}/`, stat.mode, 0, true));
        walk(entry);
      } else {
        if (entry.length > 99) throw new Error(`${entry}: name too long for the template's tar`);
        const content = readFileSync(path.join(root, entry));
        blocks.push(tarHeader(entry, stat.mode, content.length, false), content, Buffer.alloc((512 - (content.length % 512)) % 512));
      }
    }
  };
  walk('');
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

const scratch = mkdtempSync(path.join(tmpdir(), 'folio-pglite-template-'));
try {
  const dataDir = path.join(scratch, 'pglite');
  const db = new PGlite(dataDir);
  await db.waitReady;
  const postgres = (await db.query('SHOW server_version')).rows[0].server_version;
  await db.close();
  const tar = tarOf(dataDir);
  const compressed = brotliCompressSync(tar, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
    },
  });
  writeFileSync(CLUSTER_TEMPLATE_FILES.archive, compressed);
  const about = { pglite: installedPgliteVersion(), postgres, tarBytes: tar.length };
  writeFileSync(CLUSTER_TEMPLATE_FILES.about, `${JSON.stringify(about, null, 2)}\n`);
  console.log(
    `wrote ${path.relative(process.cwd(), CLUSTER_TEMPLATE_FILES.archive)}: ${compressed.length} bytes (${tar.length} unpacked), PGlite ${about.pglite}, PostgreSQL ${postgres}`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
