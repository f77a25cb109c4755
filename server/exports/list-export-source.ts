import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { labelsOf, xlsxKindOf, type ExportColumn, type ExportQueryParts, type ExportSource } from './export-source';
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
  /** The main table of `from` when its joins neither add nor drop rows (see ExportQueryParts.keyFrom). */
  keyFrom?: { table: string; alias: string };
  where: (query: Query, merchants: 'all' | string[]) => RawBuilder<SqlBool>;
  /** The table's ORDER BY keys, ending in its unique tiebreak: also the export's chunk cursor. */
  sortKeys: (query: Query) => SortKey[];
}): ExportSource {
  const column = (id: string) => list.columns[id as Id];
  const parts = (request: { query: unknown; merchants: 'all' | string[] }, columns: string[], cell: (column: ExportColumn) => string): ExportQueryParts => {
    const query = request.query as Query;
    return {
      cells: sql.raw(columns.map((id, index) => `${cell(column(id))} AS c${index}`).join(', ')),
      from: sql.raw(list.from),
      where: list.where(query, request.merchants),
      keys: list.sortKeys(query),
      keyFrom: list.keyFrom,
    };
  };
  return {
    headers: (columns) => labelsOf(list.catalogue, columns),
    kinds: (columns) => columns.map((id) => xlsxKindOf(column(id))),
    parts,
    query(request, columns, cell) {
      const { cells, from, where, keys } = parts(request, columns, cell);
      return sql`SELECT ${cells} FROM ${from}
        WHERE ${where}
        ORDER BY ${orderByClause(keys)}`;
    },
  };
}
