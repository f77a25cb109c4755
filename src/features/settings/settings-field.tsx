import { useTranslation } from 'react-i18next';
import type { SettingsKind } from '../../../contract/settings/kinds';
import { Field, inputClass } from '../../components/form/field';
import { MoneyInput } from '../../components/form/money-input';
import type { Draft, DraftValue, FieldSpec } from './field-spec';

export interface SettingsFieldProps {
  kind: SettingsKind;
  field: FieldSpec;
  draft: Draft;
  onChange: (name: string, value: DraftValue) => void;
  error?: string;
  /** Under the label: where the value comes from (a property's inherited or own value). */
  description?: string;
  disabled?: boolean;
}

/** One field of a settings form, with the control its spec names. */
export function SettingsField({ kind, field, draft, onChange, error, description, disabled }: SettingsFieldProps) {
  const { t } = useTranslation();
  const label = t(`settings.fields.${kind}.${field.name}`);
  const value = draft[field.name];
  if (field.control === 'checkboxes') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="flex flex-col gap-1" aria-invalid={error ? true : undefined} aria-describedby={error ? `${field.name}-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
        {description ? <p className="text-xs text-slate-700">{description}</p> : null}
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {field.options.map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name={field.name}
                value={option}
                checked={chosen.includes(option)}
                disabled={disabled}
                onChange={(event) => onChange(field.name, event.target.checked ? [...chosen, option] : chosen.filter((item) => item !== option))}
              />
              {t(`settings.options.${field.optionSet}.${option}`)}
            </label>
          ))}
        </div>
        {error ? (
          <p id={`${field.name}-error`} className="text-sm break-words text-red-800">
            {error}
          </p>
        ) : null}
      </fieldset>
    );
  }
  if (field.control === 'boolean') {
    return (
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name={field.name}
            checked={value === true}
            disabled={disabled}
            onChange={(event) => onChange(field.name, event.target.checked)}
          />
          {label}
        </label>
        {description ? <p className="text-xs text-slate-700">{description}</p> : null}
        {error ? <p className="text-sm break-words text-red-800">{error}</p> : null}
      </div>
    );
  }
  if (field.control === 'money') {
    const currency = String(draft[field.currencyField] ?? '');
    return (
      <MoneyInput
        label={label}
        description={description}
        name={field.name}
        value={typeof value === 'number' ? value : null}
        currency={/^[A-Z]{3}$/.test(currency) ? currency : 'EUR'}
        onChange={(minor) => onChange(field.name, minor)}
        error={error}
        disabled={disabled}
      />
    );
  }
  return (
    <Field label={label} description={description} error={error}>
      {(control) =>
        field.control === 'select' ? (
          <select
            {...control}
            name={field.name}
            className={inputClass}
            value={String(value ?? '')}
            disabled={disabled}
            onChange={(event) => onChange(field.name, event.target.value)}
          >
            {field.options.map((option) => (
              <option key={option} value={option}>
                {t(`settings.options.${field.optionSet}.${option}`)}
              </option>
            ))}
          </select>
        ) : field.control === 'list' ? (
          <textarea
            {...control}
            name={field.name}
            rows={2}
            className={inputClass}
            value={String(value ?? '')}
            disabled={disabled}
            onChange={(event) => onChange(field.name, event.target.value)}
          />
        ) : (
          <input
            {...control}
            name={field.name}
            type={field.control === 'number' ? 'text' : field.control}
            inputMode={field.control === 'number' ? 'numeric' : undefined}
            className={inputClass}
            value={String(value ?? '')}
            disabled={disabled}
            onChange={(event) => onChange(field.name, event.target.value)}
          />
        )
      }
    </Field>
  );
}
