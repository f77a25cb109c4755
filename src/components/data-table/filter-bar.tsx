import type { FormEvent, ReactNode } from 'react';
import type { DefaultValues, Path, PathValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../form/button';
import { useForm } from '../form/use-form';
import { invertedRanges, type FilterRange } from './filter-ranges';

// The parts every table's filter bar shares (transactions, payouts): a draft that is applied on
// submit (so typing does not fire a search per key), the property choice, and apply/clear.

export const filterInputClass = 'rounded border border-slate-300 px-2 py-1 text-sm';
export const filterLabelClass = 'flex flex-col text-xs text-slate-600';

export interface PropertyChoice {
  merchantId: string;
  name: string;
}

interface PropertyFilterValues {
  merchantId: string;
  merchantName: string;
}

/** The filter values are the list's own (mapped to the call's filter elsewhere): the draft takes any. */
const anyFilters = <V,>() => z.custom<V>();

/**
 * A draft of the filters in the kit's form (decision 0400) that follows filters changed elsewhere (a row's
 * "only this property", Clear): react-hook-form takes `values` as the form's values whenever they change.
 * A field's problem that only shows with another (the end of one of `ranges` before its start) comes with
 * the field's binding; the field sets it as the browser's constraint, which holds the submit back (the
 * bar is not `noValidate`).
 */
export function useFilterDraft<V extends Record<string, unknown>>(value: V, ranges: ReadonlyArray<FilterRange<V>> = []) {
  const { t } = useTranslation();
  const form = useForm<V, V>({ schema: anyFilters<V>(), defaultValues: value as DefaultValues<V>, values: value });
  const draft = form.watch() as V;
  const inverted = invertedRanges(draft, ranges);
  const setDraft = (next: V) => {
    for (const name of Object.keys(next)) form.setValue(name as Path<V>, next[name] as PathValue<V, Path<V>>, { shouldDirty: true });
  };
  const field = (name: keyof V & string) => {
    const range = inverted.get(name);
    return {
      name,
      value: String(draft[name] ?? ''),
      onChange: (event: { target: { value: string } }) => form.setValue(name as Path<V>, event.target.value as PathValue<V, Path<V>>, { shouldDirty: true }),
      problem: range ? t(range.kind === 'dates' ? 'lists.ranges.datesInverted' : 'lists.ranges.amountsInverted', { from: range.fromLabel }) : undefined,
    };
  };
  /** The bar's onSubmit: applies the draft as it stands. */
  const submit = (onApply: (value: V) => void) => form.submit((values) => onApply(values));
  return { draft, setDraft, field, submit };
}

export function FilterBar(props: { label: string; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <form className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-3" aria-label={props.label} onSubmit={props.onSubmit}>
      {props.children}
    </form>
  );
}

/** The property select (only when there is a choice), the apply and clear buttons, and the chosen property. */
export function PropertyFilterAndActions<V extends PropertyFilterValues>(props: {
  draft: V;
  setDraft: (value: V) => void;
  value: V;
  empty: V;
  properties: ReadonlyArray<PropertyChoice>;
  onApply: (value: V) => void;
}) {
  const { t } = useTranslation();
  const { draft, setDraft, properties } = props;
  return (
    <>
      {properties.length > 1 && (
        <label className={filterLabelClass}>
          {t('dataTable.filters.propertyLabel')}
          <select
            className={filterInputClass}
            name="merchantId"
            value={draft.merchantId}
            onChange={(event) =>
              setDraft({
                ...draft,
                merchantId: event.target.value,
                merchantName: properties.find((p) => p.merchantId === event.target.value)?.name ?? '',
              })
            }
          >
            <option value="">{t('dataTable.filters.allProperties')}</option>
            {properties.map((property) => (
              <option key={property.merchantId} value={property.merchantId}>
                {property.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <FilterActions onClear={() => props.onApply(props.empty)} />
      {draft.merchantId && (
        <p className="basis-full text-sm">
          {t('dataTable.filters.property', { name: draft.merchantName })}{' '}
          <button type="button" className="text-blue-700 underline" onClick={() => props.onApply({ ...props.value, merchantId: '', merchantName: '' })}>
            {t('dataTable.filters.allProperties')}
          </button>
        </p>
      )}
    </>
  );
}

/** Apply (the form's submit) and clear (applies the empty filters at once). */
export function FilterActions(props: { onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2">
      <Button type="submit" size="sm">
        {t('dataTable.filters.apply')}
      </Button>
      <Button variant="secondary" size="sm" onClick={props.onClear}>
        {t('dataTable.filters.clear')}
      </Button>
    </div>
  );
}
