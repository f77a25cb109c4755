import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderQuery } from '../../contract/transactions';
import { openDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/demo/seed-demo';
import { cancelJob, claimNext, createJob, failExhausted, heartbeat } from '../../server/exports/export-jobs';
import { cappedCount, escapeLike } from '../../server/lists/list-query';
import { copyOut } from '../../server/exports/copy-out';
import type { ExportColumn } from '../../server/exports/export-source';
import { csvCellSql } from '../../server/exports/file-writers';
import { orderExportSource } from '../../server/transactions/transaction-export';
import { linkStateOfOrderSql } from '../../server/payment-links/link-state';
import { orderPage, orderWhere } from '../../server/transactions/transaction-query';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';

// The list queries and the export queue on both engines: PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set (CI), each run on a fresh database that is dropped afterwards.
interface Engine {
  name: string;
  open: () => Promise<{ db: Db; second: () => Db; cleanup: () => Promise<void> }>;
}
const engines: Engine[] = [
  {
    name: 'pglite',
    open: async () => {
      const db = openDatabase({ kind: 'pglite', dataDir: 'memory' });
      return { db, second: () => db, cleanup: async () => undefined };
    },
  },
];
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
        VALUES (${merchant.merchant_id}, ${`TIE-${index}`}, 'Tie Guest', ${index % 3}, 'EUR', 'Paid', 'PN', ${`2026-10-20 10:00:00.12345${index % 2}+00`}, now())`.execute(
        db,
      );
    owner = (await db.selectFrom('users').select('id').where('email', '=', 'folioadmin@demo.folio.test').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await db.destroy();
    await cleanup();
  });

  const queries: OrderQuery[] = [
    { filters: {}, sorting: [] },
    {
      filters: { statuses: ['Paid', 'Failed'] },
      sorting: [
        { id: 'status', desc: false },
        { id: 'amount', desc: true },
      ],
    },
    { filters: { createdFrom: '2026-10-01' }, sorting: [{ id: 'createdAt', desc: false }] },
    {
      filters: { amountMax: 100_000 },
      sorting: [
        { id: 'guestName', desc: true },
        { id: 'createdAt', desc: false },
      ],
    },
  ];

  /** The whole body of an export's COPY, the way the worker reads it. */
  async function copied(query: OrderQuery, columns: string[], format: 'csv' | 'text'): Promise<{ text: string; rows: number | undefined }> {
    const cell = format === 'csv' ? csvCellSql : (column: ExportColumn) => column.sql;
    const body = await copyOut(
      db,
      (await orderExportSource(linkStateOfOrderSql).query({ query, merchants: 'all' }, columns, cell)).compile(db),
      format,
      `test-${randomUUID()}`,
    );
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of body.chunks) chunks.push(chunk);
      return { text: Buffer.concat(chunks).toString('utf8'), rows: body.rows() };
    } finally {
      await body.dispose();
    }
  }

  it.each(queries)('the export COPY holds exactly the rows of the table pages, in their order (%j)', async (query) => {
    const paged: number[] = [];
    for (let page = 0; ; page++) {
      const rows = await orderPage(db, query, 'all', page, 100);
      paged.push(...rows.map((row) => row.id));
      if (rows.length < 100) break;
    }
    const { text, rows } = await copied(query, ['id', 'guestName'], 'text');
    const ids = text
      .split('\n')
      .filter(Boolean)
      .map((line) => Number(line.split('\t')[0]));
    expect(ids.length).toBeGreaterThan(40);
    expect(ids).toEqual(paged);
    expect(rows).toBe(paged.length);
  });

  it('can serve the guest filter (a name or e-mail anywhere) from the trigram index, and the filter finds the same orders with it', async () => {
    const matching = sql`SELECT o.id FROM orders o WHERE ${orderWhere({ guest: 'ie Gu' }, 'all')}`;
    const scanned = await matching.execute(db);
    // Told not to scan the table, the planner still scans it when no index serves ILIKE '%term%' on both columns.
    const { plan, viaIndex } = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const explained = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${matching}`.execute(trx);
      return { plan: explained.rows.map((row) => row['QUERY PLAN']).join('\n'), viaIndex: await matching.execute(trx) };
    });
    expect(plan).toContain('orders_guest_search_trgm');
    expect(plan).not.toContain('Seq Scan');
    expect(scanned.rows.length).toBe(40); // the 'Tie Guest' orders
    expect(new Set(viaIndex.rows.map((row) => (row as { id: unknown }).id))).toEqual(new Set(scanned.rows.map((row) => (row as { id: unknown }).id)));
  });

  it('matches the orders ILIKE on the name or the e-mail matches, and no term reaches from the name into the e-mail', async () => {
    const merchant = await db.selectFrom('orders').select('merchant_id').executeTakeFirstOrThrow();
    const guests = [
      ['GS-1', 'Zoë Ångström', 'ZOE.A@Example.test'],
      ['GS-2', 'Émile de Vries', null],
      ['GS-3', 'Anna Smith', 'anna_s%1@example.test'],
    ] as const;
    for (const [reference, name, email] of guests)
      await sql`INSERT INTO orders (merchant_id, reference_no, guest_name, guest_email, amount_minor, currency, status, payment_type, created_at, updated_at)
        VALUES (${merchant.merchant_id}, ${reference}, ${name}, ${email}, 100, 'EUR', 'Paid', 'PN', now(), now())`.execute(db);
    const ids = async (condition: ReturnType<typeof sql>) =>
      (await sql<{ id: unknown }>`SELECT o.id FROM orders o WHERE ${condition} ORDER BY o.id`.execute(db)).rows.map((row) => String(row.id));
    try {
      for (const term of ['zoë', 'ÅNGSTRÖM', 'zoe.a@example', 'DE VRIES', 'émile', 's%1', 'a_s', 'smith', 'example.TEST', 'Guest']) {
        const pattern = `%${escapeLike(term)}%`;
        const filtered = await ids(orderWhere({ guest: term }, 'all'));
        expect(filtered.length, term).toBeGreaterThan(0);
        expect(filtered, term).toEqual(await ids(sql`(o.guest_name ILIKE ${pattern} OR o.guest_email ILIKE ${pattern})`));
      }
      expect(await ids(orderWhere({ guest: 'Ångström zoe' }, 'all'))).toEqual([]);
      expect(await ids(orderWhere({ guest: 'smithanna' }, 'all'))).toEqual([]);
    } finally {
      await sql`DELETE FROM orders WHERE reference_no LIKE 'GS-%'`.execute(db);
    }
  });

  it('formats cells in SQL: major units with their minor digits, ISO 8601 UTC times, the csv formula guard and quoting', async () => {
    const merchant = await db.selectFrom('orders').select('merchant_id').executeTakeFirstOrThrow();
    const cases = [
      ['FMT-1', '=1+1', 12345, 'EUR', '2026-10-20 12:30:00.5+02'],
      ['FMT-2', 'a,"b"\nc', 123400, 'EUR', '2026-10-20 10:00:00+00'],
      ['FMT-3', '+31 6', 5, 'EUR', '2026-10-20 05:00:00.123456-05:30'],
      ['FMT-4', 'Zoë', 1500, 'JPY', '2026-10-20 10:00:00+00'],
      ['FMT-5', '@me', 12345, 'KWD', '2026-10-20 10:00:00+00'],
      ['FMT-6', 'Åsa', 9905, 'SEK', '2026-10-20 10:00:00+00'],
    ] as const;
    for (const [reference, guest, minor, currency, created] of cases)
      await sql`INSERT INTO orders (merchant_id, reference_no, guest_name, amount_minor, currency, status, payment_type, created_at, updated_at)
        VALUES (${merchant.merchant_id}, ${reference}, ${guest}, ${minor}, ${currency}, 'Paid', 'PN', ${created}, now())`.execute(db);
    const query: OrderQuery = { filters: { referenceNo: 'FMT-' }, sorting: [{ id: 'createdAt', desc: false }] };
    const { text } = await copied(query, ['referenceNo', 'guestName', 'amount', 'currency', 'createdAt'], 'csv');
    await sql`DELETE FROM orders WHERE reference_no LIKE 'FMT-%'`.execute(db);
    const byReference = Object.fromEntries(text.split(/\n(?=FMT-)/).map((line) => [line.slice(0, 5), line.trim()]));
    expect(byReference).toEqual({
      'FMT-1': "FMT-1,'=1+1,123.45,EUR,2026-10-20T10:30:00.500Z",
      'FMT-2': 'FMT-2,"a,""b""\nc",1234.00,EUR,2026-10-20T10:00:00.000Z',
      'FMT-3': "FMT-3,'+31 6,0.05,EUR,2026-10-20T10:30:00.123Z",
      'FMT-4': 'FMT-4,Zoë,1500,JPY,2026-10-20T10:00:00.000Z',
      'FMT-5': "FMT-5,'@me,12.345,KWD,2026-10-20T10:00:00.000Z",
      'FMT-6': 'FMT-6,Åsa,99.05,SEK,2026-10-20T10:00:00.000Z',
    });
  });

  it('counts exactly up to the cap and estimates beyond it', async () => {
    const { n } = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(await cappedCount(db, sql`SELECT 1 FROM orders o`.compile(db))).toEqual({ total: Number(n), exact: true });
    const big = await cappedCount(db, sql`SELECT 1 FROM generate_series(1, 200000) AS g`.compile(db));
    expect(big.exact).toBe(false);
    expect(big.total).toBeGreaterThan(10_000);
  });

  it('hands each job to exactly one worker, even with two instances claiming at once', async () => {
    const tokens = await Promise.all(
      Array.from({ length: 8 }, () =>
        createJob(db, { owner, exportType: 'TRANSACTION', fileType: 'csv', request: { query: {}, merchants: 'all' }, columns: ['id'] }),
      ),
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
    const stale = await createJob(db, { owner, exportType: 'PAYOUT', fileType: 'xlsx', request: { query: {}, merchants: 'all' }, columns: ['id'] });
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

    const running = await createJob(db, { owner, exportType: 'PAYOUT', fileType: 'csv', request: { query: {}, merchants: 'all' }, columns: ['id'] });
    await claimNext(db, 'alive', 30_000, 3);
    expect(await cancelJob(db, running, owner, 'TRANSACTION')).toBeUndefined();
    expect(await cancelJob(db, running, owner, 'PAYOUT')).toEqual({ fileKey: `exports/${running}.csv` });
    expect(await heartbeat(db, running, 'alive', 20)).toBe(false);
    expect(await cancelJob(db, running, owner, 'PAYOUT')).toBeUndefined();
  });
});
