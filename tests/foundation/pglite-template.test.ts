import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/database';
import { CLUSTER_TEMPLATE_FILES, createPgliteCluster, installedPgliteVersion, unpackClusterTar } from '../../server/db/pglite-cluster.mjs';

// A new embedded cluster is unpacked from the committed empty cluster instead of running initdb
// (decision 0630). It must be one the installed engine starts on: made by the same PGlite version
// (`npm run pglite:template` after an upgrade), and the engine opens it and reports that version.

const scratch = mkdtempSync(path.join(tmpdir(), 'folio-template-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The cluster's identity: initdb gives every cluster it makes a new one, an unpacked template keeps its own. */
async function systemIdentifier(dataDir: string): Promise<{ id: string; version: string }> {
  const client = openPglite(dataDir);
  try {
    const id = (await client.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()')).rows[0]!.id;
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
    return { id, version };
  } finally {
    await client.close();
  }
}

describe('the committed empty cluster', () => {
  const about = JSON.parse(readFileSync(CLUSTER_TEMPLATE_FILES.about, 'utf8')) as { pglite: string; postgres: string };
  let template: { id: string; version: string };

  it('was made by the installed PGlite, and the installed engine starts on it', { timeout: 60_000 }, async () => {
    expect(about.pglite, 'the empty cluster is for another PGlite: run npm run pglite:template').toBe(installedPgliteVersion());
    const dir = path.join(scratch, 'unpacked');
    unpackClusterTar(brotliDecompressSync(readFileSync(CLUSTER_TEMPLATE_FILES.archive)), dir, await import('node:fs'), path);
    expect(existsSync(path.join(dir, 'postmaster.pid'))).toBe(false);
    template = await systemIdentifier(dir);
    expect(template.version).toBe(about.postgres);
  });

  it('is what a new cluster is made from, also over a half-unpacked directory', { timeout: 60_000 }, async () => {
    const dir = path.join(scratch, 'created');
    // An unpack interrupted before its last file: no PG_VERSION, so no cluster yet.
    mkdirSync(path.join(dir, 'base'), { recursive: true });
    writeFileSync(path.join(dir, 'base', 'left-over'), 'x');
    expect(await createPgliteCluster(dir, { schema: false })).toBe(true);
    expect(await systemIdentifier(dir)).toEqual(template);
  });

  // The tests and scripts open many new databases; initdb in their own process cost several seconds of CPU each (decision 0661).
  it('is what a new database opened in memory or in a new directory starts from', { timeout: 60_000 }, async () => {
    expect(await systemIdentifier('memory')).toEqual(template);
    expect(await systemIdentifier(path.join(scratch, 'opened'))).toEqual(template);
  });
});
