import type { ReactNode } from 'react';
import { FormDialog } from '../form/form-dialog';

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

/**
 * Every status-changing or money action asks first (decision 0198): the kit's dialog frame with no
 * fields (decision 0400). Focus starts on Cancel, so an Enter pressed by habit does not act; Escape
 * cancels unless the request is under way.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <FormDialog
      open={props.open}
      title={props.title}
      description={props.children}
      confirmLabel={props.confirmLabel}
      cancelLabel={props.cancelLabel}
      tone={props.tone}
      pending={props.pending}
      error={props.error}
      onConfirm={props.onConfirm}
      onCancel={props.onCancel}
      focusCancel
    />
  );
}
