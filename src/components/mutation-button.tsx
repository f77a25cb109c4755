import type { ButtonHTMLAttributes, ReactNode } from 'react';

/**
 * A button whose action is a server request (issue 11): disabled and marked busy while the request
 * is under way, optionally with a busy label. Pair it with `useActionMutation` (src/lib), whose
 * `act` also ignores a second click that arrives before React has re-rendered the button.
 */
export function MutationButton({
  pending,
  pendingLabel,
  children,
  disabled,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { pending: boolean; pendingLabel?: ReactNode }) {
  return (
    <button type="button" {...button} disabled={pending || disabled} aria-busy={pending}>
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
