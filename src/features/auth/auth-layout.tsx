import type { ReactNode } from 'react';
import { DecorativeGraphic } from './decorative-graphic';

/**
 * Spec 2 "Public routes": the password routes are full height on a dark background without
 * padding; create-password-successful and both forgot-password routes add the decorative graphic
 * at the bottom right.
 */
export function PasswordLayout({ children, graphic = false }: { children: ReactNode; graphic?: boolean }) {
  return (
    <main className="relative flex h-full min-h-screen w-full items-center justify-center overflow-hidden bg-brand-dark text-white">
      <div className="relative z-10 w-full max-w-md rounded-lg bg-white/5 p-8 shadow-xl ring-1 ring-white/10">{children}</div>
      {graphic && <DecorativeGraphic />}
    </main>
  );
}

/** The sign-in page: a centred card on the brand's light background. */
export function SignInLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-brand-light p-6">
      <div className="w-full max-w-md rounded-lg bg-white p-8 shadow-lg">{children}</div>
    </main>
  );
}
