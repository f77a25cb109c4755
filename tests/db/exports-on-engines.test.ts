import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from '../../server/db/database';
import { instantOfDayNumber, ORDER_EXPORT, readSheet, searchedOrders, settle, startExport } from '../exports/export-helpers';
import { freshPostgresDatabase, postgresUrl } from '../support/postgres';
import { bearer, signIn, startTestApp } from '../support/test-app';

// The whole export path through the API on each engine (PGlite always, PostgreSQL with
// TEST_DATABASE_URL); on PostgreSQL two server instances share one export_jobs table.
const engines: Array<{ name: string; target: () => Promise<{ database: DatabaseTarget; drop: () => Promise<void>; instances: number }> }> = [
  { name: 'pglite', target: async () => ({ database: { kind: 'pglite', dataDir: 'memory' }, drop: async () => undefined, instances: 1 }) },
];
if (postgresUrl)
  engines.push({
    name: 'postgres',
    target: async () => {
      const fresh = await freshPostgresDatabase();
      return { database: { kind: 'postgres', url: fresh.url }, drop: fresh.drop, instances: 2 };
    },
  });

describe.each(engines)('exports through the API on $name', ({ target }) => {
  let apps: FastifyInstance[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const { database, drop: dropDatabase, instances } = await target();
    drop = dropDatabase;
    // Instances share the database, the token secret and the file storage, as a deployment would.
    // Started one after the other: the first migrates and seeds, the next finds it done.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-engines-'));
    const shared = { database, dataDir, filesDir: path.join(dataDir, 'files'), orders: 800 };
    for (let index = 0; index < instances; index++) apps.push(await startTestApp(shared));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
    await drop();
  });

  it('csv and xlsx hold exactly the searched rows; each job runs once even with several instances', async () => {
    const [first] = apps;
    const admin = await signIn(first!, 'folioadmin@demo.folio.test');
    const query = {
      filters: { statuses: ['Paid', 'Created'] },
      sorting: [
        { id: 'guestName', desc: false },
        { id: 'createdAt', desc: true },
      ],
    };
    const expected = await searchedOrders(first!, admin.accessToken, query as never);
    const tokens = [];
    for (let index = 0; index < 6; index++)
      tokens.push(
        await startExport(apps[index % apps.length]!, ORDER_EXPORT, admin.accessToken, {
          fileType: index % 2 ? 'xlsx' : 'csv',
          orderQueryListRequest: query,
          orderColumns: ['id', 'guestName', 'amount', 'createdAt'],
        }),
      );
    for (const [index, token] of tokens.entries()) {
      const fileType = index % 2 ? 'xlsx' : 'csv';
      const result = await settle(first!, `${ORDER_EXPORT}/${token}`, admin.accessToken, 30_000);
      expect(result).toMatchObject({ statusType: 'Ready', ticks: expected.length });
      const [, ...cells] = readSheet((await first!.inject({ method: 'GET', url: result.url!, headers: bearer(admin.accessToken) })).rawPayload, fileType);
      // xlsx times are date cells (decision 0202): read back as the instant they hold.
      const rows = fileType === 'csv' ? cells : cells.map(([id, guest, amount, created]) => [id, guest, amount, instantOfDayNumber(created)]);
      expect(rows).toEqual(
        expected.map((row) =>
          fileType === 'csv'
            ? // csv times read as the clock of the export's zone, UTC here (decision 0463).
              [String(row.id), row.guestName, (row.amountMinor / 100).toFixed(2), row.createdAt.slice(0, 19).replace('T', ' ')]
            : [row.id, row.guestName, row.amountMinor / 100, row.createdAt],
        ),
      );
    }
    const jobs = await first!.ctx.db.selectFrom('export_jobs').select(['attempts', 'claimed_by']).where('token', 'in', tokens).execute();
    expect(jobs.every((job) => job.attempts === 1)).toBe(true);
  }, 120_000);
});
