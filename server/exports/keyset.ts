import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SortKey } from '../lists/list-query';

// Keyset conditions over an export's sort keys (decision 0320): "rows after this one" in exactly the
// order ORDER BY gives them (ASC puts NULLs last, DESC first), so consecutive chunks concatenate
// into the single query's rows. Key values travel as
// their text (`expr::text`) and come back as untyped literals the column's own type reads, so a
// timestamp keeps its microseconds and a tie on the first key is settled by the next one.

/** A key's value in one row, as text; null for SQL NULL. */
export type KeyValue = string | null;

/** A sort key and whether the rows being exported hold NULLs in it (then the conditions say so). */
export interface ChunkKey extends SortKey {
  nullable: boolean;
}

const TRUE = sql<SqlBool>`TRUE`;
const FALSE = sql<SqlBool>`FALSE`;

function any(parts: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return parts.length === 0 ? FALSE : sql<SqlBool>`(${sql.join(parts, sql` OR `)})`;
}

function all(parts: RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return parts.length === 0 ? TRUE : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

const expr = (key: ChunkKey) => sql.raw(key.expr);

function equal(key: ChunkKey, value: KeyValue): RawBuilder<SqlBool> {
  return value === null ? sql<SqlBool>`${expr(key)} IS NULL` : sql<SqlBool>`${expr(key)} = ${value}`;
}

/** NULL sorts above every value (ASC NULLS LAST, DESC NULLS FIRST). */
function above(key: ChunkKey, value: KeyValue): RawBuilder<SqlBool> {
  if (value === null) return FALSE;
  return key.nullable ? sql<SqlBool>`(${expr(key)} > ${value} OR ${expr(key)} IS NULL)` : sql<SqlBool>`${expr(key)} > ${value}`;
}

function below(key: ChunkKey, value: KeyValue): RawBuilder<SqlBool> {
  return value === null ? sql<SqlBool>`${expr(key)} IS NOT NULL` : sql<SqlBool>`${expr(key)} < ${value}`;
}

const after = (key: ChunkKey, value: KeyValue) => (key.desc ? below(key, value) : above(key, value));

/** Lexicographic: the first key where the row differs decides. */
function lexicographic(keys: ChunkKey[], values: KeyValue[]): RawBuilder<SqlBool>[] {
  return keys.map((key, index) => all([...keys.slice(0, index).map((earlier, at) => equal(earlier, values[at]!)), after(key, values[index]!)]));
}

/**
 * The first key alone, at or after `value`: redundant with the full condition,
 * but an index range the planner can start from (an OR of conditions alone is a filter over the
 * whole index, and every chunk would read it from the top: quadratic).
 */
function firstKeyFrom(key: ChunkKey, value: KeyValue): RawBuilder<SqlBool> {
  if (value === null) return key.desc ? TRUE : sql<SqlBool>`${expr(key)} IS NULL`;
  if (!key.desc) return key.nullable ? sql<SqlBool>`(${expr(key)} >= ${value} OR ${expr(key)} IS NULL)` : sql<SqlBool>`${expr(key)} >= ${value}`;
  return sql<SqlBool>`${expr(key)} <= ${value}`;
}

/** Whether a row ties with the cursor on the first key: true or false, never NULL (a NULL key does not tie with a value). */
function sameFirst(key: ChunkKey, value: KeyValue): RawBuilder<SqlBool> {
  if (value === null || !key.nullable) return equal(key, value);
  return sql<SqlBool>`${expr(key)} IS NOT DISTINCT FROM ${value}`;
}

/**
 * Rows strictly after the row whose keys hold `values`: from the first key's value on, except the
 * rows that tie on it and are not after on the other keys. Said as "first key after, or tied and
 * the rest after", the planner counts the first key's range twice (its bound and its strict
 * comparison inside the OR), so it expected a tenth of the rows left: near the end of a million
 * orders it read every remaining row and sorted them, 215 ms a chunk instead of 10 (decision 0336).
 * The NOT of a tie is nearly every row, so the bound alone sets the estimate.
 */
export function rowsAfter(keys: ChunkKey[], values: KeyValue[]): RawBuilder<SqlBool> {
  const restAfter = any(lexicographic(keys.slice(1), values.slice(1)));
  return all([firstKeyFrom(keys[0]!, values[0]!), sql<SqlBool>`NOT (${sameFirst(keys[0]!, values[0]!)} AND NOT ${restAfter})`]);
}

/** The keys as columns k0, k1, ... of a chunk query. */
export function keyColumns(keys: SortKey[]): RawBuilder<unknown> {
  return sql.raw(keys.map((key, index) => `${key.expr} AS k${index}`).join(', '));
}

/** The same columns as text, read from the chunk query named `alias` (a cursor value keeps every digit of its type). */
export function keyText(keys: SortKey[], alias: string): RawBuilder<unknown> {
  return sql.raw(keys.map((_, index) => `${alias}.k${index}::text AS k${index}`).join(', '));
}
