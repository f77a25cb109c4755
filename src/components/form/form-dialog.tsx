import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useRef, type BaseSyntheticEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpeningDoubleClick } from '../opening-double-click/opening-double-click';
import { Button } from './button';

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** What the dialog is about, read with its title. */
  description?: ReactNode;
  /** The dialog's fields, or what a confirmation explains (amount, who, what cannot be undone). */
  children?: ReactNode;
  /** The confirm button says what it does ("Refund 12.00 EUR", "Export"), never "OK". */
  confirmLabel: string;
  /** The cancel button's words when "Cancel" is not what it does ("Close"). */
  cancelLabel?: string;
  /** `danger` for what cannot be undone or moves money. */
  tone?: 'primary' | 'danger';
  /** The request is under way: both buttons wait and Escape does nothing, so a double click acts once. */
  pending?: boolean;
  /** Nothing to confirm: what the dialog shows says the action cannot be done now (it says why). */
  confirmDisabled?: boolean;
  /** A failure of the request, shown in the dialog so the user can try again or cancel. */
  error?: string | null;
  /** A dialog with fields: its form's submit (the kit's `form.submit(...)`); the confirm button submits it. */
  onSubmit?: (event?: BaseSyntheticEvent) => unknown;
  /** A dialog without fields: what the confirm button does. */
  onConfirm?: () => void;
  onCancel: () => void;
  /** Focus starts on Cancel (an Enter pressed by habit does not act), unless the dialog has fields to type in. */
  focusCancel?: boolean;
  size?: 'md' | 'lg';
  testId?: string;
}

/**
 * The one dialog frame (decision 0400): title, what it is about, the fields, then the cancel/confirm
 * row. It closes by its Cancel button or Escape only: a click outside does nothing, so the second click
 * of a double click on the button that opened it cannot close it again, and a stray click does not
 * throw away what was typed. That second press does not select a word of the dialog either; a double
 * click the user makes in it later (to copy a reference) selects as anywhere else.
 */
export function FormDialog(props: FormDialogProps) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  const openingClick = useOpeningDoubleClick(props.open);
  const pending = props.pending ?? false;
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    if (!pending) props.onCancel();
  };
  const body = (
    <>
      <DialogTitle className="text-lg font-semibold text-slate-900">{props.title}</DialogTitle>
      {props.description ? (
        <Description as="div" className="mt-2 text-sm text-slate-700">
          {props.description}
        </Description>
      ) : null}
      {props.children ? <div className="mt-3 text-sm text-slate-700">{props.children}</div> : null}
      {props.error ? (
        <p role="alert" className="mt-3 text-sm break-words text-red-800">
          {props.error}
        </p>
      ) : null}
      <div className="mt-5 flex justify-end gap-2">
        <Button ref={cancel} variant="secondary" size="sm" disabled={pending} onClick={props.onCancel}>
          {props.cancelLabel ?? t('common.cancel')}
        </Button>
        <Button
          type={props.onSubmit ? 'submit' : 'button'}
          variant={props.tone === 'danger' ? 'danger' : 'primary'}
          size="sm"
          pending={pending}
          disabled={props.confirmDisabled}
          onClick={props.onSubmit ? undefined : props.onConfirm}
        >
          {props.confirmLabel}
        </Button>
      </div>
    </>
  );
  return (
    <Dialog
      open={props.open}
      // Closing is the Cancel button's and Escape's (below): Headless UI would also close on a click outside.
      onClose={() => undefined}
      initialFocus={(props.focusCancel ?? !props.onSubmit) ? cancel : undefined}
      className="relative z-50"
    >
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4" onMouseDown={openingClick.onMouseDown}>
        <DialogPanel
          className={`w-full ${props.size === 'lg' ? 'max-w-2xl' : 'max-w-md'} rounded bg-white p-5 shadow-xl`}
          data-testid={props.testId ?? 'confirm-dialog'}
          onKeyDown={closeOnEscape}
        >
          {props.onSubmit ? (
            <form noValidate onSubmit={(event) => void props.onSubmit?.(event)}>
              {body}
            </form>
          ) : (
            body
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
