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

// A field the reviewer flagged must really change before the application is resubmitted (decision 0703): the flag
// remembers the value the field held when it was flagged, and the field still "needs changes" while it holds it.

/** The value a field flag's target (`<step>` or `<step>.<dotted path>`) names in its step's draft: the whole draft for a step. */
export function valueAtTarget(target: string, draft: unknown): unknown {
  const [, ...path] = target.split('.');
  return path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined),
    draft,
  );
}

/** What a field flag records of its field: `{ value }`, the value left out when the field has none. */
export function flaggedValueOf(target: string, draft: unknown): { value?: unknown } {
  const value = valueAtTarget(target, draft);
  return value === undefined ? {} : { value };
}

/**
 * Whether a field still holds the value recorded when it was flagged. A missing value and null are alike (as for
 * the save guard); a flag with no recorded value (one from before decision 0703) holds nothing to compare.
 */
export function holdsFlaggedValue(recorded: { value?: unknown } | null, current: unknown): boolean {
  return recorded !== null && changedPaths(recorded.value, current).length === 0;
}

/**
 * A flag on a whole step (its target is the step's id) asks the applicant to look at the step again, not to change a
 * given value: a step may hold nothing else that is valid (the overview's one acknowledgement). It is answered by
 * saving the step after the flag, changed or not (decision 0703).
 */
export function isWholeStepTarget(target: string): boolean {
  return !target.includes('.');
}
