import { useTranslation } from 'react-i18next';
import { REFUND_APPROVAL_STATUSES, REFUND_STATES } from '../../../contract/refunds';
import {
  FilterBar,
  filterInputClass,
  filterLabelClass,
  PropertyFilterAndActions,
  useFilterDraft,
  type PropertyChoice,
} from '../../components/data-table/filter-bar';
import { EMPTY_REFUND_FILTERS, type RefundFilterValues } from './refund-filter-values';

/** The refunds filter bar: edits a draft and applies it on submit. */
export function RefundFilters(props: { value: RefundFilterValues; onApply: (value: RefundFilterValues) => void; properties: ReadonlyArray<PropertyChoice> }) {
  const { t } = useTranslation();
  const { draft, setDraft, field } = useFilterDraft(props.value);
  return (
    <FilterBar label={t('refunds.filters.label')} onSubmit={() => props.onApply(draft)}>
      <label className={filterLabelClass}>
        {t('refunds.filters.createdFrom')}
        <input type="date" className={filterInputClass} {...field('createdFrom')} />
      </label>
      <label className={filterLabelClass}>
        {t('refunds.filters.createdTo')}
        <input type="date" className={filterInputClass} {...field('createdTo')} />
      </label>
      <label className={filterLabelClass}>
        {t('refunds.filters.approvalStatus')}
        <select className={filterInputClass} {...field('approvalStatus')}>
          <option value="">{t('refunds.filters.any')}</option>
          {REFUND_APPROVAL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`refunds.approvalStatus.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={filterLabelClass}>
        {t('refunds.filters.state')}
        <select className={filterInputClass} {...field('state')}>
          <option value="">{t('refunds.filters.any')}</option>
          {REFUND_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`refunds.state.${state}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={filterLabelClass}>
        {t('refunds.filters.currency')}
        <input maxLength={3} className={`${filterInputClass} w-16 uppercase`} {...field('currency')} />
      </label>
      <label className={filterLabelClass}>
        {t('refunds.filters.amountMin')}
        <input inputMode="decimal" className={`${filterInputClass} w-24`} {...field('amountMin')} />
      </label>
      <label className={filterLabelClass}>
        {t('refunds.filters.amountMax')}
        <input inputMode="decimal" className={`${filterInputClass} w-24`} {...field('amountMax')} />
      </label>
      <label className={filterLabelClass}>
        {t('refunds.filters.requester')}
        <input className={`${filterInputClass} w-44`} {...field('requester')} />
      </label>
      <PropertyFilterAndActions
        draft={draft}
        setDraft={setDraft}
        value={props.value}
        empty={{ ...EMPTY_REFUND_FILTERS, view: props.value.view }}
        properties={props.properties}
        onApply={props.onApply}
      />
    </FilterBar>
  );
}
