import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWarnBeforeUnload } from '../../lib/use-warn-before-unload';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';

/**
 * A wizard's guard for a step's unsaved typing (decision 0353): the step's form reports whether it holds
 * any (`onDirtyChange`), and a move off the step (`guard(move)`) asks first while it does. Cancel keeps
 * the values; leaving drops them, as the move always did. A reload or a closed tab asks the browser's
 * question meanwhile.
 */
export function useUnsavedStepGuard(): { onDirtyChange: (dirty: boolean) => void; guard: (move: () => void) => void; dialog: ReactNode } {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState(false);
  const [leaving, setLeaving] = useState<(() => void) | null>(null);
  useWarnBeforeUnload(dirty);
  const guard = (move: () => void) => (dirty ? setLeaving(() => move) : move());
  const dialog = (
    <ConfirmDialog
      open={leaving !== null}
      title={t('settings.wizard.unsaved.title')}
      confirmLabel={t('settings.wizard.unsaved.leave')}
      onConfirm={() => {
        leaving?.();
        setLeaving(null);
      }}
      onCancel={() => setLeaving(null)}
    >
      {t('settings.wizard.unsaved.body')}
    </ConfirmDialog>
  );
  return { onDirtyChange: setDirty, guard, dialog };
}
