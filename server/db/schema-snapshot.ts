import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { pgliteOf, poolOf, type Db } from './database';

// A new database's schema in one step (decision 0620). Replaying every migration on a new database
// runs each in a transaction of its own, one statement at a time, with the migrator's lock and
// bookkeeping around each. The schema those migrations leave is written once from the catalog
// (`npm run schema:snapshot`, into server/db/schema-snapshot.generated.mjs with the names of the
// migrations it holds) and applied to an empty database as one batch of statements, the migrator's
// own tables filled as if it had run them. Run from the sources, the cluster's child process applies
// it right after creating the cluster (server/db/pglite-cluster.mjs); the server's bundle finds no
// snapshot module beside it, and a first `npm start` applies it in the server, a statement at a time
// (decision 0726). tests/db/schema-snapshot.test.ts holds the snapshot equal to a replay, catalog
// against catalog, on both engines.

/** The schema the listed migrations leave, as statements for an empty database; the last records the migrations as applied. */
export interface SchemaSnapshot {
  migrations: readonly string[];
  statements: readonly string[];
}

// Kysely's migrator keeps its record in these tables (their default names).
const MIGRATION_TABLE = 'kysely_migration';
const MIGRATION_LOCK_TABLE = 'kysely_migration_lock';
const MIGRATION_LOCK_ID = 'migration_lock';

type Row = Record<string, unknown>;
const rows = async <R extends Row>(db: Kysely<unknown>, query: ReturnType<typeof sql<R>>): Promise<R[]> => (await query.execute(db)).rows;

/** Whether the current schema holds no relation at all: a database nothing has been applied to. */
export async function isEmptyDatabase(db: Kysely<unknown>): Promise<boolean> {
  const [found] = await rows<{ relations: number }>(
    db,
    sql`SELECT count(*)::int AS relations FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema()`,
  );
  return found?.relations === 0;
}

/**
 * What a schema is made of, read from the catalog of the current schema, in an order that does not
 * depend on the order things were created in: tables (persistence, columns in their order with type,
 * collation, nullability, default, identity, generation), constraints, indexes, sequences,
 * extensions, and the kinds the snapshot does not write (views, functions, triggers, types), so a
 * migration that adds one of them shows as a difference. Extensions' own objects are left out.
 */
export async function describeSchema(db: Kysely<unknown>) {
  const notOfAnExtension = (classId: string, objectId: string) =>
    sql.raw(`NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = '${classId}'::regclass AND d.objid = ${objectId} AND d.deptype = 'e')`);
  const [tables, columns, constraints, indexes, sequences, extensions, views, functions, triggers, types] = await Promise.all([
    rows<{ table: string; persistence: string; kind: string }>(
      db,
      sql`SELECT c.relname AS table, c.relpersistence AS persistence, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'f') AND ${notOfAnExtension('pg_class', 'c.oid')} ORDER BY c.relname`,
    ),
    rows<{
      table: string;
      column: string;
      type: string;
      collation: string | null;
      notNull: boolean;
      default: string | null;
      identity: string;
      generated: string;
    }>(
      db,
      sql`SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
                 CASE WHEN a.attcollation <> t.typcollation THEN co.collname END AS collation, a.attnotnull AS "notNull",
                 pg_get_expr(d.adbin, d.adrelid) AS default, a.attidentity AS identity, a.attgenerated AS generated
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
          JOIN pg_type t ON t.oid = a.atttypid
          LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
          LEFT JOIN pg_collation co ON co.oid = a.attcollation
          WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'f') AND ${notOfAnExtension('pg_class', 'c.oid')} ORDER BY c.relname, a.attnum`,
    ),
    rows<{ table: string; constraint: string; kind: string; definition: string }>(
      db,
      sql`SELECT c.relname AS table, k.conname AS constraint, k.contype AS kind, pg_get_constraintdef(k.oid) AS definition
          FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = current_schema() AND k.contype <> 'n' ORDER BY c.relname, k.conname`,
    ),
    rows<{ index: string; table: string; definition: string }>(
      db,
      sql`SELECT i.relname AS index, t.relname AS table, pg_get_indexdef(i.oid) AS definition
          FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
          WHERE n.nspname = current_schema()
            AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = x.indrelid AND k.contype IN ('p', 'u', 'x'))
          ORDER BY i.relname`,
    ),
    rows<{ sequence: string; type: string; start: string; increment: string; owner: string | null }>(
      db,
      sql`SELECT s.relname AS sequence, format_type(q.seqtypid, NULL) AS type, q.seqstart::text AS start, q.seqincrement::text AS increment,
                 (SELECT c.relname || '.' || a.attname || ':' || d.deptype::text FROM pg_depend d JOIN pg_class c ON c.oid = d.refobjid
                   JOIN pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
                   WHERE d.classid = 'pg_class'::regclass AND d.objid = s.oid AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')) AS owner
          FROM pg_class s JOIN pg_sequence q ON q.seqrelid = s.oid JOIN pg_namespace n ON n.oid = s.relnamespace
          WHERE n.nspname = current_schema() ORDER BY s.relname`,
    ),
    rows<{ extension: string }>(db, sql`SELECT extname AS extension FROM pg_extension WHERE extname <> 'plpgsql' ORDER BY extname`),
    rows<{ view: string; definition: string }>(
      db,
      sql`SELECT c.relname AS view, pg_get_viewdef(c.oid) AS definition FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = current_schema() AND c.relkind IN ('v', 'm') AND ${notOfAnExtension('pg_class', 'c.oid')} ORDER BY c.relname`,
    ),
    rows<{ function: string; definition: string }>(
      db,
      sql`SELECT p.proname AS function, pg_get_function_identity_arguments(p.oid) AS definition FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = current_schema() AND ${notOfAnExtension('pg_proc', 'p.oid')} ORDER BY 1, 2`,
    ),
    rows<{ trigger: string; definition: string }>(
      db,
      sql`SELECT g.tgname AS trigger, pg_get_triggerdef(g.oid) AS definition FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND NOT g.tgisinternal ORDER BY 1, 2`,
    ),
    rows<{ type: string; kind: string }>(
      db,
      sql`SELECT t.typname AS type, t.typtype AS kind FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
          WHERE n.nspname = current_schema() AND t.typtype IN ('e', 'd', 'r', 'm') AND ${notOfAnExtension('pg_type', 't.oid')}
          UNION ALL
          SELECT t.typname, t.typtype FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_class c ON c.oid = t.typrelid
          WHERE n.nspname = current_schema() AND t.typtype = 'c' AND c.relkind = 'c' ORDER BY 1`,
    ),
  ]);
  return { tables, columns, constraints, indexes, sequences, extensions, views, functions, triggers, types };
}

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The statements that make an empty database's current schema what `db`'s is: extensions, tables with
 * their columns, then their primary keys, unique and check constraints, then indexes, then foreign keys
 * (once every table they refer to exists). Refuses a schema holding kinds it does not write yet
 * (views, functions, triggers, types, sequences of their own), or rows in tables other than the
 * migrator's: a migration that brings one must teach this function first.
 */
export async function schemaStatements(db: Kysely<unknown>): Promise<string[]> {
  const schema = await describeSchema(db);
  const unwritten = [
    ...schema.views.map((view) => `view ${view.view}`),
    ...schema.functions.map((fn) => `function ${fn.function}`),
    ...schema.triggers.map((trigger) => `trigger ${trigger.trigger}`),
    ...schema.types.map((type) => `type ${type.type}`),
    ...schema.sequences.filter((sequence) => !sequence.owner?.endsWith(':i')).map((sequence) => `sequence ${sequence.sequence}`),
    ...schema.tables.filter((table) => table.kind !== 'r').map((table) => `table ${table.table} of kind ${table.kind}`),
  ];
  if (unwritten.length) throw new Error(`the schema snapshot does not write these yet: ${unwritten.join(', ')}`);
  for (const { table } of schema.tables) {
    if (table === MIGRATION_TABLE || table === MIGRATION_LOCK_TABLE) continue;
    const [found] = await rows<{ any: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM ${sql.table(table)}) AS any`);
    if (found?.any) throw new Error(`the schema snapshot holds no rows, but the migrations leave rows in ${table}`);
  }

  // Names are quoted where PostgreSQL would need it (as quote_ident does): other than lower-case
  // letters, digits and underscores, or a keyword that is not unreserved (Kysely's `timestamp` column).
  const keywords = new Set((await rows<{ word: string }>(db, sql`SELECT word FROM pg_get_keywords() WHERE catcode <> 'U'`)).map((keyword) => keyword.word));
  const ident = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) && !keywords.has(name) ? name : `"${name.replaceAll('"', '""')}"`);
  // pg_get_indexdef names the table with its schema; the snapshot applies to whichever schema is current.
  const [{ schema: current } = { schema: 'public' }] = await rows<{ schema: string }>(db, sql`SELECT current_schema() AS schema`);
  const unqualified = (definition: string) =>
    definition.replace(/^(CREATE (?:UNIQUE )?INDEX \S+ ON (?:ONLY )?)(\S+?)\./, (whole, head: string, schemaName: string) =>
      schemaName === ident(current) ? head : whole,
    );

  const statements = schema.extensions.map(({ extension }) => `CREATE EXTENSION IF NOT EXISTS ${ident(extension)}`);
  for (const { table, persistence } of schema.tables) {
    const columns = schema.columns
      .filter((column) => column.table === table)
      .map((column) =>
        [
          ident(column.column),
          column.type,
          column.collation ? `COLLATE ${ident(column.collation)}` : '',
          column.notNull ? 'NOT NULL' : '',
          column.identity === 'a' ? 'GENERATED ALWAYS AS IDENTITY' : column.identity === 'd' ? 'GENERATED BY DEFAULT AS IDENTITY' : '',
          column.generated === 's' ? `GENERATED ALWAYS AS (${column.default}) STORED` : column.default !== null ? `DEFAULT ${column.default}` : '',
        ]
          .filter(Boolean)
          .join(' '),
      );
    statements.push(`CREATE ${persistence === 'u' ? 'UNLOGGED ' : ''}TABLE ${ident(table)} (${columns.join(', ')})`);
  }
  const addConstraint = (constraint: { table: string; constraint: string; definition: string }) =>
    `ALTER TABLE ${ident(constraint.table)} ADD CONSTRAINT ${ident(constraint.constraint)} ${constraint.definition}`;
  statements.push(...schema.constraints.filter((constraint) => constraint.kind !== 'f').map(addConstraint));
  statements.push(...schema.indexes.map((index) => unqualified(index.definition)));
  statements.push(...schema.constraints.filter((constraint) => constraint.kind === 'f').map(addConstraint));
  statements.push(`INSERT INTO ${ident(MIGRATION_LOCK_TABLE)} (id, is_locked) VALUES (${literal(MIGRATION_LOCK_ID)}, 0)`);
  return statements;
}

/** The statement that records `names` as applied, at the time it runs, in the form Kysely's migrator writes (an ISO 8601 UTC time). */
export function recordMigrations(names: readonly string[]): string {
  const now = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return `INSERT INTO ${MIGRATION_TABLE} (name, "timestamp") SELECT name, ${now} FROM unnest(ARRAY[${names.map(literal).join(', ')}]::text[]) AS name`;
}

/**
 * Applies `snapshot` to an empty database, all or nothing. On PostgreSQL, one batch: one implicit transaction, one
 * round trip. On the embedded engine, statement by statement in one transaction, with a turn of the event loop after
 * each: the engine runs in the server's own thread, and the batch held it for the whole schema (3-4 s on a slow
 * machine). A first `npm start` then neither answered the sign-in page nor heard that the SPA's build had ended
 * until the schema was in. A Kysely instance made elsewhere than `openDatabase` (whose engine is not known here)
 * gets the statements one at a time in a transaction.
 */
export async function applySchemaSnapshot(db: Kysely<unknown>, snapshot: SchemaSnapshot): Promise<void> {
  const pglite = pgliteOf(db as Db);
  // The engine's one connection is held meanwhile, as for any query through Kysely.
  if (pglite)
    await db.connection().execute(() =>
      pglite.transaction(async (transaction) => {
        for (const statement of snapshot.statements) {
          await transaction.exec(statement);
          await nextTurn();
        }
      }),
    );
  else if (poolOf(db as Db))
    // node-postgres sends a query without parameters by the simple protocol, which takes several statements.
    await db.connection().execute((connection) => sql.raw(snapshot.statements.join(';\n')).execute(connection));
  else
    await db.transaction().execute(async (transaction) => {
      for (const statement of snapshot.statements) await sql.raw(statement).execute(transaction);
    });
}
