import type { KycWizardMode } from '../../../contract/kyc/application';
import type { KycDocument } from '../../../contract/kyc/documents';
import type { KycFlag } from '../../../contract/kyc/review';
import type { KycStepId } from '../../../contract/kyc/steps';
import { fieldFlagOpens, replacementChain } from '../../../contract/kyc/resubmission';
import { CLOSED_LOCK, OPEN_LOCK, type FieldLock } from './components/field-lock';

/**
 * The lock of one step, by the rule the server enforces (contract/kyc/resubmission.ts): a field
 * flag opens its path and everything under it (flagging `stakeholders` opens the whole list); a
 * document flag keeps its slot open after the applicant replaced that document (the replacement is
 * found through `replaces`/`replacedBy`), so a wrong upload can be redone.
 */
export function stepLock(mode: KycWizardMode, step: KycStepId, flags: readonly KycFlag[], documents: readonly KycDocument[] = []): FieldLock {
  if (mode === 'edit') return OPEN_LOCK;
  if (mode === 'readOnly') return CLOSED_LOCK;
  const open = flags.filter((flag) => flag.resolvedAt === null);
  const fieldFlag = (path: string) => open.find((flag) => flag.targetKind === 'field' && fieldFlagOpens(flag.target, step, path));
  // The server lists current documents with the one each replaced; this session's uploads also mark the old one.
  const previousOf = (id: string) =>
    documents.find((document) => document.documentId === id)?.replaces ?? documents.find((document) => document.replacedBy === id)?.documentId;
  const documentFlag = (documentId: string | undefined) => {
    if (!documentId) return undefined;
    const chain = replacementChain(documentId, previousOf);
    return open.find((flag) => flag.targetKind === 'document' && chain.includes(flag.target));
  };
  return {
    isEditable: (path) => fieldFlag(path) !== undefined,
    reasonFor: (path) => fieldFlag(path)?.reason,
    isDocumentEditable: (documentId) => documentFlag(documentId) !== undefined,
    documentReason: (documentId) => documentFlag(documentId)?.reason,
  };
}
