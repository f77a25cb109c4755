import type { InputHTMLAttributes } from 'react';
import { forwardRef, useId } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  tone?: 'light' | 'dark';
}

/** A labelled input with its error announced and tied to it (aria-describedby). */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, tone = 'light', 'aria-describedby': describedBy, ...input }, ref) {
  const id = useId();
  const errorId = `${id}-error`;
  const labelClass = tone === 'dark' ? 'text-white/90' : 'text-gray-700';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={`text-sm font-medium ${labelClass}`}>
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        className="rounded border border-gray-300 bg-white px-3 py-2 text-gray-900 focus:border-brand focus:ring-2 focus:ring-brand/40 focus:outline-none"
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={[describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
      />
      {error && (
        <p id={errorId} className={`text-sm ${tone === 'dark' ? 'text-red-300' : 'text-red-700'}`}>
          {error}
        </p>
      )}
    </div>
  );
});
