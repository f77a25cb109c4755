import { useEffect } from 'react';

/**
 * While `active` (a form holds typing it has not saved), a reload, a closed tab or an address typed
 * over the page asks the browser's "leave site?" first (decision 0353). The browser words the question;
 * a page cannot.
 */
export function useWarnBeforeUnload(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
