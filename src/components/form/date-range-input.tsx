import { useTranslation } from 'react-i18next';
import { Field, inputClass } from './field';

export interface DateRange {
  /** yyyy-mm-dd or '' */
  from: string;
  to: string;
}

/** True when both ends are set and the end lies before the start (ISO dates compare as text). */
export function isBackwards(range: DateRange): boolean {
  return range.from !== '' && range.to !== '' && range.to < range.from;
}

/** Two date fields as one group; an end before the start is flagged on the end field. */
export function DateRangeInput(props: { label: string; value: DateRange; onChange: (range: DateRange) => void; name?: string }) {
  const { t } = useTranslation();
  const backwards = isBackwards(props.value);
  return (
    <fieldset className="flex flex-wrap items-start gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">{props.label}</legend>
      <Field label={t('components.dateRange.from')}>
        {(control) => (
          <input
            {...control}
            type="date"
            name={props.name ? `${props.name}From` : undefined}
            value={props.value.from}
            max={props.value.to || undefined}
            onChange={(event) => props.onChange({ ...props.value, from: event.target.value })}
            className={inputClass}
          />
        )}
      </Field>
      <Field label={t('components.dateRange.to')} error={backwards ? t('components.dateRange.backwards') : undefined}>
        {(control) => (
          <input
            {...control}
            type="date"
            name={props.name ? `${props.name}To` : undefined}
            value={props.value.to}
            min={props.value.from || undefined}
            onChange={(event) => props.onChange({ ...props.value, to: event.target.value })}
            className={inputClass}
          />
        )}
      </Field>
    </fieldset>
  );
}
