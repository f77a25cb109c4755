import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in the user's words (amount, who, what cannot be undone). */
  children: ReactNode;
  confirmLabel: string;
  /** The button that leaves things as they are, named by what it keeps ("Keep order"); "Cancel" by default. */
  cancelLabel?: string;
  /** `danger` for what cannot be undone or moves money. */
  tone?: 'primary' | 'danger';
  /** The action's request is under way: the buttons wait, so a double click acts once. */
  pending?: boolean;
  /** A failure of the action, shown in the dialog so the user can try again or cancel. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The longest pause between the two clicks of a double click that desktop systems allow by default. */
const DOUBLE_CLICK_MS = 500;

const CONFIRM_TONES = {
  primary: 'bg-brand text-white hover:bg-brand/90',
  danger: 'bg-red-700 text-white hover:bg-red-800',
} as const;

/**
 * Every status-changing or money action asks first (decision 0198). Focus starts on Cancel, so an
 * Enter pressed by habit does not act; Escape and a click outside cancel unless the request is
 * under way.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  const pending = props.pending ?? false;
  // The second click of a double click on the button that opened the dialog lands on its backdrop,
  // which would close it at once (issue 34): a click outside within a double click's time of
  // opening is that second click, not a wish to cancel.
  const openedAt = useRef(0);
  useEffect(() => {
    if (props.open) openedAt.current = performance.now();
  }, [props.open]);
  const close = () => {
    if (pending || performance.now() - openedAt.current < DOUBLE_CLICK_MS) return;
    props.onCancel();
  };
  return (
    <Dialog open={props.open} onClose={close} initialFocus={cancel} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded bg-white p-5 shadow-xl" data-testid="confirm-dialog">
          <DialogTitle className="text-lg font-semibold text-slate-900">{props.title}</DialogTitle>
          <Description as="div" className="mt-2 text-sm text-slate-700">
            {props.children}
          </Description>
          {props.error ? (
            <p role="alert" className="mt-3 text-sm text-red-800">
              {props.error}
            </p>
          ) : null}
          <div className="mt-5 flex justify-end gap-2">
            <button
              ref={cancel}
              type="button"
              disabled={pending}
              onClick={props.onCancel}
              className="rounded border border-slate-300 px-3 py-1.5 text-sm disabled:opacity-60"
            >
              {props.cancelLabel ?? t('common.cancel')}
            </button>
            <button
              type="button"
              disabled={pending}
              aria-busy={pending}
              onClick={props.onConfirm}
              className={`rounded px-3 py-1.5 text-sm font-medium disabled:cursor-wait disabled:opacity-70 ${CONFIRM_TONES[props.tone ?? 'primary']}`}
            >
              {props.confirmLabel}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
