import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYOUT_SCHEDULES, PAYOUT_STATUSES } from '../../../contract/payouts';
import { EMPTY_PAYOUT_FILTERS, type PayoutFilterValues } from './payout-filter-values';

const input = 'rounded border border-slate-300 px-2 py-1 text-sm';
const labelClass = 'flex flex-col text-xs text-slate-600';

/** The payouts filter bar: edits a draft and applies it on submit. */
export function PayoutFilters(props: { value: PayoutFilterValues; onApply: (value: PayoutFilterValues) => void; properties: ReadonlyArray<{ merchantId: string; name: string }> }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.value);
  const appliedKey = JSON.stringify(props.value);
  const [applied, setApplied] = useState(appliedKey);
  if (applied !== appliedKey) {
    setApplied(appliedKey);
    setDraft(props.value);
  }
  const field = (name: keyof PayoutFilterValues & string) => ({
    name,
    value: String(draft[name] ?? ''),
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-3"
      aria-label={t('payouts.filters.label')}
      onSubmit={(event) => {
        event.preventDefault();
        props.onApply(draft);
      }}
    >
      <label className={labelClass}>
        {t('payouts.filters.createdFrom')}
        <input type="date" className={input} {...field('createdFrom')} />
      </label>
      <label className={labelClass}>
        {t('payouts.filters.createdTo')}
        <input type="date" className={input} {...field('createdTo')} />
      </label>
      <label className={labelClass}>
        {t('payouts.filters.status')}
        <select className={input} {...field('status')}>
          <option value="">{t('payouts.filters.any')}</option>
          {PAYOUT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`payouts.status.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        {t('payouts.filters.schedule')}
        <select className={input} {...field('schedule')}>
          <option value="">{t('payouts.filters.any')}</option>
          {PAYOUT_SCHEDULES.map((schedule) => (
            <option key={schedule} value={schedule}>
              {t(`payouts.schedule.${schedule}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        {t('payouts.filters.amountMin')}
        <input inputMode="decimal" className={`${input} w-24`} {...field('amountMin')} />
      </label>
      <label className={labelClass}>
        {t('payouts.filters.amountMax')}
        <input inputMode="decimal" className={`${input} w-24`} {...field('amountMax')} />
      </label>
      <label className={labelClass}>
        {t('payouts.filters.currency')}
        <input maxLength={3} className={`${input} w-16 uppercase`} {...field('currency')} />
      </label>
      <label className={labelClass}>
        {t('payouts.filters.reference')}
        <input className={`${input} w-36`} {...field('reference')} />
      </label>
      {props.properties.length > 1 && (
        <label className="flex flex-col text-xs text-slate-600">
          {t('payouts.filters.propertyLabel')}
          <select
            className={input}
            name="merchantId"
            value={draft.merchantId}
            onChange={(event) => setDraft({ ...draft, merchantId: event.target.value, merchantName: props.properties.find((p) => p.merchantId === event.target.value)?.name ?? '' })}
          >
            <option value="">{t('payouts.filters.allProperties')}</option>
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
          {t('payouts.filters.apply')}
        </button>
        <button type="button" className="rounded border border-slate-300 px-3 py-1.5 text-sm" onClick={() => props.onApply(EMPTY_PAYOUT_FILTERS)}>
          {t('payouts.filters.clear')}
        </button>
      </div>
      {draft.merchantId && (
        <p className="basis-full text-sm">
          {t('payouts.filters.property', { name: draft.merchantName })}{' '}
          <button type="button" className="text-blue-700 underline" onClick={() => props.onApply({ ...props.value, merchantId: '', merchantName: '' })}>
            {t('payouts.filters.allProperties')}
          </button>
        </p>
      )}
    </form>
  );
}
