import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { METADATA_MAX_ENTRIES, metadataEndpoints, type MetadataEntry, type MetadataRecord } from '../../../contract/metadata';
import { Field, inputClass } from '../../components/form/field';
import { MutationButton } from '../../components/mutation-button';
import { call } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notifications/notify';
import { useActionMutation } from '../../lib/use-action-mutation';
import { orderKeys, orderMetadataQuery } from './api';

const { createMetadata } = metadataEndpoints;
const buttonClass = 'rounded bg-slate-900 px-3 py-1.5 text-sm text-white disabled:opacity-50';
const linkButtonClass = 'text-sm text-slate-800 underline disabled:opacity-50';

/** Notes and key/value data staff attached to the order (spec 7 "Metadata", decision 0211); staff who may act add more. */
export function OrderMetadata({ orderId, merchantId, mayAdd }: { orderId: number; merchantId: string | undefined; mayAdd: boolean }) {
  const { t } = useTranslation();
  const result = useQuery(orderMetadataQuery(orderId, merchantId));
  const records = result.data?.items;
  return (
    <div className="flex flex-col gap-3">
      {!records ? (
        <p className="text-sm text-slate-700">{t('transactions.info.loading')}</p>
      ) : records.length === 0 ? (
        <p className="text-sm text-slate-700">{t('transactions.info.metadataEmpty')}</p>
      ) : (
        <ol className="flex flex-col gap-2" data-testid="metadata-list">
          {records.map((record) => (
            <MetadataItem key={record.id} record={record} />
          ))}
        </ol>
      )}
      {mayAdd ? <AddMetadataForm orderId={orderId} merchantId={merchantId} /> : null}
    </div>
  );
}

function MetadataItem({ record }: { record: MetadataRecord }) {
  const { t } = useTranslation();
  return (
    <li className="rounded border border-slate-200 px-3 py-2 text-sm" data-testid="metadata-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-slate-700">
        <span>{record.byName ? t('transactions.info.by', { name: record.byName, email: record.byEmail }) : t('transactions.info.bySystem')}</span>
        <time dateTime={record.at}>{formatDateTime(record.at)}</time>
      </div>
      {record.note ? <p className="whitespace-pre-wrap text-slate-900">{record.note}</p> : null}
      {record.entries.length ? (
        <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-3">
          {record.entries.map((entry) => (
            <div key={entry.key} className="contents">
              <dt className="font-medium text-slate-800">{entry.key}</dt>
              <dd className="text-slate-900">{entry.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </li>
  );
}

function AddMetadataForm({ orderId, merchantId }: { orderId: number; merchantId: string | undefined }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [entries, setEntries] = useState<MetadataEntry[]>([]);
  const save = useActionMutation({
    mutationFn: (body: { note: string; entries: MetadataEntry[] }) =>
      call(createMetadata, { body: { orderId, note: body.note || undefined, entries: body.entries }, merchantId }),
    onSuccess: () => {
      setNote('');
      setEntries([]);
      notify(t('transactions.said.noteSaved'));
      void queryClient.invalidateQueries({ queryKey: orderKeys.metadata(orderId) });
    },
  });
  const filled = entries.filter((entry) => entry.key.trim());
  const canSave = note.trim().length > 0 || filled.length > 0;
  const setEntry = (index: number, change: Partial<MetadataEntry>) => setEntries(entries.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
  return (
    <form
      className="flex flex-col gap-2"
      aria-label={t('transactions.info.metadataAdd')}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) save.act({ note: note.trim(), entries: filled.map((entry) => ({ key: entry.key.trim(), value: entry.value.trim() })) });
      }}
    >
      <Field label={t('transactions.info.metadataNote')}>
        {(control) => (
          <textarea {...control} name="metadataNote" rows={2} value={note} onChange={(event) => setNote(event.target.value)} className={inputClass} />
        )}
      </Field>
      {entries.map((entry, index) => (
        <div key={index} className="flex flex-wrap items-end gap-2">
          <div className="w-48">
            <Field label={t('transactions.info.metadataKey', { n: index + 1 })}>
              {(control) => <input {...control} value={entry.key} onChange={(event) => setEntry(index, { key: event.target.value })} className={inputClass} />}
            </Field>
          </div>
          <div className="w-64">
            <Field label={t('transactions.info.metadataValue', { n: index + 1 })}>
              {(control) => (
                <input {...control} value={entry.value} onChange={(event) => setEntry(index, { value: event.target.value })} className={inputClass} />
              )}
            </Field>
          </div>
          <button type="button" className={linkButtonClass} onClick={() => setEntries(entries.filter((_, at) => at !== index))}>
            {t('transactions.info.metadataRemoveEntry', { n: index + 1 })}
          </button>
        </div>
      ))}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={linkButtonClass}
          disabled={entries.length >= METADATA_MAX_ENTRIES}
          onClick={() => setEntries([...entries, { key: '', value: '' }])}
        >
          {t('transactions.info.metadataAddEntry')}
        </button>
        <MutationButton type="submit" className={buttonClass} pending={save.pending} disabled={!canSave}>
          {t('transactions.info.metadataSave')}
        </MutationButton>
      </div>
    </form>
  );
}
