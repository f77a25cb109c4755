import { useTranslation } from 'react-i18next';
import { parseMinorUnits } from '../../lib/format';
import { filterInputClass, filterLabelClass } from './filter-bar';

// The fields a filter bar is made of, each bound to the draft through useFilterDraft's `field(name)`:
// a date, a choice among fixed values (with "any"), and free text in a width that fits what it holds.

export interface FilterFieldBinding {
  name: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  /** What is wrong with the value beside another field's (the end of a range before its start). */
  problem?: string;
}

/** A problem the field cannot see alone (the end of a range before its start), said under it; it holds the search back. */
function FieldProblem(props: { id: string; problem: string | undefined }) {
  return props.problem ? (
    <span id={props.id} role="alert" className="max-w-40 text-xs text-red-700">
      {props.problem}
    </span>
  ) : null;
}

export function DateFilter(props: { label: string; field: FilterFieldBinding }) {
  const { problem, ...binding } = props.field;
  const messageId = `${binding.name}-problem`;
  return (
    <label className={filterLabelClass}>
      {props.label}
      <input
        type="date"
        className={filterInputClass}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? messageId : undefined}
        ref={(input) => input?.setCustomValidity(problem ?? '')}
        {...binding}
      />
      <FieldProblem id={messageId} problem={problem} />
    </label>
  );
}

export function ChoiceFilter<T extends string>(props: {
  label: string;
  anyLabel: string;
  options: readonly T[];
  optionLabel: (option: T) => string;
  field: FilterFieldBinding;
}) {
  return (
    <label className={filterLabelClass}>
      {props.label}
      <select className={filterInputClass} name={props.field.name} value={props.field.value} onChange={props.field.onChange}>
        <option value="">{props.anyLabel}</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {props.optionLabel(option)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * What a text field holds decides its width: an ISO currency code, an amount, a reference or name, an
 * e-mail, and a search over several columns (a search box).
 */
const TEXT_KINDS = {
  currency: { className: `${filterInputClass} w-16 uppercase`, maxLength: 3, inputMode: undefined, type: undefined },
  amount: { className: `${filterInputClass} w-24`, maxLength: undefined, inputMode: 'decimal', type: undefined },
  text: { className: `${filterInputClass} w-36`, maxLength: undefined, inputMode: undefined, type: undefined },
  wide: { className: `${filterInputClass} w-44`, maxLength: undefined, inputMode: undefined, type: undefined },
  search: { className: `${filterInputClass} w-56`, maxLength: undefined, inputMode: undefined, type: 'search' },
} as const;

/** The most decimals any currency has (KWD, BHD, ...): an amount field refuses what no currency could hold. */
const MOST_MINOR_DIGITS = 3;

export function TextFilter(props: { label: string; kind: keyof typeof TEXT_KINDS; field: FilterFieldBinding }) {
  const { t } = useTranslation();
  const { className, maxLength, inputMode, type } = TEXT_KINDS[props.kind];
  const { problem: besideAnother, ...binding } = props.field;
  // A filter that cannot read an amount says so and holds the search back, rather than search without it.
  const typed = binding.value.trim();
  const problem =
    props.kind === 'amount' && typed !== '' && parseMinorUnits(typed, MOST_MINOR_DIGITS) === undefined
      ? t('dataTable.filters.notAnAmount')
      : props.kind === 'currency' && typed !== '' && !/^[A-Za-z]{3}$/.test(typed)
        ? t('dataTable.filters.notACurrency')
        : besideAnother;
  const messageId = `${binding.name}-problem`;
  return (
    <label className={filterLabelClass}>
      {props.label}
      <input
        type={type}
        className={className}
        maxLength={maxLength}
        inputMode={inputMode}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? messageId : undefined}
        ref={(input) => input?.setCustomValidity(problem ?? '')}
        {...binding}
      />
      <FieldProblem id={messageId} problem={problem} />
    </label>
  );
}
