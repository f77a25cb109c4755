import type { KycFlag } from '../../contract/kyc/review';
import type { KycStepId } from '../../contract/kyc/steps';
import { documentRefsOf } from '../../contract/kyc/documents';
import { anyFieldFlagOpens } from '../../contract/kyc/resubmission';

// In resubmission only what the reviewer flagged may change (issue 5): a field below a flagged
// field path, or a document reference whose old document was flagged.

/** Dotted paths of the leaves that differ between two drafts (arrays by index). */
export function changedPaths(before: unknown, after: unknown, prefix = ''): string[] {
  const isContainer = (value: unknown) => typeof value === 'object' && value !== null;
  if (!isContainer(before) || !isContainer(after) || Array.isArray(before) !== Array.isArray(after)) {
    return JSON.stringify(before ?? null) === JSON.stringify(after ?? null) ? [] : [prefix || '_'];
  }
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].flatMap((key) => changedPaths(a[key], b[key], prefix ? `${prefix}.${key}` : key));
}

/** The changed paths the flags do not open; empty when the save may go ahead. */
export function pathsNotFlagged(step: KycStepId, before: Record<string, unknown>, after: Record<string, unknown>, openFlags: readonly KycFlag[]): string[] {
  const fieldFlags = openFlags.filter((flag) => flag.targetKind === 'field').map((flag) => flag.target);
  const flaggedDocuments = new Set(openFlags.filter((flag) => flag.targetKind === 'document').map((flag) => flag.target));
  const replaceable = new Set(
    documentRefsOf(step, before)
      .filter((ref) => flaggedDocuments.has(ref.documentId))
      .map((ref) => ref.path),
  );
  return changedPaths(before, after).filter((path) => !anyFieldFlagOpens(fieldFlags, step, path) && !replaceable.has(path));
}
