import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { METADATA_MAX_ENTRIES, metadataEndpoints, type MetadataEntry, type MetadataRecord } from '../../../contract/metadata';
import { Button } from '../../components/form/button';
import { Field, inputClass } from '../../components/form/field';
import { useForm } from '../../components/form/use-form';
import { call } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notifications/notify';
import { useActionMutation } from '../../lib/use-action-mutation';
import { orderKeys, orderMetadataQuery } from './api';
import { metadataSchema } from './order-action-schemas';

const { createMetadata } = metadataEndpoints;

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
  const save = useActionMutation({
    mutationFn: (body: { note: string; entries: MetadataEntry[] }) =>
      call(createMetadata, { body: { orderId, note: body.note || undefined, entries: body.entries }, merchantId }),
    onSuccess: () => {
      form.reset({ note: '', entries: [] });
      notify(t('transactions.said.noteSaved'));
      void queryClient.invalidateQueries({ queryKey: orderKeys.metadata(orderId) });
    },
  });
  const form = useForm({ schema: metadataSchema(t, METADATA_MAX_ENTRIES), defaultValues: { note: '', entries: [] }, serverError: save.error });
  const entries = useFieldArray({ control: form.control, name: 'entries' });
  return (
    <FormProvider {...form}>
      <form className="flex flex-col gap-2" aria-label={t('transactions.info.metadataAdd')} noValidate onSubmit={form.submit((values) => save.send(values))}>
        <Field name="note" label={t('transactions.info.metadataNote')}>
          {(control) => <textarea {...control} {...form.register('note')} rows={2} className={inputClass} />}
        </Field>
        {entries.fields.map((entry, index) => (
          <div key={entry.id} className="flex flex-wrap items-end gap-2">
            <div className="w-48">
              <Field name={`entries.${index}.key`} label={t('transactions.info.metadataKey', { n: index + 1 })}>
                {(control) => <input {...control} {...form.register(`entries.${index}.key`)} className={inputClass} />}
              </Field>
            </div>
            <div className="w-64">
              <Field name={`entries.${index}.value`} label={t('transactions.info.metadataValue', { n: index + 1 })}>
                {(control) => <input {...control} {...form.register(`entries.${index}.value`)} className={inputClass} />}
              </Field>
            </div>
            <Button variant="link" onClick={() => entries.remove(index)}>
              {t('transactions.info.metadataRemoveEntry', { n: index + 1 })}
            </Button>
          </div>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="link" disabled={entries.fields.length >= METADATA_MAX_ENTRIES} onClick={() => entries.append({ key: '', value: '' })}>
            {t('transactions.info.metadataAddEntry')}
          </Button>
          <Button type="submit" size="sm" pending={save.pending}>
            {t('transactions.info.metadataSave')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
