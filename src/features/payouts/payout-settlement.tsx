import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  SETTLEMENT_LINE_KINDS,
  settlementEndpoints,
  type SettlementBreakdown,
  type SettlementLineRow,
  type SettlementLineSearchBody,
} from '../../../contract/settlement';
import type { ExportFileType } from '../../../contract/exports';
import { DataTable, NoWrap } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table-features';
import { filterInputClass, filterLabelClass } from '../../components/data-table/filter-bar';
import { call } from '../../lib/api-client';
import { startExport } from '../../lib/export-tracker';
import { formatDateTime, formatMoney } from '../../lib/format';

const { searchPayoutLines } = settlementEndpoints;
const SORTABLE = ['bookedAt', 'amount', 'kind'];

/** What a payout is made of (issue 37): its totals per currency, its lines as a server-side table, and its settlement report. */
export function PayoutSettlement(props: { payoutId: string; merchantId: string }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState('');
  const [orderReference, setOrderReference] = useState('');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pageIndex, setPageIndex] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const body: SettlementLineSearchBody = {
    filters: { ...(kind ? { kinds: [kind as SettlementLineRow['kind']] } : {}), ...(orderReference.trim() ? { orderReference: orderReference.trim() } : {}) },
    sorting: sorting.filter((sort) => SORTABLE.includes(sort.id)).map((sort) => ({ id: sort.id as 'bookedAt', desc: sort.desc })),
    // The table offers the page sizes the contract accepts.
    pagination: { page: pageIndex, pageSize: pageSize as 10 },
  };
  const lines = useQuery({
    queryKey: ['payouts', 'lines', props.payoutId, body],
    queryFn: ({ signal }) => call(searchPayoutLines, { params: { id: props.payoutId }, body, signal }),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => lineColumns(t, props.merchantId), [t, props.merchantId]);
  const report = (fileType: ExportFileType) => startExport({ exportType: 'SETTLEMENT', body: { fileType, request: { payoutId: props.payoutId } } });
  return (
    <section aria-label={t('settlement.title')} className="mt-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">{t('settlement.title')}</h3>
        <div className="flex gap-2">
          <button type="button" className="rounded border border-slate-300 px-2 py-1 text-sm" onClick={() => report('csv')}>
            {t('settlement.reportCsv')}
          </button>
          <button type="button" className="rounded border border-slate-300 px-2 py-1 text-sm" onClick={() => report('xlsx')}>
            {t('settlement.reportXlsx')}
          </button>
        </div>
      </div>
      {lines.isError && (
        <p role="alert" className="text-sm text-red-700">
          {lines.error.message}
        </p>
      )}
      {lines.data && <Breakdowns breakdowns={lines.data.breakdown} />}
      <div className="flex flex-wrap gap-3">
        <label className={filterLabelClass}>
          {t('settlement.filters.kind')}
          <select
            className={filterInputClass}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value);
              setPageIndex(0);
            }}
          >
            <option value="">{t('settlement.filters.any')}</option>
            {SETTLEMENT_LINE_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`settlement.kinds.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={filterLabelClass}>
          {t('settlement.filters.orderReference')}
          <input
            className={`${filterInputClass} w-36`}
            value={orderReference}
            maxLength={100}
            onChange={(event) => {
              setOrderReference(event.target.value);
              setPageIndex(0);
            }}
          />
        </label>
      </div>
      <DataTable
        label={t('settlement.linesTable')}
        columns={columns}
        rows={lines.data?.items ?? []}
        getRowId={(row) => row.id}
        total={lines.data?.total ?? 0}
        totalExact={lines.data?.totalExact ?? true}
        pageIndex={pageIndex}
        pageSize={pageSize}
        sorting={sorting}
        columnVisibility={{}}
        onPageIndexChange={setPageIndex}
        onPageSizeChange={(size) => (setPageSize(size), setPageIndex(0))}
        onSortingChange={(next) => (setSorting(next), setPageIndex(0))}
        loading={lines.isFetching}
        emptyMessage={t('settlement.noLines')}
      />
    </section>
  );
}

/** One block per currency: never a total across currencies. */
function Breakdowns({ breakdowns }: { breakdowns: SettlementBreakdown[] }) {
  const { t } = useTranslation();
  if (breakdowns.length === 0) return <p className="text-sm">{t('settlement.noLines')}</p>;
  return (
    <div className="flex flex-wrap gap-3">
      {breakdowns.map((breakdown) => (
        <dl
          key={breakdown.currency}
          data-testid={`settlement-breakdown-${breakdown.currency}`}
          className="grid grid-cols-[auto_auto] gap-x-4 gap-y-0.5 rounded border border-slate-200 p-3 text-sm"
        >
          {(
            [
              ['gross', breakdown.grossMinor],
              ['refunds', breakdown.refundsMinor],
              ['fees', breakdown.feesMinor],
              ['adjustments', breakdown.adjustmentsMinor + breakdown.carriedMinor],
              ['net', breakdown.netMinor],
            ] as const
          ).map(([key, minor]) => (
            <div key={key} className="contents" data-testid={`settlement-${key}`}>
              <dt className={key === 'net' ? 'font-semibold' : 'text-slate-600'}>{t(`settlement.breakdown.${key}`)}</dt>
              <dd className={`text-right tabular-nums ${key === 'net' ? 'font-semibold' : ''}`}>{formatMoney(minor, breakdown.currency)}</dd>
            </div>
          ))}
        </dl>
      ))}
    </div>
  );
}

function lineColumns(t: ReturnType<typeof useTranslation>['t'], merchantId: string): DataTableColumn<SettlementLineRow>[] {
  return [
    {
      id: 'kind',
      meta: { keyOnPhone: true },
      accessorFn: (row: SettlementLineRow) => row.kind,
      header: () => t('settlement.columns.kind'),
      cell: ({ row }: { row: { original: SettlementLineRow } }) => t(`settlement.kinds.${row.original.kind}`),
      enableSorting: true,
    },
    {
      id: 'orderReference',
      meta: { keyOnPhone: true },
      accessorFn: (row: SettlementLineRow) => row.orderReference,
      header: () => t('settlement.columns.orderReference'),
      // Each line opens the transaction it settles.
      cell: ({ row }: { row: { original: SettlementLineRow } }) =>
        row.original.orderId === null ? (
          (row.original.carriedPayoutReference ?? '')
        ) : (
          <Link
            href={`/transactions/transaction-info?transactionId=${row.original.orderId}&merchantId=${encodeURIComponent(merchantId)}`}
            className="text-brand underline"
          >
            {row.original.orderReference}
          </Link>
        ),
      enableSorting: false,
    },
    {
      id: 'bookedAt',
      accessorFn: (row: SettlementLineRow) => row.bookedAt,
      header: () => t('settlement.columns.bookedAt'),
      cell: ({ row }: { row: { original: SettlementLineRow } }) => <NoWrap>{formatDateTime(row.original.bookedAt)}</NoWrap>,
      enableSorting: true,
    },
    {
      id: 'amount',
      meta: { keyOnPhone: true },
      accessorFn: (row: SettlementLineRow) => row.amountMinor,
      header: () => t('settlement.columns.amount'),
      cell: ({ row }: { row: { original: SettlementLineRow } }) => <NoWrap>{formatMoney(row.original.amountMinor, row.original.currency)}</NoWrap>,
      enableSorting: true,
    },
    {
      id: 'note',
      accessorFn: (row: SettlementLineRow) => row.note,
      header: () => t('settlement.columns.note'),
      cell: ({ row }: { row: { original: SettlementLineRow } }) => row.original.note ?? '',
      enableSorting: false,
    },
  ];
}
