import { useEffect, useRef, type MouseEvent } from 'react';

/**
 * The longest a press's hold may last when its click never comes (the mouse was dragged off and released elsewhere):
 * after it, closes are done again.
 */
const HOLD_AT_MOST_MS = 2_000;

/**
 * A person double-clicks by habit: the first click opens a dialog, the second lands on it (selecting a word of its
 * title) or beside it, on the backdrop (which, for a dialog that closes on a click outside, closed it again at once).
 * `onMouseDown` goes on the element around the dialog's panel: the opening double click's second press selects
 * nothing. `closeUnlessOpening` wraps the dialog's `onClose`: a close that press asked for is not done.
 *
 * Which press is that one is the browser's to say, not a clock's: the first press on the dialog since it opened, when
 * the browser counts it as the second of a double click (`detail` 2, within the system's double-click interval of the
 * click that opened the dialog). A busy machine that draws the dialog late still holds it back (decision 0711, amended
 * twice). Only that press's own click is held back: once it has been handled, Escape closes at once, however soon.
 * Later double clicks (to copy a reference) and clicks outside behave as anywhere else: their first press is the
 * dialog's first, with `detail` 1.
 */
export function useOpeningDoubleClick(open: boolean): {
  onMouseDown: (event: MouseEvent) => void;
  closeUnlessOpening: (close: () => void) => () => void;
} {
  /** No press has reached the dialog since it opened. */
  const firstPress = useRef(false);
  /** The opening double click's second press being handled (its click is not a close), by the count of such presses. */
  const holding = useRef(0);
  const presses = useRef(0);
  useEffect(() => {
    firstPress.current = open;
    holding.current = 0;
  }, [open]);
  return {
    onMouseDown: (event) => {
      const opening = firstPress.current && event.detail >= 2;
      firstPress.current = false;
      if (!opening) return;
      const press = ++presses.current;
      holding.current = press;
      event.preventDefault();
      // The press's release closes a dialog that closes on a click outside (while it is handled, the close is
      // refused); once its click has been handled, nothing else is held back, so an Escape right away still closes.
      // Each release ends its own press's hold only, not a later one's.
      const release = () => {
        if (holding.current === press) holding.current = 0;
      };
      window.addEventListener('click', () => setTimeout(release), { once: true });
      setTimeout(release, HOLD_AT_MOST_MS);
    },
    closeUnlessOpening: (close) => () => {
      if (holding.current !== 0) return;
      close();
    },
  };
}
