import { useTranslation } from 'react-i18next';
import { PROPERTY_STATUSES, type PropertyFilter, type PropertyStatus } from '../../../contract/properties';
import { FilterBar, filterInputClass, filterLabelClass, useFilterDraft } from '../../components/data-table/filter-bar';

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
  const { draft, field } = useFilterDraft(props.value);
  return (
    <FilterBar label={t('properties.filters.label')} onSubmit={() => props.onApply(draft)}>
      <label className={filterLabelClass}>
        {t('properties.filters.search')}
        <input type="search" className={`${filterInputClass} w-56`} {...field('search')} />
      </label>
      <label className={filterLabelClass}>
        {t('properties.filters.status')}
        <select className={filterInputClass} {...field('status')}>
          <option value="">{t('properties.filters.any')}</option>
          {PROPERTY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`properties.status.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={filterLabelClass}>
        {t('properties.filters.createdFrom')}
        <input type="date" className={filterInputClass} {...field('createdFrom')} />
      </label>
      <label className={filterLabelClass}>
        {t('properties.filters.createdTo')}
        <input type="date" className={filterInputClass} {...field('createdTo')} />
      </label>
      <div className="flex gap-2">
        <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
          {t('dataTable.filters.apply')}
        </button>
        <button type="button" className="rounded border border-slate-300 px-3 py-1.5 text-sm" onClick={() => props.onApply(EMPTY_PROPERTY_FILTERS)}>
          {t('dataTable.filters.clear')}
        </button>
      </div>
    </FilterBar>
  );
}
