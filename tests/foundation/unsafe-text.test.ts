import { describe, expect, it } from 'vitest';
import { KycTransitionBodySchema } from '../../contract/kyc/review';
import { KYC_STEP_SCHEMAS } from '../../contract/kyc/step-schemas';
import { CreateMerchantGroupSchema } from '../../contract/merchant-groups';
import { OrderFilterSchema } from '../../contract/transactions';
import { findInputFlaw, isSafeText, MAX_INPUT_DEPTH, UNSAFE_TEXT_MESSAGE } from '../../contract/text';
import kycStrings from '../../src/i18n/en/kyc.json';

// The one rule for text nothing downstream can store (decision 0175), from the contract's side:
// which strings are unsafe, where the walk finds them, and that the schemas built on it refuse them.

describe('safe text', () => {
  it('refuses NUL and unpaired surrogates, keeps every well-formed text including astral characters', () => {
    for (const text of ['a\u0000b', '\ud800', 'x\ud800y', '\udc00', 'x\udfffy', '\ud83d', 'a\ud83d\ude00\ud83d'])
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
    for (const text of ['', 'Lagoon Hotels', 'Zürich – 東京', '\ud83d\ude00 emoji', '\u0001\u001f tabs\tand\nnewlines', '\ufffd'])
      expect(isSafeText(text), JSON.stringify(text)).toBe(true);
  });

  it('names the first unsafe value or key in document order, with its path', () => {
    expect(findInputFlaw({ a: 'fine', b: [1, 'ok', { c: 'x\u0000' }], d: '\ud800' })).toEqual({ path: ['b', 2, 'c'], kind: 'unsafeText' });
    expect(findInputFlaw({ a: { 'bad\u0000key': 1 } })).toEqual({ path: ['a', 'bad\ufffdkey'], kind: 'unsafeText' });
    expect(findInputFlaw('\ud800')).toEqual({ path: [], kind: 'unsafeText' });
    expect(findInputFlaw({ a: 1, b: null, c: true, d: ['x', { e: 'y' }] })).toBeUndefined();
  });

  it('stops at the depth limit without walking (or overflowing on) the rest', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(findInputFlaw(deep)).toEqual({ path: Array(MAX_INPUT_DEPTH).fill(0), kind: 'tooDeep' });
    let fits: unknown = 'leaf';
    for (let level = 0; level < MAX_INPUT_DEPTH; level++) fits = { next: fits };
    expect(findInputFlaw(fits)).toBeUndefined();
  });

  it('is refused by the contract schemas of free text, with a catalogued key in the KYC forms', () => {
    expect(OrderFilterSchema.safeParse({ referenceNo: 'a\u0000b' }).error?.issues).toMatchObject([{ path: ['referenceNo'], message: UNSAFE_TEXT_MESSAGE }]);
    const group = CreateMerchantGroupSchema.safeParse({ name: 'Lagoon\ud800', country: 'AT', contactEmail: 'a@b.at' });
    expect(group.error?.issues).toMatchObject([{ path: ['name'], message: 'kyc.validation.unsafeText' }]);
    const step = KYC_STEP_SCHEMAS['company-details'].safeParse({ legalBusinessName: 'Lagoon\u0000 GmbH' });
    expect(step.error?.issues).toContainEqual(expect.objectContaining({ path: ['legalBusinessName'], message: 'kyc.validation.unsafeText' }));
    const reject = KycTransitionBodySchema.safeParse({ action: 'reject', reason: 'because\ud800' });
    expect(reject.error?.issues).toMatchObject([{ message: 'kyc.validation.unsafeText' }]);
    expect(kycStrings.kyc.validation.unsafeText).toMatch(/cannot be saved/);
  });
});
