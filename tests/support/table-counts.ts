import { sql } from 'kysely';
import type { Db } from '../../server/db/database';

/** The number of rows of every table of the schema, by table name: what "nothing was stored" means. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  if (!tables.rows.length) throw new Error('no tables found: the counts would prove nothing');
  const counts = sql.join(
    tables.rows.map(({ table_name }) => sql`SELECT ${table_name} AS name, count(*)::int AS rows FROM ${sql.table(table_name)}`),
    sql` UNION ALL `,
  );
  const result = await sql<{ name: string; rows: number }>`${counts}`.execute(db);
  return Object.fromEntries(result.rows.map((row) => [row.name, Number(row.rows)]));
}
