import { describe, expect, it } from 'vitest';
import { GeneratePaymentLinkBodySchema } from '../../contract/payment-links';
import { PropertyInfoSchema } from '../../contract/property-lifecycle';
import { RefundRejectBodySchema } from '../../contract/refunds';
import { SecretKeyNameSchema } from '../../contract/secret-keys';

// Decision 0346: a limit without words of its own is said in a sentence, not in zod's "Too big:
// expected string to have <=100 characters"; a field's "enter the ..." is for when it is missing,
// not for when it is too long.
const messagesOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }, field: string) =>
  result.error?.issues.filter((issue) => issue.path.join('.') === field).map((issue) => issue.message) ?? [];

describe('the words of a broken limit', () => {
  it('say the limit for text that is too long, whatever the field says when it is missing', () => {
    expect(messagesOf(PropertyInfoSchema.safeParse({ name: 'x'.repeat(300) }), 'name')).toEqual(['use at most 200 characters']);
    expect(messagesOf(PropertyInfoSchema.safeParse({}), 'name')).toEqual(['enter the property name']);
    expect(messagesOf(SecretKeyNameSchema.safeParse('x'.repeat(10_000)), '')).toEqual(['use at most 80 characters']);
    expect(messagesOf(RefundRejectBodySchema.safeParse({ reason: 'x'.repeat(10_000) }), 'reason')).toEqual(['use at most 500 characters']);
  });

  it('say what is wrong with an amount or a choice, in sentences', () => {
    const link = GeneratePaymentLinkBodySchema.safeParse({ amountMinor: 99_999_999_999_900, bookingReference: 'x'.repeat(10_000), paymentType: 'XX' });
    expect(messagesOf(link, 'amountMinor')).toEqual(['the amount is too large for one payment link']);
    expect(messagesOf(link, 'bookingReference')).toEqual(['use at most 100 characters']);
    expect(messagesOf(link, 'paymentType')).toEqual(['choose one of the options offered']);
    expect(messagesOf(link, 'currency')).toEqual(['this field is required']);
    expect(JSON.stringify(link.error?.issues)).not.toMatch(/Too big|Too small|Invalid option|Invalid input/);
  });
});
