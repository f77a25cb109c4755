import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openPglite, type Db } from '../../server/db/database';
import { PGliteDialect } from '../../server/db/pglite-dialect';
import { MAX_PREPARED } from '../../server/db/pglite-prepared';

// On the embedded engine a statement that repeats becomes a named prepared statement (decision
// 0334). What a caller sees must not change: the same rows and types, the same errors, a session
// that stays usable after an error, and a bounded number of statements in the engine.

let db: Db;

beforeAll(async () => {
  db = openDatabase({ kind: 'pglite', dataDir: 'memory' });
  await sql`CREATE TABLE prepared_probe (id int8 PRIMARY KEY, amount numeric, day date, at timestamptz, note text, tags jsonb, flag boolean)`.execute(db);
});
afterAll(async () => {
  await db.destroy();
});

const preparedCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pg_prepared_statements`.execute(db)).rows[0]?.n);
const preparedTexts = async () => (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db)).rows.map((row) => row.statement);

describe('prepared statements on the embedded engine', () => {
  it('prepares a statement the second time it runs, and answers it with the same rows and types every time', async () => {
    const at = new Date('2026-11-27T10:00:00.000Z');
    await sql`INSERT INTO prepared_probe VALUES (${'9007199254740993'}, ${'12.345'}, ${'2026-11-27'}, ${at}, ${null}, ${JSON.stringify({ a: [1] })}, ${true})`.execute(
      db,
    );
    const read = () =>
      sql<Record<string, unknown>>`SELECT id, amount, day, at, note, tags, flag FROM prepared_probe WHERE id = ${'9007199254740993'} AND ${1} = 1`.execute(db);
    const first = await read();
    expect(await preparedTexts()).not.toContain('SELECT id, amount, day, at, note, tags, flag FROM prepared_probe WHERE id = $1 AND $2 = 1');
    const second = await read();
    const third = await read();
    expect(await preparedTexts()).toContain('SELECT id, amount, day, at, note, tags, flag FROM prepared_probe WHERE id = $1 AND $2 = 1');
    // int8, numeric and date as text (money never through a float), timestamptz a Date, jsonb parsed.
    const expected = { id: '9007199254740993', amount: '12.345', day: '2026-11-27', at, note: null, tags: { a: [1] }, flag: true };
    expect(first.rows).toEqual([expected]);
    expect(second.rows).toEqual([expected]);
    expect(third.rows).toEqual([expected]);
  });

  it('reads every kind of column alike whether prepared or not: arrays, uuids, numbers, unicode, empty text and nulls', async () => {
    const read = () =>
      sql<Record<string, unknown>>`
        SELECT ARRAY['a', 'b,c', NULL]::text[] AS texts, ARRAY[1, 2]::int4[] AS numbers, ${'7d5b0c56-3f0e-4c8e-9a43-0f6f6f1c2b11'}::uuid AS id,
          2::int2 AS small, 1.5::float8 AS ratio, 'Zoë 東京 🏨'::text AS guest, ''::text AS empty, NULL::text AS missing, 'null'::jsonb AS json_null,
          interval '1 day' AS span, ${'x'} AS echoed`.execute(db);
    const unprepared = await read();
    expect(unprepared.rows[0]).toMatchObject({
      texts: ['a', 'b,c', null],
      numbers: [1, 2],
      small: 2,
      ratio: 1.5,
      guest: 'Zoë 東京 🏨',
      empty: '',
      missing: null,
    });
    expect((await read()).rows).toEqual(unprepared.rows);
    expect((await read()).rows).toEqual(unprepared.rows);
  });

  it('reads an answer larger than the engine hands over at once, row for row', async () => {
    const many = () => sql<{ n: number; line: string }>`SELECT n, repeat(${'é'}, 120) || n AS line FROM generate_series(1, ${20_000}) AS n`.execute(db);
    const unprepared = await many();
    const prepared = await many();
    expect(prepared.rows).toHaveLength(20_000);
    expect(prepared.rows).toEqual(unprepared.rows);
    expect((await many()).rows.at(-1)).toEqual({ n: 20_000, line: `${'é'.repeat(120)}20000` });
  });

  it('counts the rows a repeated write touched', async () => {
    const touch = () => sql`UPDATE prepared_probe SET note = ${'seen'} WHERE id > ${0}`.execute(db);
    await touch();
    expect((await touch()).numAffectedRows).toBe(1n);
    expect((await touch()).numAffectedRows).toBe(1n);
  });

  it('throws the engine error of a repeated statement, and the session answers the next statement', async () => {
    const insert = (id: number) => sql`INSERT INTO prepared_probe (id, note) VALUES (${id}, ${'twice'})`.execute(db);
    await insert(1);
    await expect(insert(1)).rejects.toMatchObject({ code: '23505' });
    // Prepared now: the same error, its constraint and detail included (the server names the constraint in its log).
    await expect(insert(1)).rejects.toMatchObject({
      code: '23505',
      constraint: 'prepared_probe_pkey',
      detail: 'Key (id)=(1) already exists.',
      severity: 'ERROR',
    });
    await expect(insert(1)).rejects.toThrow('duplicate key value violates unique constraint "prepared_probe_pkey"');
    expect((await sql<{ n: number }>`SELECT 1 AS n`.execute(db)).rows).toEqual([{ n: 1 }]);
    await insert(2);
    expect((await sql<{ n: string }>`SELECT count(*) AS n FROM prepared_probe WHERE note = ${'twice'}`.execute(db)).rows[0]?.n).toBe('2');
  });

  it('rolls transactions back after a repeated statement failed inside them, BEGIN and ROLLBACK prepared too', async () => {
    const failing = (id: number) =>
      db.transaction().execute(async (trx) => {
        await sql`INSERT INTO prepared_probe (id, note) VALUES (${id}, ${'in a transaction'})`.execute(trx);
        await sql`INSERT INTO prepared_probe (id, note) VALUES (${id + 1}, ${'in a transaction'})`.execute(trx);
        await sql`INSERT INTO prepared_probe (id, note) VALUES (${id + 1}, ${'in a transaction'})`.execute(trx);
      });
    // The third transaction's BEGIN and ROLLBACK run as prepared statements, the ROLLBACK in an aborted transaction.
    for (const id of [10, 20, 30]) await expect(failing(id)).rejects.toMatchObject({ code: '23505' });
    expect(await preparedTexts()).toEqual(expect.arrayContaining(['BEGIN', 'ROLLBACK']));
    expect((await sql<{ n: string }>`SELECT count(*) AS n FROM prepared_probe WHERE id BETWEEN 10 AND 31`.execute(db)).rows[0]?.n).toBe('0');
    await db.transaction().execute(async (trx) => {
      await sql`INSERT INTO prepared_probe (id, note) VALUES (${40}, ${'committed'})`.execute(trx);
    });
    expect((await sql<{ n: string }>`SELECT count(*) AS n FROM prepared_probe WHERE id = 40`.execute(db)).rows[0]?.n).toBe('1');
  });

  it('keeps at most MAX_PREPARED statements in the engine, closing the least recently used', async () => {
    for (let index = 0; index < MAX_PREPARED + 10; index += 1) {
      const statement = () => sql`SELECT ${index} + ${sql.raw(String(index))} AS n`.execute(db);
      await statement();
      expect((await statement()).rows).toEqual([{ n: index * 2 }]);
    }
    expect(await preparedCount()).toBe(MAX_PREPARED);
    expect(await preparedTexts()).toContain(`SELECT $1 + ${MAX_PREPARED + 9} AS n`);
    expect(await preparedTexts()).not.toContain('SELECT $1 + 0 AS n');
  });

  it('answers a prepared statement after its table gained a column, with the new column', async () => {
    await sql`CREATE TABLE prepared_changing (id int4)`.execute(db);
    await sql`INSERT INTO prepared_changing VALUES (1)`.execute(db);
    const all = () => sql<Record<string, unknown>>`SELECT * FROM prepared_changing WHERE id = ${1}`.execute(db);
    await all();
    expect((await all()).rows).toEqual([{ id: 1 }]);
    await sql`ALTER TABLE prepared_changing ADD COLUMN label text DEFAULT 'new'`.execute(db);
    expect((await all()).rows).toEqual([{ id: 1, label: 'new' }]);
    expect((await all()).rows).toEqual([{ id: 1, label: 'new' }]);
  });

  it('does not prepare a COPY, which PGlite writes to /dev/blob', async () => {
    const copy = () => sql`COPY (SELECT 1 AS n) TO '/dev/blob'`.execute(db);
    await copy();
    await copy();
    expect((await preparedTexts()).some((text) => /copy/i.test(text))).toBe(false);
  });

  it('lets two dialects over one engine prepare side by side, each statement under its own name', async () => {
    const engine = openPglite('memory');
    const [first, second] = [new Kysely<unknown>({ dialect: new PGliteDialect(engine) }), new Kysely<unknown>({ dialect: new PGliteDialect(engine) })];
    try {
      for (let run = 0; run < 3; run += 1) {
        expect((await sql<{ n: number }>`SELECT ${1}::int AS n`.execute(first)).rows).toEqual([{ n: 1 }]);
        expect((await sql<{ t: string }>`SELECT ${'two'}::text AS t`.execute(second)).rows).toEqual([{ t: 'two' }]);
      }
    } finally {
      await first.destroy();
    }
  });
});
