import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { embeddedClusterDir } from '../../scripts/prepare-start.mjs';

// `npm start` creates a new embedded database's cluster beside the build (scripts/prepare-start.mjs,
// decision 0590), where the server will open it. The cluster's creation itself is covered by
// tests/foundation/pglite-cluster.test.ts; these run the real script on a stand-in checkout whose build is
// up to date, so no build runs.

const PREPARE = path.resolve('scripts/prepare-start.mjs');
const STAMP = path.resolve('scripts/build-if-changed.mjs');
const run = promisify(execFile);

/** A checkout with the build's outputs and a stamp of its inputs, as after `npm run build`. */
function builtCheckout(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'folio-prepare-'));
  for (const file of ['dist/index.html', 'dist-server/main.mjs', 'dist-server/xlsx-thread.mjs', 'src/main.ts']) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `// ${file}\n`);
  }
  return dir;
}

describe('npm start before the server', () => {
  it('looks for the embedded cluster where the server opens it, and for none on PostgreSQL', () => {
    for (const env of [{}, { FOLIO_DATA_DIR: '/srv/folio' }, { FOLIO_DATA_DIR: 'relative/data' }]) {
      const database = configFromEnv({ ...env, FOLIO_DEMO: 'true' }).database;
      expect(database.kind).toBe('pglite');
      expect(embeddedClusterDir(env)).toBe(database.kind === 'pglite' ? database.dataDir : 'not reached');
    }
    expect(configFromEnv({ DATABASE_URL: 'postgres://folio@db/folio', FOLIO_DEMO: 'true' }).database.kind).toBe('postgres');
    expect(embeddedClusterDir({ DATABASE_URL: 'postgres://folio@db/folio' })).toBeUndefined();
  });

  it('skips an unchanged build and creates no cluster where one exists or on PostgreSQL', { timeout: 60_000 }, async () => {
    const checkout = builtCheckout();
    await run(process.execPath, [STAMP, '--stamp'], { cwd: checkout });
    const data = mkdtempSync(path.join(tmpdir(), 'folio-prepare-data-'));
    const existing = path.join(data, 'existing');
    mkdirSync(path.join(existing, 'pglite'), { recursive: true });
    writeFileSync(path.join(existing, 'pglite', 'PG_VERSION'), '17\n');
    for (const env of [{ FOLIO_DATA_DIR: existing }, { FOLIO_DATA_DIR: path.join(data, 'unused'), DATABASE_URL: 'postgres://folio@db/folio' }]) {
      const { stderr } = await run(process.execPath, [PREPARE], { cwd: checkout, env: { ...process.env, ...env } });
      expect(stderr).toContain('build: sources unchanged since the last build');
      expect(stderr).not.toContain('creating its cluster');
    }
    expect(existsSync(path.join(data, 'unused'))).toBe(false);
  });

  it("skips an unchanged build by the inputs' sizes and times, and by their content when only the times changed", { timeout: 60_000 }, async () => {
    const checkout = builtCheckout();
    await run(process.execPath, [STAMP, '--stamp'], { cwd: checkout });
    const check = async () => (await run(process.execPath, [STAMP], { cwd: checkout })).stderr;
    expect(await check()).toContain('sources unchanged since the last build (sizes and times of the inputs');
    // Written again with the same bytes (a checkout of another branch and back): a new time, the same content.
    const source = path.join(checkout, 'src/main.ts');
    writeFileSync(source, readFileSync(source));
    utimesSync(source, new Date(), new Date(Date.now() + 5_000));
    expect(await check()).toContain('sources unchanged since the last build (content of the inputs');
    // The check recorded the new time: the next start compares sizes and times only again.
    expect(await check()).toContain('sources unchanged since the last build (sizes and times of the inputs');
  });
});
