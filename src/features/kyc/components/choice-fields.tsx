import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ReviewerReason } from './reviewer-reason';
import { useFieldState } from './form-fields';

// Choice inputs kept under the form's control so their values have the contract's shape
// (string[] for survey answers, boolean for yes/no), whatever the number of options.

interface Option {
  value: string;
  label: string;
}

interface ChoiceGroupProps {
  name: string;
  legend: string;
  options: readonly Option[];
  kind: 'checkbox' | 'radio';
}

/** A fieldset of checkboxes or radios whose value is the list of chosen option values. */
export function ChoiceGroup({ name, legend, options, kind }: ChoiceGroupProps) {
  const id = useId();
  const { control } = useFormContext();
  const { message, editable, reason } = useFieldState(name);
  return (
    <fieldset className="mb-4" aria-describedby={message ? `${id}-error` : undefined} aria-invalid={message ? true : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const chosen: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
          return (
            <div className="flex flex-wrap gap-x-6 gap-y-1">
              {options.map((option) => (
                <label key={option.value} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type={kind}
                    name={`${name}-${id}`}
                    value={option.value}
                    checked={chosen.includes(option.value)}
                    disabled={!editable}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      if (kind === 'radio') field.onChange([option.value]);
                      else field.onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((value) => value !== option.value));
                    }}
                  />
                  {option.label}
                </label>
              ))}
            </div>
          );
        }}
      />
      <ReviewerReason reason={reason} />
      {message ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A yes/no question stored as a boolean. */
export function YesNoField({ name, legend }: { name: string; legend: string }) {
  const id = useId();
  const { t } = useTranslation();
  const { control } = useFormContext();
  const { message, editable, reason } = useFieldState(name);
  return (
    <fieldset className="mb-4" aria-invalid={message ? true : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{legend}</legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <div className="flex gap-6">
            {[true, false].map((value) => (
              <label key={String(value)} className="inline-flex items-center gap-2 text-sm">
                <input type="radio" name={`${name}-${id}`} checked={field.value === value} disabled={!editable} onChange={() => field.onChange(value)} />
                {value ? t('kyc.form.yes') : t('kyc.form.no')}
              </label>
            ))}
          </div>
        )}
      />
      <ReviewerReason reason={reason} />
      {message ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A single confirmation checkbox stored as a boolean (`true` required by the schema). */
export function ConfirmField({ name, label }: { name: string; label: string }) {
  const id = useId();
  const { control } = useFormContext();
  const { message, editable, reason } = useFieldState(name);
  return (
    <div className="mb-4">
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <label htmlFor={id} className="inline-flex items-center gap-2 text-sm">
            <input
              id={id}
              type="checkbox"
              checked={field.value === true}
              disabled={!editable}
              aria-invalid={message ? true : undefined}
              onChange={(event) => field.onChange(event.target.checked ? true : false)}
            />
            {label}
          </label>
        )}
      />
      <ReviewerReason reason={reason} />
      {message ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
