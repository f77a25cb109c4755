import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { labelsOf, type ExportColumn, type ExportSource } from './export-source';
import { keysetAfter, orderByClause, type SortKey } from './list-query';
import { chunkSelections } from './text-chunks';

/**
 * An export source over one list (orders, payouts): the same FROM, WHERE and sort keys as its
 * table, read in keyset chunks, so an export holds exactly the rows the table shows.
 */
export function keysetExportSource<Query, Id extends string>(list: {
  catalogue: readonly { id: string; label: string }[];
  columns: Record<Id, ExportColumn>;
  /** The FROM clause, with the aliases the column SQL uses. */
  from: string;
  where: (query: Query, merchants: 'all' | string[]) => RawBuilder<SqlBool>;
  sortKeys: (query: Query) => SortKey[];
}): ExportSource {
  const column = (id: string) => list.columns[id as Id];
  return {
    headers: (columns) => labelsOf(list.catalogue, columns),
    kinds: (columns) => columns.map((id) => column(id).kind),
    chunkQuery(request, columns, cursor, limit) {
      const query = request.query as Query;
      const keys = list.sortKeys(query);
      const after = cursor ? sql`AND ${keysetAfter(keys, cursor)}` : sql``;
      const selections = chunkSelections(
        columns.map((id) => column(id).sql),
        keys.map((key) => key.expr),
      );
      return {
        keyCount: keys.length,
        query: sql`SELECT ${selections} FROM ${sql.raw(list.from)}
          WHERE ${list.where(query, request.merchants)} ${after}
          ORDER BY ${orderByClause(keys)} LIMIT ${sql.lit(limit)}`,
      };
    },
  };
}
