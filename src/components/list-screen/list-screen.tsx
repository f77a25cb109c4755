import type { UseQueryResult } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnChooser, type ChoosableColumn } from '../data-table/column-chooser';
import { DataTable } from '../data-table/data-table';
import type { DataTableColumn } from '../data-table/data-table-features';
import { PageLayout } from '../page-layout/page-layout';
import type { ListFilters } from './list-state';
import type { ListScreenState } from './use-list-screen';
import { useHeldRows } from './use-held-rows';

/** What a list call answers: one page of rows and the count of all that match. */
export interface ListPage<TData> {
  items: TData[];
  total: number;
  /** False when the server capped the count (an estimate); exact when absent. */
  totalExact?: boolean;
}

export interface ListScreenProps<TData extends RowData, TFilters extends ListFilters> {
  title: string;
  list: ListScreenState<TFilters>;
  /** The screen's list query (its factory lives in the domain's api.ts). */
  result: UseQueryResult<ListPage<TData>, Error>;
  columns: DataTableColumn<TData>[];
  getRowId: (row: TData) => string;
  /** The columns a user may show or hide; no chooser when absent (spec 3: the persisted tables). */
  choosableColumns?: ChoosableColumn[];
  /** Buttons beside the column chooser (export, create). */
  actions?: ReactNode;
  /** The filter bar. */
  filters?: ReactNode;
  /** A row opens its detail (a dialog); a row's detail page is a link in its identifying cell instead. */
  onRowClick?: (row: TData) => void;
  emptyMessage?: string;
  /** Dialogs and other parts that belong to the screen. */
  children?: ReactNode;
  /** Columns pinned to the left edge (refunds), passed first in `columns`. */
  pinnedColumns?: readonly string[];
  /** The list's server counts pages from the end (a negative page index): "Last page" works on an estimate. */
  pagesFromEnd?: boolean;
  /** Rows that arrive by themselves wait behind a "new rows" button instead of moving the rows being read (issue 38). */
  holdNewRows?: boolean;
}

const NO_ROWS: never[] = [];

/**
 * The shape of every list screen (decision 0196): page layout with title and actions (column
 * chooser, export), the filters, the load error with a retry, the sortable server-side table with
 * its loading and empty states, and the pager. State comes from useListScreen; data from the
 * screen's own query.
 */
export function ListScreen<TData extends RowData, TFilters extends ListFilters>(props: ListScreenProps<TData, TFilters>) {
  const { t } = useTranslation();
  const { list, result } = props;
  const view = JSON.stringify([list.pageIndex, list.pageSize, list.sorting, list.filters]);
  const held = useHeldRows(result, props.getRowId, view, props.holdNewRows === true);
  const page = held.shown;
  const chooser = props.choosableColumns ? (
    <ColumnChooser columns={props.choosableColumns} visibility={list.columnVisibility} onChange={list.setColumnVisibility} />
  ) : null;
  return (
    <PageLayout
      title={props.title}
      actions={
        chooser || props.actions ? (
          <>
            {chooser}
            {props.actions}
          </>
        ) : undefined
      }
    >
      {props.filters}
      {result.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <span>{t('components.listScreen.loadFailed', { message: result.error.message })}</span>
          <button type="button" className="rounded border border-red-300 bg-white px-2 py-1" onClick={() => void result.refetch()}>
            {t('components.listScreen.retry')}
          </button>
        </div>
      ) : null}
      <div aria-live="polite">
        {held.newRows > 0 ? (
          <button
            type="button"
            data-testid="new-rows"
            className="self-start rounded-full border border-sky-300 bg-sky-50 px-3 py-1 text-sm text-sky-900 hover:bg-sky-100"
            onClick={held.showNew}
          >
            {t('live.newRows', { count: held.newRows })}
          </button>
        ) : null}
      </div>
      <DataTable
        label={props.title}
        columns={props.columns}
        rows={page?.items ?? (NO_ROWS as TData[])}
        getRowId={props.getRowId}
        total={page?.total ?? 0}
        totalExact={page?.totalExact ?? true}
        pageIndex={list.pageIndex}
        pageSize={list.pageSize}
        sorting={list.sorting}
        columnVisibility={list.columnVisibility}
        onPageIndexChange={list.setPageIndex}
        onPageSizeChange={list.setPageSize}
        onSortingChange={list.setSorting}
        loading={result.isFetching}
        onRowClick={props.onRowClick}
        emptyMessage={result.isError ? t('components.listScreen.notLoaded') : props.emptyMessage}
        pinnedColumns={props.pinnedColumns}
        pagesFromEnd={props.pagesFromEnd}
      />
      {props.children}
    </PageLayout>
  );
}
