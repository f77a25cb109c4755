import { describe, expect, it } from 'vitest';
import { keepEditable, stepDefaults } from './step-defaults';

describe('step form defaults', () => {
  it('starts an empty list step with one row carrying its own id', () => {
    const people = stepDefaults('company-stakeholders', null).stakeholders as Array<{ uboId: string; kind: string }>;
    expect(people).toHaveLength(1);
    expect(people[0]!.uboId).toMatch(/^[0-9a-f-]{36}$/);
    expect(people[0]!.kind).toBe('ubo');
    const saved = { accounts: [{ accountId: 'a1', bankName: 'Bank' }] };
    expect(stepDefaults('settlement-accounts', saved).accounts).toEqual(saved.accounts);
  });
});

describe('the payload of a resubmission', () => {
  it('takes only the editable leaves from the form and the rest from the saved draft', () => {
    const saved = {
      legalBusinessName: 'Old GmbH',
      businessAddress: { city: 'Innsbruck', postal: '6020' },
      accounts: [{ iban: 'AT1', bankName: 'A' }],
    };
    const edited = {
      legalBusinessName: 'Typed GmbH',
      businessAddress: { city: 'Wien', postal: '1010' },
      accounts: [{ iban: 'AT2', bankName: 'B' }],
    };
    const editable = (path: string) => path === 'businessAddress.postal' || path === 'accounts.0.iban';
    expect(keepEditable(saved, edited, editable)).toEqual({
      legalBusinessName: 'Old GmbH',
      businessAddress: { city: 'Innsbruck', postal: '1010' },
      accounts: [{ iban: 'AT2', bankName: 'A' }],
    });
  });
});
