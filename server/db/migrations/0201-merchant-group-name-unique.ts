import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// One merchant group per name, whatever its letter case and surrounding spaces (decision 0293):
// the check before an insert cannot stop two requests at the same moment; this index does, and the
// loser's caller gets a 409. Groups that already share a name keep it with " (2)", " (3)", ... added
// to the later ones, so the index can be built on an existing database.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    UPDATE merchant_groups g SET name = g.name || ' (' || d.rn || ')'
      FROM (SELECT id, row_number() OVER (PARTITION BY lower(btrim(name)) ORDER BY created_at, id) AS rn FROM merchant_groups) d
      WHERE d.id = g.id AND d.rn > 1;
    CREATE UNIQUE INDEX IF NOT EXISTS merchant_groups_name_unique ON merchant_groups (lower(btrim(name)));
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `DROP INDEX IF EXISTS merchant_groups_name_unique;`);
}
