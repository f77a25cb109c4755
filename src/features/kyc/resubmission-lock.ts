import type { KycDocument, KycFlag, KycStepId, KycWizardMode } from '../../../contract/kyc';
import { CLOSED_LOCK, OPEN_LOCK, type FieldLock } from './components/field-lock';

/**
 * The lock of one step. A field flag targets `<step>` (the whole step) or `<step>.<dotted path>`;
 * it opens that path and everything under it (flagging `stakeholders` opens the whole list). A
 * document flag targets the document id; the slot stays open after the applicant replaced that
 * document (the replacement is found through `replaces`/`replacedBy`), so a wrong upload can be redone.
 */
export function stepLock(
  mode: KycWizardMode,
  step: KycStepId,
  flags: readonly KycFlag[],
  documents: readonly KycDocument[] = [],
): FieldLock {
  if (mode === 'edit') return OPEN_LOCK;
  if (mode === 'readOnly') return CLOSED_LOCK;
  const open = flags.filter((flag) => flag.resolvedAt === null);
  const fieldFlag = (path: string) =>
    open.find((flag) => {
      if (flag.targetKind !== 'field') return false;
      if (flag.target === step) return true;
      const full = `${step}.${path}`;
      return full === flag.target || full.startsWith(`${flag.target}.`);
    });
  const predecessors = (documentId: string): string[] => {
    const chain = [documentId];
    for (let id = documentId, guard = 0; guard < 50; guard++) {
      // The server lists current documents with the one each replaced; this session's uploads also mark the old one.
      const previous =
        documents.find((document) => document.documentId === id)?.replaces ??
        documents.find((document) => document.replacedBy === id)?.documentId;
      if (!previous) break;
      chain.push(previous);
      id = previous;
    }
    return chain;
  };
  const documentFlag = (documentId: string | undefined) => {
    if (!documentId) return undefined;
    const chain = predecessors(documentId);
    return open.find((flag) => flag.targetKind === 'document' && chain.includes(flag.target));
  };
  return {
    isEditable: (path) => fieldFlag(path) !== undefined,
    reasonFor: (path) => fieldFlag(path)?.reason,
    isDocumentEditable: (documentId) => documentFlag(documentId) !== undefined,
    documentReason: (documentId) => documentFlag(documentId)?.reason,
  };
}

/** Whether anything on the step can change (a step without flags shows a note and just moves on). */
export function stepHasOpenFlags(step: KycStepId, flags: readonly KycFlag[]): boolean {
  return flags.some((flag) => flag.resolvedAt === null && flag.step === step);
}
