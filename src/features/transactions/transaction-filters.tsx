import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, PAYMENT_TYPES } from '../../../contract/orders';
import { EMPTY_TRANSACTION_FILTERS, type TransactionFilterValues } from './transaction-filter-values';

const input = 'rounded border border-slate-300 px-2 py-1 text-sm';

/** The filter bar: edits a draft, applies it on submit (so typing does not fire a search per key). */
export function TransactionFilters(props: { value: TransactionFilterValues; onApply: (value: TransactionFilterValues) => void; properties: ReadonlyArray<{ merchantId: string; name: string }> }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.value);
  const appliedKey = JSON.stringify(props.value);
  const [applied, setApplied] = useState(appliedKey);
  // Follow filters changed elsewhere (a row's "only this property", Clear) without an effect.
  if (applied !== appliedKey) {
    setApplied(appliedKey);
    setDraft(props.value);
  }
  const field = (name: keyof TransactionFilterValues & string) => ({
    name,
    value: String(draft[name] ?? ''),
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-3"
      aria-label={t('transactions.filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        props.onApply(draft);
      }}
    >
      <label className="flex flex-col text-xs text-slate-600">
        {t('transactions.filters.createdFrom')}
        <input type="date" className={input} {...field('createdFrom')} />
      </label>
      <label className="flex flex-col text-xs text-slate-600">
        {t('transactions.filters.createdTo')}
        <input type="date" className={input} {...field('createdTo')} />
      </label>
      <label className="flex flex-col text-xs text-slate-600">
        {t('transactions.filters.status')}
        <select className={input} {...field('status')}>
          <option value="">{t('transactions.filters.any')}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`transactions.status.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-xs text-slate-600">
        {t('transactions.filters.paymentType')}
        <select className={input} {...field('paymentType')}>
          <option value="">{t('transactions.filters.any')}</option>
          {PAYMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`transactions.paymentType.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col text-xs text-slate-600">
        {t('transactions.filters.amountMin')}
        <input inputMode="decimal" className={`${input} w-24`} {...field('amountMin')} />
      </label>
      <label className="flex flex-col text-xs text-slate-600">
        {t('transactions.filters.amountMax')}
        <input inputMode="decimal" className={`${input} w-24`} {...field('amountMax')} />
      </label>
      <label className="flex flex-col text-xs text-slate-600">
        {t('transactions.filters.currency')}
        <input maxLength={3} className={`${input} w-16 uppercase`} {...field('currency')} />
      </label>
      <label className="flex flex-col text-xs text-slate-600">
        {t('transactions.filters.referenceNo')}
        <input className={`${input} w-36`} {...field('referenceNo')} />
      </label>
      <label className="flex flex-col text-xs text-slate-600">
        {t('transactions.filters.guest')}
        <input className={`${input} w-36`} {...field('guest')} />
      </label>
      {props.properties.length > 1 && (
        <label className="flex flex-col text-xs text-slate-600">
          {t('transactions.filters.propertyLabel')}
          <select
            className={input}
            name="merchantId"
            value={draft.merchantId}
            onChange={(event) => setDraft({ ...draft, merchantId: event.target.value, merchantName: props.properties.find((p) => p.merchantId === event.target.value)?.name ?? '' })}
          >
            <option value="">{t('transactions.filters.allProperties')}</option>
            {props.properties.map((property) => (
              <option key={property.merchantId} value={property.merchantId}>
                {property.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="flex gap-2">
        <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
          {t('transactions.filters.apply')}
        </button>
        <button type="button" className="rounded border border-slate-300 px-3 py-1.5 text-sm" onClick={() => props.onApply(EMPTY_TRANSACTION_FILTERS)}>
          {t('transactions.filters.clear')}
        </button>
      </div>
      {draft.merchantId && (
        <p className="basis-full text-sm">
          {t('transactions.filters.property', { name: draft.merchantName })}{' '}
          <button type="button" className="text-blue-700 underline" onClick={() => props.onApply({ ...props.value, merchantId: '', merchantName: '' })}>
            {t('transactions.filters.allProperties')}
          </button>
        </p>
      )}
    </form>
  );
}
