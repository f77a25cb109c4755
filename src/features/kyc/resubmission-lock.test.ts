import { describe, expect, it } from 'vitest';
import type { KycDocument } from '../../../contract/kyc/documents';
import type { KycFlag } from '../../../contract/kyc/review';
import { stepLock } from './resubmission-lock';

const flag = (targetKind: 'field' | 'document', target: string, step: KycFlag['step'], reason = 'fix this'): KycFlag => ({
  id: crypto.randomUUID(),
  targetKind,
  target,
  step,
  reason,
  createdAt: '2026-11-22T00:00:00Z',
  createdBy: null,
  resolvedAt: null,
  outstanding: true,
});
const document = (documentId: string, replacedBy: string | null, replaces: string | null = null) => ({ documentId, replacedBy, replaces }) as KycDocument;

describe('what a step lets the applicant change', () => {
  it('opens everything in a first application and nothing under review', () => {
    expect(stepLock('edit', 'company-details', []).isEditable('legalBusinessName')).toBe(true);
    expect(stepLock('readOnly', 'company-details', []).isEditable('legalBusinessName')).toBe(false);
    expect(stepLock('readOnly', 'company-details', []).isDocumentEditable('d1')).toBe(false);
  });

  it('opens a flagged field and what lies below it, with the reviewer reason, and nothing else', () => {
    const lock = stepLock('resubmission', 'company-details', [flag('field', 'company-details.businessAddress', 'company-details', 'wrong street')]);
    expect(lock.isEditable('businessAddress.postal')).toBe(true);
    expect(lock.reasonFor('businessAddress.postal')).toBe('wrong street');
    expect(lock.isEditable('businessAddressExtra')).toBe(false);
    expect(lock.isEditable('legalBusinessName')).toBe(false);
    // A flag on another step opens nothing here.
    expect(
      stepLock('resubmission', 'company-stakeholders', [flag('field', 'company-details.businessAddress', 'company-details')]).isEditable('businessAddress'),
    ).toBe(false);
  });

  it('opens the whole step when the step itself is flagged', () => {
    const lock = stepLock('resubmission', 'settlement-accounts', [flag('field', 'settlement-accounts', 'settlement-accounts')]);
    expect(lock.isEditable('accounts.0.iban')).toBe(true);
  });

  it('keeps a flagged document open after it was replaced, and ignores resolved flags', () => {
    const flags = [flag('document', 'old', 'settlement-accounts', 'too old')];
    const documents = [document('old', 'new'), document('new', null), document('other', null)];
    const lock = stepLock('resubmission', 'settlement-accounts', flags, documents);
    expect(lock.isDocumentEditable('old')).toBe(true);
    expect(lock.isDocumentEditable('new')).toBe(true);
    expect(lock.documentReason('new')).toBe('too old');
    expect(lock.isDocumentEditable('other')).toBe(false);
    const resolved = [{ ...flags[0]!, resolvedAt: '2026-11-22T01:00:00Z' }];
    expect(stepLock('resubmission', 'settlement-accounts', resolved, documents).isDocumentEditable('old')).toBe(false);
  });

  it('finds the flagged original of a replacement the server lists after a reload', () => {
    const lock = stepLock('resubmission', 'settlement-accounts', [flag('document', 'old', 'settlement-accounts', 'too old')], [document('new', null, 'old')]);
    expect(lock.isDocumentEditable('new')).toBe(true);
    expect(lock.documentReason('new')).toBe('too old');
  });
});
