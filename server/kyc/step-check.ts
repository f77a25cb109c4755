import type { KycWarning } from '../../contract/kyc/application';
import { documentRefsOf } from '../../contract/kyc/documents';
import { KYC_STEP_SCHEMAS, kycStepWarnings } from '../../contract/kyc/step-schemas';
import type { KycStepId } from '../../contract/kyc/steps';

// A step's validity, computed with the very schema the form uses (contract/kyc/step-schemas.ts) plus what only
// the server knows: that each referenced document exists in this group, is current and of the
// slot's type (docs/decisions/0141-kyc-field-rules-and-messages.md).

export interface DocumentFacts {
  id: string;
  document_type: number;
  replaced_by: string | null;
}
export interface StepCheck {
  valid: boolean;
  errors: Record<string, string[]>;
  warnings: KycWarning[];
  /** The normalised data when valid (trimmed, upper-cased codes), else the draft as given. */
  data: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Document ids a draft refers to that can be looked up (malformed ones are the schema's to report). */
export function referencedDocumentIds(step: KycStepId, data: unknown): string[] {
  return documentRefsOf(step, data)
    .map((ref) => ref.documentId)
    .filter((id) => UUID.test(id));
}

export function checkStep(step: KycStepId, data: Record<string, unknown>, documents: ReadonlyMap<string, DocumentFacts>): StepCheck {
  const errors: Record<string, string[]> = {};
  const add = (path: string, message: string) => {
    const list = (errors[path] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const parsed = KYC_STEP_SCHEMAS[step].safeParse(data);
  if (!parsed.success) for (const issue of parsed.error.issues) add(issue.path.map(String).join('.') || '_', issue.message);
  for (const ref of documentRefsOf(step, data)) {
    if (!UUID.test(ref.documentId)) continue;
    const document = documents.get(ref.documentId);
    if (!document || document.replaced_by !== null) add(ref.path, 'kyc.validation.documentMissing');
    else if (document.document_type !== ref.slot.documentType) add(ref.path, 'kyc.validation.documentWrongType');
  }
  const valid = Object.keys(errors).length === 0;
  return { valid, errors, warnings: kycStepWarnings(step, data), data: valid && parsed.success ? (parsed.data as Record<string, unknown>) : data };
}
