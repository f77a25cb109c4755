import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

/** A draft of the filters that follows filters changed elsewhere (a row's "only this property", Clear) without an effect. */
export function useFilterDraft<V extends object>(value: V) {
  const [draft, setDraft] = useState(value);
  const appliedKey = JSON.stringify(value);
  const [applied, setApplied] = useState(appliedKey);
  if (applied !== appliedKey) {
    setApplied(appliedKey);
    setDraft(value);
  }
  const field = (name: keyof V & string) => ({
    name,
    value: String(draft[name] ?? ''),
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });
  return { draft, setDraft, field };
}

export function FilterBar(props: { label: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-3"
      aria-label={props.label}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
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
      <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">
        {t('dataTable.filters.apply')}
      </button>
      <button type="button" className="rounded border border-slate-300 px-3 py-1.5 text-sm" onClick={props.onClear}>
        {t('dataTable.filters.clear')}
      </button>
    </div>
  );
}
