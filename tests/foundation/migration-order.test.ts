import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest, migrations } from '../../server/db/migrate';

// Areas land migrations from their own number ranges, so a database can have applied a
// later-numbered migration before an earlier-numbered one exists. Such a database must still
// start: the missing earlier migration is applied, nothing is applied twice.
describe('migrations landing out of number order', () => {
  let db: Db;
  const names = Object.keys(migrations);
  // The database first sees every migration except one from the middle, as if that area's
  // migration had not landed yet. It is one no later migration builds on (a settings table of its
  // own): a migration that a later one depends on cannot land late in any order.
  const lateName = '0140-settings-store';
  const withoutLate = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== lateName));

  beforeAll(async () => {
    db = openDatabase({ kind: 'pglite', dataDir: 'memory' });
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('applies the missing earlier migration to a database that already has later ones', async () => {
    const first = await migrateToLatest(db as never, withoutLate);
    expect(first).not.toContain(lateName);
    expect(first).toContain(names.at(-1));

    expect(await migrateToLatest(db as never)).toEqual([lateName]);
    const applied = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
    expect(applied.rows.map((row) => row.name)).toEqual([...names].sort());
    expect(await migrateToLatest(db as never)).toEqual([]);
  });
});
