import { describe, expect, it } from 'vitest';
import { anyFieldFlagOpens, fieldFlagOpens, replacementChain } from './resubmission';

// The one rule the server's save guard and upload route and the wizard's field lock share.

describe('what a reviewer flag opens', () => {
  it('opens the flagged field and everything below it', () => {
    expect(fieldFlagOpens('company-details.businessAddress', 'company-details', 'businessAddress')).toBe(true);
    expect(fieldFlagOpens('company-details.businessAddress', 'company-details', 'businessAddress.postal')).toBe(true);
    expect(fieldFlagOpens('company-stakeholders.stakeholders', 'company-stakeholders', 'stakeholders.2.homeAddress.city')).toBe(true);
  });

  it('opens the whole step when the flag names the step', () => {
    expect(fieldFlagOpens('company-details', 'company-details', 'anything.at.all')).toBe(true);
  });

  it('keeps siblings, look-alikes, parents and other steps closed', () => {
    expect(fieldFlagOpens('company-details.businessAddress.postal', 'company-details', 'businessAddress.city')).toBe(false);
    expect(fieldFlagOpens('company-details.businessAddress', 'company-details', 'businessAddressLine')).toBe(false);
    expect(fieldFlagOpens('company-details.businessAddress.postal', 'company-details', 'businessAddress')).toBe(false);
    expect(fieldFlagOpens('company-details.businessAddress', 'settlement-accounts', 'businessAddress')).toBe(false);
    expect(fieldFlagOpens('company-details', 'company-details-extra', 'x')).toBe(false);
  });

  it('opens a field when any one of several flags does', () => {
    expect(anyFieldFlagOpens(['two.address', 'one.name'], 'two', 'address.city')).toBe(true);
    expect(anyFieldFlagOpens(['two.address', 'one.name'], 'two', 'name')).toBe(false);
    expect(anyFieldFlagOpens([], 'two', 'address')).toBe(false);
  });
});

describe('the replacement chain of a document', () => {
  const replaced: Record<string, string> = { third: 'second', second: 'first' };

  it('walks back from a replacement to every document it replaced', () => {
    expect(replacementChain('third', (id) => replaced[id])).toEqual(['third', 'second', 'first']);
    expect(replacementChain('first', (id) => replaced[id])).toEqual(['first']);
  });

  it('stops on a chain that loops', () => {
    expect(replacementChain('a', (id) => (id === 'a' ? 'b' : 'a'))).toEqual(['a', 'b']);
  });
});
