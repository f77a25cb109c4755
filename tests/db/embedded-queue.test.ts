import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { asBackground, BACKGROUND_MAX_WAIT_MS } from '../../server/db/pglite-dialect';

// The embedded engine's one connection is handed from query to query (decision 0330): on a new turn
// of the event loop, so the server accepts connections and reads requests between queued queries,
// and to interactive queries before background work (export chunks), which still gets a turn after
// BACKGROUND_MAX_WAIT_MS so an export finishes under any load.

let db: Db;

beforeAll(async () => {
  db = openDatabase({ kind: 'pglite', dataDir: 'memory' });
  await sql`SELECT 1`.execute(db);
});
afterAll(async () => {
  await db.destroy();
});

const query = (label: string, done: string[]) => sql`SELECT 1`.execute(db).then(() => done.push(label));
// At least a millisecond each, so a timer set now is due once the first of them has run, however fast the engine answers.
const slowQuery = (label: string, done: string[]) => sql`SELECT pg_sleep(0.001)`.execute(db).then(() => done.push(label));

describe('the embedded engine queue', () => {
  it('lets the event loop run between queued queries: a timer due now fires before a long queue has drained', async () => {
    const done: string[] = [];
    const queries = Array.from({ length: 40 }, (_, index) => slowQuery(`q${index}`, done));
    setTimeout(() => done.push('timer'), 0);
    await Promise.all(queries);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(done.indexOf('timer')).toBeGreaterThanOrEqual(0);
    expect(done.indexOf('timer')).toBeLessThan(10);
  });

  it('serves waiting interactive queries before waiting background ones', async () => {
    const done: string[] = [];
    // A transaction holds the connection while both kinds queue up behind it.
    const hold = db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const background = asBackground(() => Promise.all([query('b1', done), query('b2', done), query('b3', done)]));
    const interactive = Promise.all([query('i1', done), query('i2', done), query('i3', done)]);
    await Promise.all([hold, background, interactive]);
    expect(done).toEqual(['i1', 'i2', 'i3', 'b1', 'b2', 'b3']);
  });

  it('gives background work its turn once it has waited its maximum, however busy the interactive side', async () => {
    const done: string[] = [];
    let busy = true;
    // Interactive callers that never let the queue empty.
    const callers = Array.from({ length: 4 }, async () => {
      while (busy) await sql`SELECT pg_sleep(0.002)`.execute(db);
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const started = performance.now();
    await asBackground(() => query('background', done));
    const waited = performance.now() - started;
    busy = false;
    await Promise.all(callers);
    expect(done).toEqual(['background']);
    expect(waited).toBeGreaterThanOrEqual(BACKGROUND_MAX_WAIT_MS - 5);
    expect(waited).toBeLessThan(BACKGROUND_MAX_WAIT_MS + 400);
  });
});
