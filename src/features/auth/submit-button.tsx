import type { ReactNode } from 'react';

const TONES = {
  light: 'bg-brand text-white hover:bg-brand/90',
  dark: 'bg-white text-brand-dark hover:bg-brand-light',
};

export function SubmitButton({ busy, children, busyLabel, tone = 'light' }: { busy: boolean; children: ReactNode; busyLabel: string; tone?: keyof typeof TONES }) {
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
