import { useTranslation } from 'react-i18next';
import {
  FilterBar,
  filterInputClass,
  filterLabelClass,
  PropertyFilterAndActions,
  useFilterDraft,
  type PropertyChoice,
} from '../../components/data-table/filter-bar';
import { ORDER_STATUSES, PAYMENT_TYPES } from '../../../contract/orders';
import { EMPTY_TRANSACTION_FILTERS, type TransactionFilterValues } from './transaction-filter-values';

/** The filter bar: edits a draft, applies it on submit (so typing does not fire a search per key). */
export function TransactionFilters(props: {
  value: TransactionFilterValues;
  onApply: (value: TransactionFilterValues) => void;
  properties: ReadonlyArray<PropertyChoice>;
}) {
  const { t } = useTranslation();
  const { draft, setDraft, field } = useFilterDraft(props.value);
  return (
    <FilterBar label={t('transactions.filters.label')} onSubmit={() => props.onApply(draft)}>
      <label className={filterLabelClass}>
        {t('transactions.filters.createdFrom')}
        <input type="date" className={filterInputClass} {...field('createdFrom')} />
      </label>
      <label className={filterLabelClass}>
        {t('transactions.filters.createdTo')}
        <input type="date" className={filterInputClass} {...field('createdTo')} />
      </label>
      <label className={filterLabelClass}>
        {t('transactions.filters.status')}
        <select className={filterInputClass} {...field('status')}>
          <option value="">{t('transactions.filters.any')}</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`transactions.status.${status}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={filterLabelClass}>
        {t('transactions.filters.paymentType')}
        <select className={filterInputClass} {...field('paymentType')}>
          <option value="">{t('transactions.filters.any')}</option>
          {PAYMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`transactions.paymentType.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={filterLabelClass}>
        {t('transactions.filters.amountMin')}
        <input inputMode="decimal" className={`${filterInputClass} w-24`} {...field('amountMin')} />
      </label>
      <label className={filterLabelClass}>
        {t('transactions.filters.amountMax')}
        <input inputMode="decimal" className={`${filterInputClass} w-24`} {...field('amountMax')} />
      </label>
      <label className={filterLabelClass}>
        {t('transactions.filters.currency')}
        <input maxLength={3} className={`${filterInputClass} w-16 uppercase`} {...field('currency')} />
      </label>
      <label className={filterLabelClass}>
        {t('transactions.filters.referenceNo')}
        <input className={`${filterInputClass} w-36`} {...field('referenceNo')} />
      </label>
      <label className={filterLabelClass}>
        {t('transactions.filters.guest')}
        <input className={`${filterInputClass} w-36`} {...field('guest')} />
      </label>
      <PropertyFilterAndActions
        draft={draft}
        setDraft={setDraft}
        value={props.value}
        empty={EMPTY_TRANSACTION_FILTERS}
        properties={props.properties}
        onApply={props.onApply}
      />
    </FilterBar>
  );
}
