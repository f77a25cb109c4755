import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { migrateToLatest, migrations } from '../../server/db/migrate';
import { testEngines } from '../support/postgres';

// Decision 0683: a webhook address save names the addresses' own version. A database that had webhook settings
// before that column existed gets the row's updated_at as its addresses' version, so a page read before the upgrade
// (which names updated_at) and one read after (which names the addresses' version) both still save. The fill runs on
// both engines a deployment may upgrade (PostgreSQL with TEST_DATABASE_URL).
describe.each(testEngines)('the webhook addresses version on a database that had webhook settings, on $name', ({ open }) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  const name = '0400-webhook-addresses-version';
  const before = Object.fromEntries(Object.entries(migrations).filter(([migration]) => migration !== name));

  beforeAll(async () => {
    ({ db, cleanup } = await open());
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
    await cleanup?.();
  });

  it('takes each existing row updated_at as its addresses version', async () => {
    await migrateToLatest(db as never, before);
    await sql`INSERT INTO merchant_groups (id, name) VALUES ('11111111-1111-4111-8111-111111111111', 'Upgraded group')`.execute(db);
    await sql`INSERT INTO webhook_settings (merchant_group_id, url, secret_cipher, secret_hint, updated_at)
      VALUES ('11111111-1111-4111-8111-111111111111', 'https://hooks.example.com/folio', 'sealed', 'abcd', '2026-01-02T03:04:05.678Z')`.execute(db);

    expect(await migrateToLatest(db as never)).toEqual([name]);
    const { rows } = await sql<{
      addresses: Date;
      updated: Date;
    }>`SELECT addresses_updated_at AS addresses, updated_at AS updated FROM webhook_settings`.execute(db);
    expect(rows.map((row) => [new Date(row.addresses).toISOString(), new Date(row.updated).toISOString()])).toEqual([
      ['2026-01-02T03:04:05.678Z', '2026-01-02T03:04:05.678Z'],
    ]);
  }, 120_000);
});
