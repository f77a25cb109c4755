import { useTranslation } from 'react-i18next';
import {
  FilterBar,
  filterInputClass,
  filterLabelClass,
  PropertyFilterAndActions,
  useFilterDraft,
  type PropertyChoice,
} from '../../components/data-table/filter-bar';
import { PAYOUT_SCHEDULES, PAYOUT_STATUSES } from '../../../contract/payouts';
import { EMPTY_PAYOUT_FILTERS, type PayoutFilterValues } from './payout-filter-values';

/** The payouts filter bar: edits a draft and applies it on submit. */
export function PayoutFilters(props: { value: PayoutFilterValues; onApply: (value: PayoutFilterValues) => void; properties: ReadonlyArray<PropertyChoice> }) {
  const { t } = useTranslation();
  const { draft, setDraft, field } = useFilterDraft(props.value);
  return (
    <FilterBar label={t('payouts.filters.label')} onSubmit={() => props.onApply(draft)}>
      <label className={filterLabelClass}>
        {t('payouts.filters.createdFrom')}
        <input type="date" className={filterInputClass} {...field('createdFrom')} />
      </label>
      <label className={filterLabelClass}>
        {t('payouts.filters.createdTo')}
        <input type="date" className={filterInputClass} {...field('createdTo')} />
      </label>
      <label className={filterLabelClass}>
        {t('payouts.filters.status')}
        <select className={filterInputClass} {...field('status')}>
          <option value="">{t('payouts.filters.any')}</option>
          {PAYOUT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`payouts.status.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={filterLabelClass}>
        {t('payouts.filters.schedule')}
        <select className={filterInputClass} {...field('schedule')}>
          <option value="">{t('payouts.filters.any')}</option>
          {PAYOUT_SCHEDULES.map((schedule) => (
            <option key={schedule} value={schedule}>
              {t(`payouts.schedule.${schedule}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={filterLabelClass}>
        {t('payouts.filters.amountMin')}
        <input inputMode="decimal" className={`${filterInputClass} w-24`} {...field('amountMin')} />
      </label>
      <label className={filterLabelClass}>
        {t('payouts.filters.amountMax')}
        <input inputMode="decimal" className={`${filterInputClass} w-24`} {...field('amountMax')} />
      </label>
      <label className={filterLabelClass}>
        {t('payouts.filters.currency')}
        <input maxLength={3} className={`${filterInputClass} w-16 uppercase`} {...field('currency')} />
      </label>
      <label className={filterLabelClass}>
        {t('payouts.filters.reference')}
        <input className={`${filterInputClass} w-36`} {...field('reference')} />
      </label>
      <PropertyFilterAndActions
        draft={draft}
        setDraft={setDraft}
        value={props.value}
        empty={EMPTY_PAYOUT_FILTERS}
        properties={props.properties}
        onApply={props.onApply}
      />
    </FilterBar>
  );
}
