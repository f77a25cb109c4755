import { describe, expect, it } from 'vitest';
import type { KycApplication } from '../../contract/kyc/application';
import { flaggablesOf } from '../../src/features/kyc-review/components/resubmission-form';
import { birthDateText, reviewEntries } from '../../src/features/kyc-review/components/review-entries';

// Issue 11: the KYC review showed the birth date in three rows, and the resubmission dialog listed
// a step's fields in storage order instead of the order the wizard asks them.
const signatory = {
  email: 'jonas@x.example',
  yearOfBirth: 1981,
  lastName: 'Berg',
  monthOfBirth: 3,
  firstName: 'Jonas',
  dayOfBirth: 2,
  country: 'NL',
  uboId: 'hidden',
};

describe('review entries', () => {
  it('reads a step in the wizard order, ids hidden, the birth date as one entry', () => {
    expect(reviewEntries(signatory, 'authorised-signatory').map(([key]) => key)).toEqual(['firstName', 'lastName', 'dateOfBirth', 'country', 'email']);
    expect(reviewEntries(signatory).find(([key]) => key === 'dateOfBirth')?.[1]).toEqual({ day: 2, month: 3, year: 1981 });
  });

  it('reads a nested part (an address) in the order of its own schema', () => {
    const address = { country: 'NL', postal: '1011', city: 'Amsterdam', addressLine1: '1 Dam', state: '', addressLine2: '' };
    expect(reviewEntries(address, 'authorised-signatory', ['homeAddress']).map(([key]) => key)).toEqual([
      'addressLine1',
      'addressLine2',
      'city',
      'state',
      'postal',
      'country',
    ]);
  });

  it('writes the birth date as a date, and an impossible or partial one as it was given', () => {
    expect(birthDateText({ day: 14, month: 6, year: 1972 }, 'en-GB')).toBe('14 June 1972');
    expect(birthDateText({ day: 14, month: 6, year: 1972 }, 'en-US')).toBe('June 14, 1972');
    expect(birthDateText({ day: 31, month: 2, year: 1990 }, 'en-GB')).toBe('31/2/1990');
    expect(birthDateText({ day: 5, month: undefined, year: 1990 }, 'en-GB')).toBe('5/?/1990');
    expect(birthDateText({ day: undefined, month: undefined, year: undefined })).toBeUndefined();
  });
});

describe('resubmission dialog', () => {
  const application = {
    steps: [{ step: 'authorised-signatory', data: signatory }],
    documents: [],
  } as unknown as KycApplication;

  it('lists a step, then its fields in wizard order; the birth date flags its three fields at once', () => {
    const [section] = flaggablesOf(
      application,
      (step) => step,
      (key) => key,
      (type) => type,
    );
    expect(section!.items.map((item) => item.target)).toEqual([
      'authorised-signatory',
      'authorised-signatory.firstName',
      'authorised-signatory.lastName',
      'authorised-signatory.dayOfBirth',
      'authorised-signatory.country',
      'authorised-signatory.email',
    ]);
    expect(section!.items[4]).toMatchObject({ name: 'authorised-signatory: nationality' });
    expect(section!.items[3]).toMatchObject({
      name: 'authorised-signatory: dateOfBirth',
      alsoTargets: ['authorised-signatory.monthOfBirth', 'authorised-signatory.yearOfBirth'],
    });
  });
});
