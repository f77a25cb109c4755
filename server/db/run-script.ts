import { sql, type Kysely } from 'kysely';

/**
 * Runs a multi-statement SQL script one statement at a time: PGlite's extended-protocol query
 * accepts a single statement, and running them one by one gives the failing statement in the error.
 * Statements end with a semicolon at the end of a line; scripts must not put one inside a literal.
 */
export async function runScript(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter((statement) => statement.length > 0);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
