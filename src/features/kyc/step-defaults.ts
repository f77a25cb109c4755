import type { KycStepId } from '../../../contract/kyc/steps';
import { emptyStakeholder } from './steps/company-stakeholders-step';
import { emptyAccount } from './steps/settlement-accounts-step';

type Data = Record<string, unknown>;

/** What a step form starts from: the saved draft, with one empty row in an empty list. */
export function stepDefaults(step: KycStepId, saved: Data | null | undefined): Data {
  const data: Data = { ...(saved ?? {}) };
  if (step === 'company-stakeholders' && !nonEmptyList(data.stakeholders)) data.stakeholders = [emptyStakeholder()];
  if (step === 'settlement-accounts' && !nonEmptyList(data.accounts)) data.accounts = [emptyAccount()];
  if ((step === 'business-information' || step === 'sanctions-exposure') && typeof data.responses !== 'object') data.responses = {};
  if (step === 'processing-details') {
    data.currencies ??= [];
    data.paymentSchemes ??= [];
  }
  return data;
}

function nonEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0;
}

/**
 * In resubmission the server takes changes to flagged fields only, so the payload is the saved
 * draft with just the editable leaves taken from the form.
 */
export function keepEditable(saved: unknown, edited: unknown, editable: (path: string) => boolean, path = ''): unknown {
  if (path !== '' && editable(path)) return edited;
  const isRecord = (value: unknown): value is Data => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (Array.isArray(saved) && Array.isArray(edited))
    return saved.map((entry, index) => keepEditable(entry, edited[index], editable, join(path, String(index))));
  if (isRecord(saved) && isRecord(edited)) {
    const result: Data = { ...saved };
    for (const key of Object.keys(edited)) {
      const next = keepEditable(saved[key], edited[key], editable, join(path, key));
      if (next !== undefined) result[key] = next;
    }
    return result;
  }
  return saved;
}

function join(prefix: string, key: string): string {
  return prefix ? `${prefix}.${key}` : key;
}
