import { useTranslation } from 'react-i18next';
import { DEPOSIT_BASES, PMS_INTEGRATIONS, type BookingFilter } from '../../../contract/bookings';
import { FilterBar, filterInputClass, filterLabelClass, useFilterDraft } from '../../components/data-table/filter-bar';

/** The bookings filters as they sit in the address (decision 0196: a shared link shows the same rows). */
export interface BookingFilterValues extends Record<string, string> {
  search: string;
  arrivalFrom: string;
  arrivalTo: string;
  depositBasis: string;
  pmsIntegration: string;
}
export const EMPTY_BOOKING_FILTERS: BookingFilterValues = { search: '', arrivalFrom: '', arrivalTo: '', depositBasis: '', pmsIntegration: '' };

export function toBookingFilter(values: BookingFilterValues): BookingFilter {
  return {
    search: values.search.trim() || undefined,
    arrivalFrom: values.arrivalFrom || undefined,
    arrivalTo: values.arrivalTo || undefined,
    depositBases: (DEPOSIT_BASES as readonly string[]).includes(values.depositBasis)
      ? [values.depositBasis as BookingFilter['depositBases'] & string]
      : undefined,
    pmsIntegrations: (PMS_INTEGRATIONS as readonly string[]).includes(values.pmsIntegration)
      ? [values.pmsIntegration as (typeof PMS_INTEGRATIONS)[number]]
      : undefined,
  } as BookingFilter;
}

export function BookingFilters(props: { value: BookingFilterValues; onApply: (value: BookingFilterValues) => void }) {
  const { t } = useTranslation();
  const { draft, field } = useFilterDraft(props.value);
  return (
    <FilterBar label={t('bookings.filters.label')} onSubmit={() => props.onApply(draft)}>
      <label className={filterLabelClass}>
        {t('bookings.filters.search')}
        <input className={`${filterInputClass} w-48`} {...field('search')} />
      </label>
      <label className={filterLabelClass}>
        {t('bookings.filters.arrivalFrom')}
        <input type="date" className={filterInputClass} {...field('arrivalFrom')} />
      </label>
      <label className={filterLabelClass}>
        {t('bookings.filters.arrivalTo')}
        <input type="date" className={filterInputClass} {...field('arrivalTo')} />
      </label>
      <label className={filterLabelClass}>
        {t('bookings.filters.depositBasis')}
        <select className={filterInputClass} {...field('depositBasis')}>
          <option value="">{t('bookings.filters.any')}</option>
          {DEPOSIT_BASES.map((basis) => (
            <option key={basis} value={basis}>
              {t(`bookings.depositBasis.${basis}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={filterLabelClass}>
        {t('bookings.filters.pmsIntegration')}
        <select className={filterInputClass} {...field('pmsIntegration')}>
          <option value="">{t('bookings.filters.any')}</option>
          {PMS_INTEGRATIONS.map((integration) => (
            <option key={integration} value={integration}>
              {t(`bookings.pmsIntegration.${integration}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-2">
        <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
          {t('bookings.filters.apply')}
        </button>
        <button type="button" className="rounded border border-slate-300 px-3 py-1.5 text-sm" onClick={() => props.onApply(EMPTY_BOOKING_FILTERS)}>
          {t('bookings.filters.clear')}
        </button>
      </div>
    </FilterBar>
  );
}
