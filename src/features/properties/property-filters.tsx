import { useTranslation } from 'react-i18next';
import { PROPERTY_STATUSES, type PropertyFilter, type PropertyStatus } from '../../../contract/properties';
import { FilterActions, FilterBar, useFilterDraft } from '../../components/data-table/filter-bar';
import { ChoiceFilter, DateFilter, TextFilter } from '../../components/data-table/filter-fields';

export interface PropertyFilterValues extends Record<string, string> {
  search: string;
  status: PropertyStatus | '';
  createdFrom: string;
  createdTo: string;
}

export const EMPTY_PROPERTY_FILTERS: PropertyFilterValues = { search: '', status: '', createdFrom: '', createdTo: '' };

export function toPropertyFilter(values: PropertyFilterValues): PropertyFilter {
  const filter: PropertyFilter = {};
  if (values.search.trim()) filter.search = values.search.trim();
  if (values.status && (PROPERTY_STATUSES as readonly string[]).includes(values.status)) filter.statuses = [values.status];
  if (/^\d{4}-\d{2}-\d{2}$/.test(values.createdFrom)) filter.createdFrom = values.createdFrom;
  if (/^\d{4}-\d{2}-\d{2}$/.test(values.createdTo)) filter.createdTo = values.createdTo;
  return filter;
}

/** Search by property, group or city; status; created between. Applied on submit. */
export function PropertyFilters(props: { value: PropertyFilterValues; onApply: (value: PropertyFilterValues) => void }) {
  const { t } = useTranslation();
  const { field, submit } = useFilterDraft(props.value, [
    { from: 'createdFrom', to: 'createdTo', kind: 'dates', fromLabel: t('properties.filters.createdFrom') },
  ]);
  return (
    <FilterBar label={t('properties.filters.label')} onSubmit={submit(props.onApply)}>
      <TextFilter label={t('properties.filters.search')} kind="search" field={field('search')} />
      <ChoiceFilter
        label={t('properties.filters.status')}
        anyLabel={t('properties.filters.any')}
        options={PROPERTY_STATUSES}
        optionLabel={(status) => t(`properties.status.${status}`)}
        field={field('status')}
      />
      <DateFilter label={t('properties.filters.createdFrom')} field={field('createdFrom')} />
      <DateFilter label={t('properties.filters.createdTo')} field={field('createdTo')} />
      <FilterActions onClear={() => props.onApply(EMPTY_PROPERTY_FILTERS)} />
    </FilterBar>
  );
}
