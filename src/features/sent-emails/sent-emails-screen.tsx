import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SentEmailSummary } from '../../../contract/emails';
import { NoWrap } from '../../components/data-table/data-table';
import type { DataTableColumn } from '../../components/data-table/data-table-features';
import { InstantFilterBar, SearchAsYouType } from '../../components/data-table/instant-filters';
import { ListScreen } from '../../components/list-screen/list-screen';
import { useUrlListState, type ListDefaults } from '../../components/list-screen/list-state';
import { useListScreen } from '../../components/list-screen/use-list-screen';
import { formatDateTime } from '../../lib/format';
import { sentEmailsQuery } from './api';
import { SentEmailDialog } from './sent-email-dialog';

// Newest first, always; the recipient filter and the page live in the address, so a view can be shared.
const DEFAULTS: ListDefaults<{ to: string }> = { filters: { to: '' }, sorting: [], pageSize: 25, columns: {} };

function emailColumns(t: TFunction, open: (id: string) => void): DataTableColumn<SentEmailSummary>[] {
  return [
    {
      id: 'sentAt',
      meta: { keyOnPhone: true },
      accessorFn: (row: SentEmailSummary) => row.createdAt,
      header: () => t('sentEmails.columns.sentAt'),
      cell: ({ row }: { row: { original: SentEmailSummary } }) => <NoWrap>{formatDateTime(row.original.createdAt)}</NoWrap>,
      enableSorting: false,
    },
    { id: 'to', accessorFn: (row: SentEmailSummary) => row.to, header: () => t('sentEmails.columns.to'), enableSorting: false },
    {
      id: 'subject',
      meta: { keyOnPhone: true },
      accessorFn: (row: SentEmailSummary) => row.subject,
      header: () => t('sentEmails.columns.subject'),
      // The row's way to its text: a real button, for the keyboard and screen readers too.
      cell: ({ row }: { row: { original: SentEmailSummary } }) => (
        <button
          type="button"
          className="text-left text-brand underline"
          onClick={() => open(row.original.id)}
          aria-label={t('sentEmails.open', { subject: row.original.subject, to: row.original.to })}
        >
          {row.original.subject}
        </button>
      ),
      enableSorting: false,
    },
    {
      id: 'status',
      meta: { keyOnPhone: true },
      accessorFn: (row: SentEmailSummary) => row.status,
      header: () => t('sentEmails.columns.status'),
      cell: ({ row }: { row: { original: SentEmailSummary } }) => t(`sentEmails.status.${row.original.status}`),
      enableSorting: false,
    },
  ];
}

/** /sent-emails: what the product has e-mailed, for provider admins; reset links appear with their token masked. */
export function SentEmailsScreen() {
  const { t } = useTranslation();
  const list = useListScreen(useUrlListState(DEFAULTS), { sortable: [] });
  const [openId, setOpenId] = useState<string | null>(null);
  const result = useQuery(sentEmailsQuery({ pagination: { page: list.pageIndex, pageSize: list.pageSize }, recipient: list.filters.to || undefined }));
  const columns = useMemo(() => emailColumns(t, setOpenId), [t]);
  return (
    <ListScreen
      title={t('sentEmails.title')}
      list={list}
      result={result}
      columns={columns}
      getRowId={(row) => row.id}
      emptyMessage={t('sentEmails.empty')}
      filters={<RecipientFilter value={list.filters.to} onChange={(to) => list.setFilters({ to })} />}
    >
      {/* Why an older e-mail is not listed: the server forgets copies after this long (decisions 0724, 0725). Said
          from the last answer read; nothing before one, nor when nothing is forgotten (null). */}
      {typeof result.data?.keptForDays === 'number' ? (
        <p data-testid="kept-for" className="text-xs text-slate-600">
          {t('sentEmails.keptFor', { count: result.data.keptForDays })}
        </p>
      ) : null}
      <SentEmailDialog emailId={openId} onClose={() => setOpenId(null)} />
    </ListScreen>
  );
}

/** Applies as the admin pauses typing. */
function RecipientFilter({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const { t } = useTranslation();
  return (
    <InstantFilterBar>
      <SearchAsYouType label={t('sentEmails.recipientFilter')} value={value} onSearch={(typed) => onChange(typed.trim())} width="long" maxLength={320} />
    </InstantFilterBar>
  );
}
