import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, poolOf, type Db } from '../../server/db/database';
import { runNamed } from '../../server/db/named-statement';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';

// runNamed (decision 0339): on PostgreSQL a statement every API call runs is a named prepared
// statement, parsed and planned once per connection; on the embedded engine it runs as Kysely runs it.

describe.skipIf(!postgresUrl)('a named statement on PostgreSQL', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshPostgresDatabase();
    drop = fresh.drop;
    db = openDatabase({ kind: 'postgres', url: fresh.url });
    await sql`CREATE TABLE guests (id int PRIMARY KEY, name text NOT NULL)`.execute(db);
    await sql`INSERT INTO guests VALUES (1, 'Ada'), (2, 'Bram')`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  it('answers as the unnamed statement does, and is prepared on the connection', async () => {
    const query = sql<{ id: number; name: string }>`SELECT id, name FROM guests WHERE id = ${2}`.compile(db);
    const unnamed = (await db.executeQuery(query)).rows;
    expect(await runNamed(db, 'guest_by_id', query)).toEqual(unnamed);
    expect(await runNamed(db, 'guest_by_id', query)).toEqual([{ id: 2, name: 'Bram' }]);
    // One query at a time: the pool hands the last connection back out.
    const { rows } = await poolOf(db)!.query<{ name: string }>('SELECT name FROM pg_prepared_statements');
    expect(rows.map((row) => row.name)).toContain('guest_by_id');
  });

  it('runs unnamed once a changed table changes its answer, instead of failing', async () => {
    const query = sql<Record<string, unknown>>`SELECT * FROM guests ORDER BY id`.compile(db);
    expect(await runNamed(db, 'all_guests', query)).toEqual([
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Bram' },
    ]);
    await sql`ALTER TABLE guests ADD COLUMN room text`.execute(db);
    expect(await runNamed(db, 'all_guests', query)).toEqual([
      { id: 1, name: 'Ada', room: null },
      { id: 2, name: 'Bram', room: null },
    ]);
  });
});

describe('a named statement on the embedded engine', () => {
  const db = openDatabase({ kind: 'pglite', dataDir: 'memory' });
  afterAll(async () => {
    await db.destroy();
  });

  it('runs as Kysely runs it', async () => {
    const query = sql<{ answer: number }>`SELECT ${41}::int + 1 AS answer`.compile(db);
    expect(await runNamed(db, 'answer', query)).toEqual([{ answer: 42 }]);
    expect(await runNamed(db, 'answer', query)).toEqual([{ answer: 42 }]);
  });
});
