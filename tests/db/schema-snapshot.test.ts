import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteOf, type Db } from '../../server/db/database';
import { migrateToLatest, migrations } from '../../server/db/migrate';
import { applySchemaSnapshot, describeSchema } from '../../server/db/schema-snapshot';
import { schemaSnapshot } from '../../server/db/schema-snapshot.generated.mjs';
import { testEngines } from '../support/postgres';

// A new database gets the committed schema snapshot in one step instead of a replay of every
// migration (decision 0620). The snapshot must leave exactly what the replay leaves: the catalogs
// of the two are compared (tables, columns, constraints, indexes, sequences, extensions, and the
// kinds the snapshot does not write), and the migrator must find every migration recorded.

const opened: Array<{ db: Db; cleanup: () => Promise<void> }> = [];
afterAll(async () => {
  for (const { db, cleanup } of opened) {
    await db.destroy();
    await cleanup();
  }
});

const appliedMigrations = async (db: Db) =>
  (await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration ORDER BY name`.execute(db)).rows;

it('lists every migration there is (after adding one, run npm run schema:snapshot)', () => {
  expect(schemaSnapshot.migrations).toEqual(Object.keys(migrations));
});

// The embedded engine runs in the server's own thread. In one batch, the schema held that thread for 3-4 s on a slow
// machine, and a first `npm start` could neither answer the sign-in page nor hear that the SPA's build had ended
// (decision 0726). The engine's calls are counted, and a loop beside the application notes how many statements had run
// at each of its turns: a turn between every two statements. Counted, not timed: how long a statement takes depends on
// the machine, and a first version that compared durations failed in CI (one statement took a second there).
it('on the embedded engine, lets the event loop turn between every two statements of the schema', async () => {
  const engine = testEngines.find((candidate) => candidate.name === 'pglite')!;
  const handle = await engine.open();
  opened.push(handle);
  const pglite = pgliteOf(handle.db)!;
  let statementsRun = 0;
  const calls: string[] = [];
  const countCall = async <T>(call: () => Promise<T>, query: string) => {
    calls.push(query);
    const result = await call();
    statementsRun += 1;
    return result;
  };
  const exec = pglite.exec.bind(pglite);
  pglite.exec = (query, options) => countCall(() => exec(query, options), query);
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = (callback) =>
    transaction((tx) => callback({ ...tx, rollback: tx.rollback, exec: (query, options) => countCall(() => tx.exec(query, options), query) }));
  const seenAtTurns = new Set<number>();
  let applying = true;
  const watching = (async () => {
    while (applying) {
      await nextTurn();
      seenAtTurns.add(statementsRun);
    }
  })();
  await applySchemaSnapshot(handle.db as never, schemaSnapshot);
  applying = false;
  await watching;
  // One statement per call of the engine, and the loop turned after each of them.
  expect(calls).toHaveLength(schemaSnapshot.statements.length);
  for (let run = 1; run <= schemaSnapshot.statements.length; run++) expect(seenAtTurns.has(run), `a turn after statement ${run}`).toBe(true);
  expect((await appliedMigrations(handle.db)).map((row) => row.name).sort()).toEqual([...schemaSnapshot.migrations].sort());
});

describe.each(testEngines)('a new database from the schema snapshot, on $name', ({ open }) => {
  const fresh = async () => {
    const handle = await open();
    opened.push(handle);
    return handle.db;
  };

  // A migration the snapshot does not hold yet (one landing before the snapshot is written again) is
  // applied after it by the migrator; the replay applies it too, so the two catalogs still compare.
  const later = { '9990-later-area': { up: async (db: Db) => void (await sql`CREATE TABLE later_area (id int PRIMARY KEY)`.execute(db)) } };
  const available = { ...migrations, ...later } as never;

  it('has the catalog a replay of every migration gives, then a later migration, and the migrator finds nothing left to apply', async () => {
    const [replayed, snapshot] = [await fresh(), await fresh()];
    expect(await migrateToLatest(replayed as never, available, { fromSnapshot: false })).toEqual([...Object.keys(migrations).sort(), '9990-later-area']);
    expect(await migrateToLatest(snapshot as never, available)).toEqual([...Object.keys(migrations), '9990-later-area']);

    const [fromReplay, fromSnapshot] = [await describeSchema(replayed as never), await describeSchema(snapshot as never)];
    expect(fromReplay.columns.length).toBeGreaterThan(100);
    expect(fromReplay.tables.map((table) => table.table)).toContain('later_area');
    expect(fromSnapshot).toEqual(fromReplay);

    // The snapshot's migrations recorded at one instant (one step, not a replay of each), the later one after.
    const recorded = await appliedMigrations(snapshot);
    expect(recorded.map((row) => row.name)).toEqual([...Object.keys(migrations).sort(), '9990-later-area']);
    expect(new Set(recorded.filter((row) => row.name in migrations).map((row) => row.timestamp)).size).toBe(1);
    const lock = await sql<{ id: string; is_locked: number }>`SELECT id, is_locked FROM kysely_migration_lock`.execute(snapshot);
    expect(lock.rows).toEqual([{ id: 'migration_lock', is_locked: 0 }]);
    expect(await migrateToLatest(snapshot as never, available)).toEqual([]);
  });
});
