import type { Kysely } from 'kysely';
import { runScript } from '../run-script';

// Issue 34 "Lists and exports": the transactions list sorted guest names byte by byte, so "Bram Vos"
// came before "Bram de Vries" and "Émile" after "Zoe". It now sorts by the ICU root collation, which
// both engines carry (PGlite and PostgreSQL order the same names the same way, decision 0462). The
// sort is an expression the old (guest_name, id) index cannot serve; this one ends in the id tiebreak
// so one index serves both directions and the pages counted from the end.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `CREATE INDEX IF NOT EXISTS orders_guest_name_reading_id ON orders ((guest_name COLLATE "und-x-icu"), id);
     DROP INDEX IF EXISTS orders_guest_name_id;`,
  );
}
