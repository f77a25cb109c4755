import { createContext, useContext } from 'react';

/**
 * What may be edited right now. In a first application everything is open; in resubmission mode
 * (issue 5) only what the reviewer flagged is, and each flag's reason is shown beside it. Field
 * paths are the form's dotted names within the step; documents are known by their id.
 */
export interface FieldLock {
  isEditable(path: string): boolean;
  reasonFor(path: string): string | undefined;
  isDocumentEditable(documentId: string | undefined): boolean;
  documentReason(documentId: string | undefined): string | undefined;
}

export const OPEN_LOCK: FieldLock = {
  isEditable: () => true,
  reasonFor: () => undefined,
  isDocumentEditable: () => true,
  documentReason: () => undefined,
};

export const CLOSED_LOCK: FieldLock = {
  isEditable: () => false,
  reasonFor: () => undefined,
  isDocumentEditable: () => false,
  documentReason: () => undefined,
};

export const FieldLockContext = createContext<FieldLock>(OPEN_LOCK);

export function useFieldLock(): FieldLock {
  return useContext(FieldLockContext);
}
