import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

// The product's buttons in one place (decision 0400): what a button looks like is chosen by what it
// does (the form's main action, a secondary one, one that cannot be undone), not written per screen.

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';
export type ButtonSize = 'md' | 'sm';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'rounded bg-brand font-semibold text-white hover:bg-brand/90',
  secondary: 'rounded border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
  danger: 'rounded bg-red-700 font-semibold text-white hover:bg-red-800',
  link: 'text-blue-700 underline',
};
const SIZES: Record<ButtonSize, string> = { md: 'px-4 py-2 text-sm', sm: 'px-3 py-1.5 text-sm' };
const WAITING = 'disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-wait';

/** The classes of a button of this kind; also for a link that looks like one. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return variant === 'link' ? `${VARIANTS.link} text-sm disabled:opacity-60` : `${VARIANTS[variant]} ${SIZES[size]} ${WAITING}`;
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The button's request is under way: it is disabled and marked busy, and a click does nothing. */
  pending?: boolean;
  /** What the button says while pending ("Saving…"), when it should say more than being busy. */
  pendingLabel?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button of the kit. `type` is "button" unless said otherwise, so only the one submit of a form
 * sends it. While `pending`, a click reaches nothing (a submit button cannot submit its form again).
 */
export function Button({ variant = 'primary', size = 'md', pending = false, pendingLabel, className, disabled, onClick, children, ...button }: ButtonProps) {
  return (
    <button
      type="button"
      {...button}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      onClick={(event) => {
        if (pending) return event.preventDefault();
        onClick?.(event);
      }}
      className={className ? `${buttonClass(variant, size)} ${className}` : buttonClass(variant, size)}
    >
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
