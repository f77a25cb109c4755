import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/demo/seed-demo';
import { testEngines } from '../support/postgres';
import { tableCounts } from '../support/table-counts';

// The database layer on both engines: the embedded PGlite always, PostgreSQL when CI provides one
// (TEST_DATABASE_URL). Same migrations, same seed, same answers.

describe.each(testEngines)('database layer on $name', ({ open }) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await open());
    await migrateToLatest(db as never);
    await seedDemo(db, { orders: 3000 });
  });
  afterAll(async () => {
    await db.destroy();
    await cleanup();
  });

  it('migrates to the latest version and a second run applies nothing', async () => {
    expect(await migrateToLatest(db as never)).toEqual([]);
  });

  it('a second seed of the same volume adds nothing: a restarted demo keeps its data as it was', async () => {
    const before = await tableCounts(db);
    await seedDemo(db, { orders: 3000 });
    expect(await tableCounts(db)).toEqual(before);
  });

  it('seeds one demo user per role plus the applicant, with the roles in order', async () => {
    const users = await db.selectFrom('users').select('email').orderBy('email').execute();
    expect(users.map((user) => user.email)).toContain('folioadmin@demo.folio.test');
    expect(users.map((user) => user.email)).toContain('applicant@demo.folio.test');
    expect(users).toHaveLength(22);
  });

  it('puts an Inactive property first in the demo group', async () => {
    const properties = await db
      .selectFrom('merchants')
      .innerJoin('merchant_groups', 'merchant_groups.id', 'merchants.merchant_group_id')
      .select(['merchants.name', 'merchants.status'])
      .where('merchant_groups.name', '=', 'Lagoon Hotels Group')
      .orderBy('merchants.position')
      .execute();
    expect(properties.length).toBeGreaterThanOrEqual(3);
    expect(properties[0]).toEqual({ name: 'Harbour View Hotel', status: 'Inactive' });
  });

  it('seeds the same orders every time (deterministic)', async () => {
    const digest = await sql<{ digest: string }>`
      SELECT md5(string_agg(reference_no || amount_minor || status || payment_type || extract(epoch FROM created_at)::bigint, ',' ORDER BY reference_no)) AS digest
      FROM orders WHERE reference_no <= 'FOL-00000500'`.execute(db);
    expect(digest.rows[0]?.digest).toBe(EXPECTED_DIGEST);
  });

  it('tops orders up to a larger count without duplicating', async () => {
    await seedDemo(db, { orders: 3500 });
    const count = await db
      .selectFrom('orders')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const distinct = await db
      .selectFrom('orders')
      .select(sql<string>`count(DISTINCT reference_no)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe('3500');
    expect(distinct.n).toBe('3500');
  });

  it('hands back int8, numeric and date as strings', async () => {
    const row = await sql<{
      big: unknown;
      money: unknown;
      day: unknown;
    }>`SELECT 9007199254740993::int8 AS big, 12.50::numeric AS money, '2026-02-03'::date AS day`.execute(db);
    expect(row.rows[0]).toEqual({ big: '9007199254740993', money: '12.50', day: '2026-02-03' });
  });

  it('refuses a status the spec does not know', async () => {
    await expect(db.insertInto('merchant_groups').values({ name: 'x', status: 'Sleeping', country: null, contact_email: null }).execute()).rejects.toThrow(
      /check constraint/i,
    );
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('merchant_groups').values({ name: 'Rolled back', status: 'Created', country: null, contact_email: null }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const found = await db.selectFrom('merchant_groups').select('id').where('name', '=', 'Rolled back').execute();
    expect(found).toEqual([]);
  });
});

// Measured once on PGlite and PostgreSQL 15 alike; a change means the demo data changed.
const EXPECTED_DIGEST = '155523f69cc91f2ec4c48dc8db5727be';
