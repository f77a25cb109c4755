import { useEffect } from 'react';

/** Tells the host whether the form holds unsaved typing, and that it holds none once it is gone (saved, or the step changed). */
export function useReportDirty(dirty: boolean, onDirtyChange: ((dirty: boolean) => void) | undefined): void {
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
}
