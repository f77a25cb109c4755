import { useTranslation } from 'react-i18next';
import { FilterBar, PropertyFilterAndActions, useFilterDraft, type PropertyChoice } from '../../components/data-table/filter-bar';
import { ChoiceFilter, DateFilter, TextFilter } from '../../components/data-table/filter-fields';
import { ORDER_STATUSES, PAYMENT_TYPES } from '../../../contract/transactions';
import { EMPTY_TRANSACTION_FILTERS, type TransactionFilterValues } from './transaction-filter-values';

/** The filter bar: edits a draft, applies it on submit (so typing does not fire a search per key). */
export function TransactionFilters(props: {
  value: TransactionFilterValues;
  onApply: (value: TransactionFilterValues) => void;
  properties: ReadonlyArray<PropertyChoice>;
}) {
  const { t } = useTranslation();
  const { draft, setDraft, field, submit } = useFilterDraft(props.value, [
    { from: 'createdFrom', to: 'createdTo', kind: 'dates', fromLabel: t('transactions.filters.createdFrom') },
    { from: 'amountMin', to: 'amountMax', kind: 'amounts', fromLabel: t('transactions.filters.amountMin') },
  ]);
  return (
    <FilterBar label={t('transactions.filters.label')} onSubmit={submit(props.onApply)}>
      <DateFilter label={t('transactions.filters.createdFrom')} field={field('createdFrom')} />
      <DateFilter label={t('transactions.filters.createdTo')} field={field('createdTo')} />
      <ChoiceFilter
        label={t('transactions.filters.status')}
        anyLabel={t('transactions.filters.any')}
        options={ORDER_STATUSES}
        optionLabel={(status) => t(`transactions.status.${status}`)}
        field={field('status')}
      />
      <ChoiceFilter
        label={t('transactions.filters.paymentType')}
        anyLabel={t('transactions.filters.any')}
        options={PAYMENT_TYPES}
        optionLabel={(type) => t(`transactions.paymentType.${type}`)}
        field={field('paymentType')}
      />
      <TextFilter label={t('transactions.filters.amountMin')} kind="amount" field={field('amountMin')} />
      <TextFilter label={t('transactions.filters.amountMax')} kind="amount" field={field('amountMax')} />
      <TextFilter label={t('transactions.filters.currency')} kind="currency" field={field('currency')} />
      <TextFilter label={t('transactions.filters.referenceNo')} kind="text" field={field('referenceNo')} />
      <TextFilter label={t('transactions.filters.guest')} kind="text" field={field('guest')} />
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
