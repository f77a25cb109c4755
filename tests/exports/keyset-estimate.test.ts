import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openPglite } from '../../server/db/database';
import { PGliteDialect } from '../../server/db/pglite-dialect';
import { rowsAfter, type ChunkKey } from '../../server/exports/keyset';

// An export chunk's cursor condition must leave the planner a true count of the rows after the
// cursor (decision 0336): when it expected a tenth of them, it stopped reading the next chunk
// through the sort index near the end of a large export, and read and sorted all the rest instead.

const ROWS = 20_000;
const engine = openPglite('memory');
const db = new Kysely<unknown>({ dialect: new PGliteDialect(engine) });

beforeAll(async () => {
  // Times scattered over a year in no relation to the ids (as orders from many properties are),
  // every tenth one a tie with its neighbour.
  await sql`CREATE TABLE placed (id bigint PRIMARY KEY, created_at timestamptz NOT NULL)`.execute(db);
  await sql`INSERT INTO placed SELECT i, timestamptz '2025-01-01' + ((i - i % 10 * (i % 2)) * 7919 % ${ROWS}) * interval '26 minutes'
    FROM generate_series(1, ${ROWS}) AS i`.execute(db);
  await sql`CREATE INDEX placed_created ON placed (created_at DESC, id DESC)`.execute(db);
  await sql`ANALYZE placed`.execute(db);
}, 60_000);

afterAll(async () => {
  await db.destroy();
});

const KEYS: ChunkKey[] = [
  { expr: 'created_at', desc: true, nullable: false },
  { expr: 'id', desc: true, nullable: false },
];
const ascending = KEYS.map((key) => ({ ...key, desc: false }));

async function cursorAt(keys: ChunkKey[], position: number): Promise<string[]> {
  const order = sql.raw(keys.map((key) => `${key.expr} ${key.desc ? 'DESC' : 'ASC'}`).join(', '));
  const { rows } = await sql<{
    k0: string;
    k1: string;
  }>`SELECT created_at::text AS k0, id::text AS k1 FROM placed ORDER BY ${order} OFFSET ${position} LIMIT 1`.execute(db);
  return [rows[0]!.k0, rows[0]!.k1];
}

async function expectedAndActual(keys: ChunkKey[], cursor: string[]): Promise<{ expected: number; actual: number }> {
  const condition = rowsAfter(keys, cursor);
  const { rows: plan } = await sql<{
    'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
  }>`EXPLAIN (FORMAT JSON) SELECT id FROM placed WHERE ${condition}`.execute(db);
  const { rows: count } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM placed WHERE ${condition}`.execute(db);
  return { expected: plan[0]!['QUERY PLAN'][0].Plan['Plan Rows'], actual: count[0]!.n };
}

describe('the keyset cursor condition, as the planner sees it', () => {
  test.each([
    ['newest first', KEYS],
    ['oldest first', ascending],
  ])('%s: the planner expects about as many rows after the cursor as there are, near the end as in the middle', async (_, keys) => {
    for (const position of [ROWS / 2, ROWS * 0.9, ROWS * 0.98]) {
      const { expected, actual } = await expectedAndActual(keys, await cursorAt(keys, position));
      expect(actual).toBe(ROWS - position - 1);
      expect(expected, `at row ${position}: ${expected} expected, ${actual} there`).toBeGreaterThan(actual / 2);
      expect(expected, `at row ${position}: ${expected} expected, ${actual} there`).toBeLessThan(actual * 2);
    }
  });
});
