import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { labelsOf, xlsxKindOf, type ExportColumn, type ExportSource } from './export-source';
import { orderByClause, type SortKey } from '../lists/list-query';

/**
 * An export source over one list (orders, payouts): the same FROM, WHERE and sort keys as its
 * table, so an export holds exactly the rows the table shows, in the same order.
 */
export function listExportSource<Query, Id extends string>(list: {
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
    kinds: (columns) => columns.map((id) => xlsxKindOf(column(id))),
    query(request, columns, cell) {
      const query = request.query as Query;
      const selections = sql.raw(columns.map((id, index) => `${cell(column(id))} AS c${index}`).join(', '));
      return sql`SELECT ${selections} FROM ${sql.raw(list.from)}
        WHERE ${list.where(query, request.merchants)}
        ORDER BY ${orderByClause(list.sortKeys(query))}`;
    },
  };
}
