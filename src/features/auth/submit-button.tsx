import type { ReactNode } from 'react';

// A thick ring a gap away from the button, in a colour that stands out from the page behind it.
const TONES = {
  light: 'bg-brand text-white hover:bg-brand/90 focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-brand',
  dark: 'bg-white text-brand-dark hover:bg-brand-light focus-visible:outline-3 focus-visible:outline-offset-3 focus-visible:outline-white',
};

export function SubmitButton({
  busy,
  children,
  busyLabel,
  tone = 'light',
}: {
  busy: boolean;
  children: ReactNode;
  busyLabel: string;
  tone?: keyof typeof TONES;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      className={`w-full rounded px-4 py-2 font-semibold disabled:cursor-wait disabled:opacity-70 ${TONES[tone]}`}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
