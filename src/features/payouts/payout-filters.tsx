import { useTranslation } from 'react-i18next';
import { FilterBar, PropertyFilterAndActions, useFilterDraft, type PropertyChoice } from '../../components/data-table/filter-bar';
import { ChoiceFilter, DateFilter, TextFilter } from '../../components/data-table/filter-fields';
import { PAYOUT_STATUSES } from '../../../contract/payouts';
import { PAYOUT_SCHEDULES } from '../../../contract/settings/payout';
import { EMPTY_PAYOUT_FILTERS, type PayoutFilterValues } from './payout-filter-values';

/** The payouts filter bar: edits a draft and applies it on submit. */
export function PayoutFilters(props: { value: PayoutFilterValues; onApply: (value: PayoutFilterValues) => void; properties: ReadonlyArray<PropertyChoice> }) {
  const { t } = useTranslation();
  const { draft, setDraft, field, submit } = useFilterDraft(props.value, [
    { from: 'createdFrom', to: 'createdTo', kind: 'dates', fromLabel: t('payouts.filters.createdFrom') },
    { from: 'amountMin', to: 'amountMax', kind: 'amounts', fromLabel: t('payouts.filters.amountMin') },
  ]);
  return (
    <FilterBar label={t('payouts.filters.label')} onSubmit={submit(props.onApply)}>
      <DateFilter label={t('payouts.filters.createdFrom')} field={field('createdFrom')} />
      <DateFilter label={t('payouts.filters.createdTo')} field={field('createdTo')} />
      <ChoiceFilter
        label={t('payouts.filters.status')}
        anyLabel={t('payouts.filters.any')}
        options={PAYOUT_STATUSES}
        optionLabel={(status) => t(`payouts.status.${status}`)}
        field={field('status')}
      />
      <ChoiceFilter
        label={t('payouts.filters.schedule')}
        anyLabel={t('payouts.filters.any')}
        options={PAYOUT_SCHEDULES}
        optionLabel={(schedule) => t(`payouts.schedule.${schedule}`)}
        field={field('schedule')}
      />
      <TextFilter label={t('payouts.filters.amountMin')} kind="amount" field={field('amountMin')} />
      <TextFilter label={t('payouts.filters.amountMax')} kind="amount" field={field('amountMax')} />
      <TextFilter label={t('payouts.filters.currency')} kind="currency" field={field('currency')} />
      <TextFilter label={t('payouts.filters.reference')} kind="text" field={field('reference')} />
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
