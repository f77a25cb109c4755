import { useEffect, useRef, type MouseEvent } from 'react';

/**
 * How long after a dialog opens a press still belongs to the double click that opened it: the usual longest
 * double-click interval of desktop systems.
 */
const OPENING_DOUBLE_CLICK_MS = 500;

/**
 * A person double-clicks by habit: the first click opens a dialog, the second lands on it (selecting a word of its
 * title) or beside it, on the backdrop (which, for a dialog that closes on a click outside, closed it again at once).
 * `onMouseDown` goes on the element around the dialog's panel: the opening double click's second press selects
 * nothing. `closeUnlessOpening` wraps the dialog's `onClose`: a close that press asked for is not done. Only that
 * press's own click is held back: once it has been handled, Escape closes at once, however soon. Later double clicks
 * (to copy a reference) and clicks outside behave as anywhere else.
 */
export function useOpeningDoubleClick(open: boolean): {
  onMouseDown: (event: MouseEvent) => void;
  closeUnlessOpening: (close: () => void) => () => void;
} {
  const openedAt = useRef(0);
  const openingPressAt = useRef(Number.NEGATIVE_INFINITY);
  useEffect(() => {
    if (open) openedAt.current = performance.now();
  }, [open]);
  return {
    onMouseDown: (event) => {
      if (event.detail < 2 || performance.now() - openedAt.current >= OPENING_DOUBLE_CLICK_MS) return;
      openingPressAt.current = performance.now();
      event.preventDefault();
      // The press's click closes a dialog that closes on a click outside (while it is handled, the close is refused);
      // after that, nothing else is held back, so an Escape right away still closes.
      window.addEventListener('click', () => setTimeout(() => (openingPressAt.current = Number.NEGATIVE_INFINITY)), { once: true });
    },
    closeUnlessOpening: (close) => () => {
      if (performance.now() - openingPressAt.current < OPENING_DOUBLE_CLICK_MS) return;
      close();
    },
  };
}
