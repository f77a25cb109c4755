import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderQuery } from '../../contract/orders';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed/seed-demo';
import { cancelJob, claimNext, createJob, failExhausted, heartbeat } from '../../server/exports/export-jobs';
import { cappedCount } from '../../server/exports/list-query';
import { readTextChunk } from '../../server/exports/text-chunks';
import { orderExportSource } from '../../server/orders/order-export';
import { orderPage } from '../../server/orders/order-query';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';

// The list queries and the export queue on both engines: PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set (CI), each run on a fresh database that is dropped afterwards.
interface Engine {
  name: string;
  open: () => Promise<{ db: Db; second: () => Db; cleanup: () => Promise<void> }>;
}
const engines: Engine[] = [{ name: 'pglite', open: async () => { const db = openDatabase({ kind: 'pglite', dataDir: 'memory' }); return { db, second: () => db, cleanup: async () => undefined }; } }];
if (postgresUrl)
  engines.push({
    name: 'postgres',
    open: async () => {
      const fresh = await freshPostgresDatabase();
      const extra: Db[] = [];
      return {
        db: openDatabase({ kind: 'postgres', url: fresh.url }),
        // A second pool plays a second server instance.
        second: () => {
          const db = openDatabase({ kind: 'postgres', url: fresh.url });
          extra.push(db);
          return db;
        },
        cleanup: async () => {
          await Promise.all(extra.map((db) => db.destroy()));
          await fresh.drop();
        },
      };
    },
  });

describe.each(engines)('list queries and export queue on $name', ({ open }) => {
  let db: Db;
  let second: () => Db;
  let cleanup: () => Promise<void>;
  let owner: string;
  beforeAll(async () => {
    ({ db, second, cleanup } = await open());
    await migrateToLatest(db as never);
    await seedDemo(db, { orders: 1500 });
    // Ties to the microsecond: keyset cursors must carry the exact value, not a millisecond Date.
    const merchant = await db.selectFrom('orders').select('merchant_id').executeTakeFirstOrThrow();
    for (let index = 0; index < 40; index++)
      await sql`INSERT INTO orders (merchant_id, reference_no, guest_name, amount_minor, currency, status, payment_type, created_at, updated_at)
        VALUES (${merchant.merchant_id}, ${`TIE-${index}`}, 'Tie Guest', ${index % 3}, 'EUR', 'Paid', 'PN', ${`2026-10-20 10:00:00.12345${index % 2}+00`}, now())`.execute(db);
    owner = (await db.selectFrom('users').select('id').where('email', '=', 'folioadmin@demo.folio.test').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await db.destroy();
    await cleanup();
  });

  const queries: OrderQuery[] = [
    { filters: {}, sorting: [] },
    { filters: { statuses: ['Paid', 'Failed'] }, sorting: [{ id: 'status', desc: false }, { id: 'amount', desc: true }] },
    { filters: { createdFrom: '2026-10-01' }, sorting: [{ id: 'createdAt', desc: false }] },
    { filters: { amountMax: 100_000 }, sorting: [{ id: 'guestName', desc: true }, { id: 'createdAt', desc: false }] },
  ];

  it.each(queries)('export keyset chunks return exactly the offset pages, in order (%j)', async (query) => {
    const paged: number[] = [];
    for (let page = 0; ; page++) {
      const rows = await orderPage(db, query, 'all', page, 100);
      paged.push(...rows.map((row) => row.id));
      if (rows.length < 100) break;
    }
    const chunked: number[] = [];
    let cursor: string[] | undefined;
    for (;;) {
      // The export's own reader: COPY text chunks on PGlite, rows on PostgreSQL.
      const { query: chunkQuery, keyCount } = await orderExportSource.chunkQuery({ query, merchants: 'all' }, ['id', 'guestName'], cursor, 37);
      const chunk = await readTextChunk(db, chunkQuery, keyCount);
      chunked.push(...chunk.rows.map((row) => Number(row[0])));
      cursor = chunk.cursor;
      if (chunk.rows.length < 37) break;
    }
    expect(chunked.length).toBeGreaterThan(40);
    expect(new Set(chunked).size).toBe(chunked.length);
    expect(chunked).toEqual(paged);
  });

  it('counts exactly up to the cap and estimates beyond it', async () => {
    expect(await cappedCount(db, sql`SELECT 1 FROM orders o`.compile(db))).toEqual({ total: 1540, exact: true });
    const big = await cappedCount(db, sql`SELECT 1 FROM generate_series(1, 200000) AS g`.compile(db));
    expect(big.exact).toBe(false);
    expect(big.total).toBeGreaterThan(10_000);
  });

  it('hands each job to exactly one worker, even with two instances claiming at once', async () => {
    const tokens = await Promise.all(
      Array.from({ length: 8 }, () => createJob(db, { owner, exportType: 'TRANSACTION', fileType: 'csv', request: { query: {}, merchants: 'all', chunkSize: 0 }, columns: ['id'] })),
    );
    const other = second();
    const claims = async (instance: Db, worker: string) => {
      const mine: string[] = [];
      for (let job = await claimNext(instance, worker, 30_000, 3); job; job = await claimNext(instance, worker, 30_000, 3)) mine.push(job.token);
      return mine;
    };
    const [a, b] = await Promise.all([claims(db, 'instance-a'), claims(other, 'instance-b')]);
    expect([...a, ...b].sort()).toEqual([...tokens].sort());
    const rows = await db.selectFrom('export_jobs').select(['status', 'attempts']).where('token', 'in', tokens).execute();
    expect(rows.every((row) => row.status === 'Processing' && row.attempts === 1)).toBe(true);
  });

  it('takes over a stale job, fails one out of attempts, and a cancelled job stops beating', async () => {
    const stale = await createJob(db, { owner, exportType: 'PAYOUT', fileType: 'xlsx', request: { query: {}, merchants: 'all', chunkSize: 1000 }, columns: ['id'] });
    expect((await claimNext(db, 'dead', 30_000, 3))?.token).toBe(stale);
    expect(await claimNext(db, 'alive', 30_000, 3)).toBeUndefined();
    await sql`UPDATE export_jobs SET heartbeat_at = now() - interval '5 minutes' WHERE token = ${stale}`.execute(db);
    expect(await heartbeat(db, stale, 'alive', 10)).toBe(false);
    const taken = await claimNext(db, 'alive', 30_000, 3);
    expect(taken).toMatchObject({ token: stale, attempts: 2 });
    expect(await heartbeat(db, stale, 'dead', 10)).toBe(false);
    expect(await heartbeat(db, stale, 'alive', 10)).toBe(true);

    await sql`UPDATE export_jobs SET heartbeat_at = now() - interval '5 minutes', attempts = 3 WHERE token = ${stale}`.execute(db);
    expect(await failExhausted(db, 30_000, 3)).toEqual([`exports/${stale}.xlsx`]);
    const failed = await db.selectFrom('export_jobs').select(['status', 'error_messages']).where('token', '=', stale).executeTakeFirstOrThrow();
    expect(failed).toEqual({ status: 'Failed', error_messages: ['the export was interrupted by a server restart and could not be resumed'] });

    const running = await createJob(db, { owner, exportType: 'PAYOUT', fileType: 'csv', request: { query: {}, merchants: 'all', chunkSize: 1000 }, columns: ['id'] });
    await claimNext(db, 'alive', 30_000, 3);
    expect(await cancelJob(db, running, owner, 'TRANSACTION')).toBeUndefined();
    expect(await cancelJob(db, running, owner, 'PAYOUT')).toEqual({ fileKey: `exports/${running}.csv` });
    expect(await heartbeat(db, running, 'alive', 20)).toBe(false);
    expect(await cancelJob(db, running, owner, 'PAYOUT')).toBeUndefined();
  });
});
