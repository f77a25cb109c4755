import { useTranslation } from 'react-i18next';
import { REFUND_STATES } from '../../../contract/refunds';
import { FilterBar, PropertyFilterAndActions, useFilterDraft, type PropertyChoice } from '../../components/data-table/filter-bar';
import { ChoiceFilter, DateFilter, TextFilter } from '../../components/data-table/filter-fields';
import { AWAITING_APPROVAL, EMPTY_REFUND_FILTERS, REFUND_APPROVAL_CHOICES, type RefundFilterValues } from './refund-filter-values';

/** The refunds filter bar: edits a draft and applies it on submit. */
export function RefundFilters(props: { value: RefundFilterValues; onApply: (value: RefundFilterValues) => void; properties: ReadonlyArray<PropertyChoice> }) {
  const { t } = useTranslation();
  const { draft, setDraft, field, submit } = useFilterDraft(props.value, [
    { from: 'createdFrom', to: 'createdTo', kind: 'dates', fromLabel: t('refunds.filters.createdFrom') },
    { from: 'amountMin', to: 'amountMax', kind: 'amounts', fromLabel: t('refunds.filters.amountMin') },
  ]);
  return (
    <FilterBar label={t('refunds.filters.label')} onSubmit={submit(props.onApply)}>
      <DateFilter label={t('refunds.filters.createdFrom')} field={field('createdFrom')} />
      <DateFilter label={t('refunds.filters.createdTo')} field={field('createdTo')} />
      <ChoiceFilter
        label={t('refunds.filters.approvalStatus')}
        anyLabel={t('refunds.filters.any')}
        options={REFUND_APPROVAL_CHOICES}
        optionLabel={(status) => (status === AWAITING_APPROVAL ? t('refunds.filters.awaitingApproval') : t(`refunds.approvalStatus.${status}`))}
        field={field('approvalStatus')}
      />
      <ChoiceFilter
        label={t('refunds.filters.state')}
        anyLabel={t('refunds.filters.any')}
        options={REFUND_STATES}
        optionLabel={(state) => t(`refunds.state.${state}`)}
        field={field('state')}
      />
      <TextFilter label={t('refunds.filters.currency')} kind="currency" field={field('currency')} />
      <TextFilter label={t('refunds.filters.amountMin')} kind="amount" field={field('amountMin')} />
      <TextFilter label={t('refunds.filters.amountMax')} kind="amount" field={field('amountMax')} />
      <TextFilter label={t('refunds.filters.requester')} kind="wide" field={field('requester')} />
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
