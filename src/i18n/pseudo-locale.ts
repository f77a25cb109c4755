// The pseudo-locale en-XA (issue 34, decision 0480): every string of the en catalogue, accented, about
// a third longer and wrapped in ⟦ ⟧, built from the catalogue at runtime. A screen rendered in it shows
// at a glance (and to a browser test, exactly) which text did not come through the catalogue, and where
// longer words break a layout. Offered only where nobody real meets it: the development server and an
// automated browser (navigator.webdriver), chosen with the localStorage key below.

export const PSEUDO_LOCALE = 'en-XA';
export const LOCALE_STORAGE_KEY = 'folio.locale';
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

// The transformation itself is in ./pseudo-catalogue.ts, fetched only when en-XA is shown (decision 0571).

/** Whether this visit shows en-XA: asked for, and in development or an automated browser only. */
export function pseudoLocaleChosen(): boolean {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return false;
  const offered = import.meta.env.DEV || navigator.webdriver === true;
  try {
    return offered && window.localStorage.getItem(LOCALE_STORAGE_KEY) === PSEUDO_LOCALE;
  } catch {
    return false;
  }
}
