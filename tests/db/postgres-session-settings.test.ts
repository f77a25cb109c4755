import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../server/db/database';
import { postgresUrl } from '../support/postgres';

// Decision 0718: the server's PostgreSQL sessions compile no statement (JIT) and start parallel workers only for a
// statement that saves much by them, whatever the cluster's defaults: at ten million orders both cost more than many a
// page's whole statement. An `options` in the URL still wins.

const opened: Db[] = [];
const open = (url: string) => {
  const db = openDatabase({ kind: 'postgres', url });
  opened.push(db);
  return db;
};
const setting = async (db: Db, name: 'jit' | 'parallel_setup_cost' | 'work_mem') =>
  (await sql<Record<string, string>>`SELECT current_setting(${name}) AS value`.execute(db)).rows[0]!.value;

afterAll(async () => {
  await Promise.all(opened.map((db) => db.destroy()));
});

describe.skipIf(!postgresUrl)("the server's PostgreSQL sessions (decision 0718)", () => {
  it('run without JIT, on every connection of the pool, where the cluster has it on', async () => {
    const plain = new URL(postgresUrl!);
    const db = open(plain.toString());
    // Several connections at once: each one starts with the setting, not just the first.
    const sessions = await Promise.all(
      Array.from({ length: 3 }, () =>
        db.transaction().execute(async (trx) => {
          // Held a moment, so that the three transactions hold three connections at once.
          const { rows } = await sql<{ pid: number; jit: string }>`SELECT pg_backend_pid() AS pid, current_setting('jit') AS jit, pg_sleep(0.1)`.execute(trx);
          return rows[0]!;
        }),
      ),
    );
    expect(new Set(sessions.map((session) => session.pid)).size).toBe(3);
    expect(sessions.map((session) => session.jit)).toEqual(['off', 'off', 'off']);
    expect(await setting(db, 'parallel_setup_cost')).toBe('10000');
    // The cluster's own default, for a session opened without the server's options.
    const raw = await import('pg');
    const client = new raw.default.Client({ connectionString: plain.toString() });
    await client.connect();
    const clusterDefault = (await client.query<{ jit: string }>('SHOW jit')).rows[0]!.jit;
    await client.end();
    expect(clusterDefault, 'PostgreSQL 15 has JIT on unless configured otherwise').toBe('on');
  });

  it("leaves the operator's options in the URL in force instead", async () => {
    const url = new URL(postgresUrl!);
    url.searchParams.set('options', '-c work_mem=8MB');
    const db = open(url.toString());
    expect(await setting(db, 'work_mem')).toBe('8MB');
  });
});
