import { useTranslation } from 'react-i18next';
import { DEPOSIT_BASES, PMS_INTEGRATIONS, type BookingFilter } from '../../../contract/bookings';
import { FilterActions, FilterBar, useFilterDraft } from '../../components/data-table/filter-bar';
import { ChoiceFilter, DateFilter, TextFilter } from '../../components/data-table/filter-fields';

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
  const { field, submit } = useFilterDraft(props.value, [
    { from: 'arrivalFrom', to: 'arrivalTo', kind: 'dates', fromLabel: t('bookings.filters.arrivalFrom') },
  ]);
  return (
    <FilterBar label={t('bookings.filters.label')} onSubmit={submit(props.onApply)}>
      <TextFilter label={t('bookings.filters.search')} kind="wide" field={field('search')} />
      <DateFilter label={t('bookings.filters.arrivalFrom')} field={field('arrivalFrom')} />
      <DateFilter label={t('bookings.filters.arrivalTo')} field={field('arrivalTo')} />
      <ChoiceFilter
        label={t('bookings.filters.depositBasis')}
        anyLabel={t('bookings.filters.any')}
        options={DEPOSIT_BASES}
        optionLabel={(basis) => t(`bookings.depositBasis.${basis}`)}
        field={field('depositBasis')}
      />
      <ChoiceFilter
        label={t('bookings.filters.pmsIntegration')}
        anyLabel={t('bookings.filters.any')}
        options={PMS_INTEGRATIONS}
        optionLabel={(integration) => t(`bookings.pmsIntegration.${integration}`)}
        field={field('pmsIntegration')}
      />
      <FilterActions onClear={() => props.onApply(EMPTY_BOOKING_FILTERS)} />
    </FilterBar>
  );
}
