import { useId, type ReactNode } from 'react';
import { get, useFormContext, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ReviewerReason } from './reviewer-reason';
import { useFieldLock } from './field-lock';

// Inputs bound to the surrounding react-hook-form by name. Schema messages may be i18n keys or
// plain text; t() returns plain text unchanged, so both read well.

const inputClass =
  'mt-1 block w-full rounded border border-slate-300 px-3 py-2 text-sm focus:border-brand focus:outline-none focus:ring-1 focus:ring-brand disabled:bg-slate-100 disabled:text-slate-500';

export function useFieldState(name: string) {
  const { t } = useTranslation();
  const { formState } = useFormContext();
  const lock = useFieldLock();
  const error = get(formState.errors, name) as FieldError | undefined;
  return {
    message: error?.message ? t(error.message) : undefined,
    editable: lock.isEditable(name),
    reason: lock.reasonFor(name),
  };
}

interface FieldShellProps {
  id: string;
  label: string;
  message?: string;
  reason?: string;
  hint?: ReactNode;
  children: ReactNode;
  required?: boolean;
}

export function FieldShell({ id, label, message, reason, hint, children, required }: FieldShellProps) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <ReviewerReason reason={reason} id={`${id}-reason`} />
      {message ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'number' | 'tel';
  required?: boolean;
  hint?: ReactNode;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'text' | 'email';
}

export function TextField({ name, label, type = 'text', required, hint, autoComplete, inputMode }: TextFieldProps) {
  const id = useId();
  const { register } = useFormContext();
  const { message, editable, reason } = useFieldState(name);
  return (
    <FieldShell id={id} label={label} message={message} reason={reason} hint={hint} required={required}>
      <input
        id={id}
        type={type}
        className={inputClass}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        readOnly={!editable}
        aria-readonly={!editable || undefined}
        {...register(name, type === 'number' ? { setValueAs: toNumberOrUndefined } : undefined)}
      />
    </FieldShell>
  );
}

export function toNumberOrUndefined(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const n = Number(value);
  return Number.isNaN(n) ? undefined : n;
}

interface SelectFieldProps {
  name: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  required?: boolean;
  placeholder?: string;
}

export function SelectField({ name, label, options, required, placeholder }: SelectFieldProps) {
  const id = useId();
  const { t } = useTranslation();
  const { register, getValues } = useFormContext();
  const { message, editable, reason } = useFieldState(name);
  if (!editable) {
    // A disabled select would drop its value from the form (react-hook-form skips disabled inputs);
    // an unregistered field keeps its default value, so a read-only text shows it instead.
    const current = String(getValues(name) ?? '');
    const shown = options.find((option) => option.value === current)?.label ?? current;
    return (
      <FieldShell id={id} label={label} reason={reason} required={required}>
        <input id={id} className={inputClass} value={shown} readOnly aria-readonly />
      </FieldShell>
    );
  }
  return (
    <FieldShell id={id} label={label} message={message} reason={reason} required={required}>
      <select
        id={id}
        className={inputClass}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        {...register(name)}
      >
        <option value="">{placeholder ?? t('kyc.form.choose')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mb-6 rounded border border-slate-200 p-4">
      <legend className="px-1 text-base font-semibold text-slate-800">{legend}</legend>
      {children}
    </fieldset>
  );
}
