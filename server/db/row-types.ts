import type { Selectable } from 'kysely';
import type { Database } from './schema';

// The row of a raw `sql<Row>` statement, typed from server/db/schema.ts rather than re-typed by hand
// (decision 0610). A statement the query builder can write needs none of this: its row type is inferred.

type Row<T extends keyof Database> = Selectable<Database[T]>;

/** Columns of a table as a statement reads them, under their own names: `ColumnsOf<'orders', 'id' | 'status'>`. */
export type ColumnsOf<T extends keyof Database, K extends keyof Row<T>> = Pick<Row<T>, K>;

/** The same columns read through an outer join (or a lateral subquery that may find nothing): each may be NULL. */
export type OuterColumnsOf<T extends keyof Database, K extends keyof Row<T>> = { [C in K]: Row<T>[C] | null };

/** One column's type, for a column read under another name (`m.name AS merchant_name`). */
export type ColumnOf<T extends keyof Database, K extends keyof Row<T>> = Row<T>[K];

/** What `count(*)`, `sum(int8)` and other int8 results are on both engines: text (server/db/pglite-dialect.ts). */
export type Int8Text = string;
