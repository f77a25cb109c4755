import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minorDigitsOf, minorToPlain, toMinorUnits } from '../../lib/format';
import { Field, inputClass } from './field';

export interface MoneyInputProps {
  label: string;
  description?: string;
  /** Integer minor units of `currency`, or null when empty. */
  value: number | null;
  currency: string;
  /** Integer minor units, or null while the field is empty or not an amount (an error shows then). */
  onChange: (minor: number | null) => void;
  /** An error from the form (e.g. "more than the order's amount"); the field's own parse error comes first. */
  error?: string;
  required?: boolean;
  name?: string;
  disabled?: boolean;
}

/**
 * An amount typed in the currency's major unit and handed back in integer minor units (no floats):
 * EUR takes 2 decimals, JPY none, KWD 3 (ISO 4217 exponent, via Intl). The currency shows beside it.
 */
export function MoneyInput(props: MoneyInputProps) {
  const { t } = useTranslation();
  const digits = minorDigitsOf(props.currency);
  const [text, setText] = useState(props.value === null ? '' : minorToPlain(props.value, digits));
  const parsed = text.trim() === '' ? null : toMinorUnits(text, props.currency);
  // A value set from outside (a reset, a loaded record) replaces what is typed; what the user types
  // is handed back at once, so it always matches the value it parsed to.
  if (props.value !== (parsed ?? null)) setText(props.value === null ? '' : minorToPlain(props.value, digits));
  const parseError =
    parsed === undefined ? t('components.money.invalid', { count: digits, currency: props.currency, example: amountExample(digits) }) : undefined;
  return (
    <Field label={props.label} description={props.description} error={parseError ?? props.error} required={props.required}>
      {(control) => (
        <div className="flex items-stretch">
          <input
            {...control}
            name={props.name}
            inputMode={digits === 0 ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={text}
            disabled={props.disabled}
            onChange={(event) => {
              const next = event.target.value;
              setText(next);
              props.onChange(next.trim() === '' ? null : (toMinorUnits(next, props.currency) ?? null));
            }}
            className={`${inputClass} rounded-r-none text-right tabular-nums`}
          />
          <span
            className="flex items-center rounded-r border border-l-0 border-slate-400 bg-slate-100 px-2 text-sm text-slate-800"
            data-testid="money-currency"
          >
            {props.currency}
          </span>
        </div>
      )}
    </Field>
  );
}

/** An amount written with the currency's own decimals, for the hint: 1,250 (JPY), 1,250.50 (EUR), 1,250.500 (KWD). */
function amountExample(digits: number): string {
  return digits === 0 ? '1,250' : `1,250.${'5'.padEnd(digits, '0')}`;
}
