import { useId, type ReactNode } from 'react';
import { get, useFormContext } from 'react-hook-form';

/** What a control needs to be tied to its label, description and error (ids and aria attributes). */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-errormessage'?: string;
  'aria-required'?: true;
}

export interface FieldProps {
  label: string;
  /** A hint under the label, read with the control. */
  description?: string;
  /** The field's error, read with the control and marked invalid. */
  error?: string;
  /**
   * The field's name in the kit's form (inside a FormProvider): its error, the schema's or the
   * server's, is shown without passing `error`.
   */
  name?: string;
  required?: boolean;
  /** Renders the control with the props that wire it up. */
  children: (control: FieldControlProps) => ReactNode;
}

export const inputClass =
  'w-full rounded border border-slate-400 bg-white px-3 py-1.5 text-sm text-slate-900 aria-[invalid=true]:border-red-700 disabled:bg-slate-100';

/**
 * A labelled form field (decision 0199): label -> control by id, description and error by
 * aria-describedby, the error also by aria-errormessage with aria-invalid.
 */
export function Field(props: FieldProps) {
  const id = useId();
  const form = useFormContext() as ReturnType<typeof useFormContext> | null;
  const formError = props.name && form ? (get(form.formState.errors, props.name) as { message?: string } | undefined)?.message : undefined;
  const error = props.error ?? (formError || undefined);
  const descriptionId = props.description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {props.label}
        {props.required ? <span aria-hidden> *</span> : null}
      </label>
      {props.description ? (
        <p id={descriptionId} className="text-xs text-slate-700">
          {props.description}
        </p>
      ) : null}
      {props.children({
        id,
        'aria-describedby': describedBy,
        ...(error ? { 'aria-invalid': true as const, 'aria-errormessage': errorId } : {}),
        ...(props.required ? { 'aria-required': true as const } : {}),
      })}
      {error ? (
        <p id={errorId} className="text-sm break-words text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
