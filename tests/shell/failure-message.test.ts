import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { problemDetailOf } from '../../src/components/form/problem-detail';
import { fieldErrorsOf } from '../../src/components/form/problem-errors';
import { errorToastContent } from '../../src/lib/error-toast';
import { FALLBACK_FAILURE, failureMessage, ResponseError } from '../../src/lib/failure-message';
import { told } from '../../src/lib/refusals';
import { brandAssetRefusalOf } from '../../src/features/settings/brand-assets/brand-asset-refusal';
import { loadSignedInTranslations } from '../../src/i18n/i18n';

// Spec 8 "Generic failure handling", in order.
describe('failure message', () => {
  it('1. takes the first value of an error object, before anything else', () => {
    const error = failureMessage(
      400,
      JSON.stringify({ error: { message: 'card declined', code: 'E42' }, errors: { amount: ['too high'] }, detail: 'ignored' }),
    );
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.message).toBe('card declined');
    expect(error.status).toBe(400);
    expect(failureMessage(400, JSON.stringify({ error: 'plain error string' })).message).toBe('plain error string');
  });

  it('2. otherwise joins the values of the errors object by newlines', () => {
    const error = failureMessage(
      400,
      JSON.stringify({ title: 'Invalid request', errors: { name: ['required', 'too short'], email: ['invalid'] }, detail: 'the request has invalid fields' }),
    );
    expect(error.message).toBe('required\ntoo short\ninvalid');
    expect(error.body).toMatchObject({ title: 'Invalid request' });
    expect(failureMessage(409, JSON.stringify({ errors: ['one', 'two'] })).message).toBe('one\ntwo');
  });

  it('3. otherwise the text body, or "Request failed" / "Request failed with status: {status}"', () => {
    expect(failureMessage(502, 'Bad gateway from the proxy').message).toBe('Bad gateway from the proxy');
    expect(failureMessage(500, '').message).toBe('Request failed with status: 500');
    expect(failureMessage(0, '').message).toBe('Request failed');
    expect(failureMessage(403, JSON.stringify({ title: 'Forbidden', status: 403, detail: 'this needs Read on Users' })).message).toBe(
      'this needs Read on Users',
    );
    expect(failureMessage(404, JSON.stringify({ unrelated: true })).message).toBe('Request failed with status: 404');
  });

  it('4. a body that fails the optional schema gives its messages and the status', () => {
    const schema = z.object({ title: z.string({ message: 'the problem has no title' }) });
    const error = failureMessage(422, JSON.stringify({ detail: 'x' }), schema);
    expect(error.message).toBe('the problem has no title');
    expect(error.status).toBe(422);
    // error/errors come first: the schema is not consulted when they are present.
    expect(failureMessage(422, JSON.stringify({ errors: ['first'] }), schema).message).toBe('first');
  });

  it('5. falls back to "Something went wrong during fetching!" when reading the failure itself fails', () => {
    const broken = {
      safeParse: () => {
        throw new Error('schema blew up');
      },
    } as unknown as z.ZodType;
    const error = failureMessage(500, JSON.stringify({ detail: 'x' }), broken);
    expect(error.message).toBe(FALLBACK_FAILURE);
    expect(error.message).toBe('Something went wrong during fetching!');
    expect(error.status).toBe(500);
  });
});

// Decision 0686: a refusal whose `code` the catalogue has words for is told in them (src/lib/refusals.ts, which the
// API client loads on a refusal); the server's `detail` (written for API callers) and its field messages are not
// shown then. Without such words spec 8's order above stands.
describe('a refusal with a code', () => {
  const refused = (status: number, body: Record<string, unknown>) => told(failureMessage(status, JSON.stringify(body)));

  it('is told in the catalogue sentence of its code, not in the detail', () => {
    const error = refused(401, {
      type: 'https://folio.test/problems/invalid-credentials',
      title: 'Sign-in failed',
      status: 401,
      detail: 'the e-mail address or password is incorrect',
      code: 'signIn.invalidCredentials',
    });
    expect(error).toBeInstanceOf(ResponseError);
    expect(error.message).toBe('The e-mail address or password is incorrect. Check both and try again.');
    expect(error.status).toBe(401);
    // Whoever reads the body reads the same words; the body keeps the code.
    expect(error.body).toMatchObject({ detail: error.message, code: 'signIn.invalidCredentials' });
    expect(problemDetailOf(error)).toBe(error.message);
    expect(errorToastContent(error)).toEqual({ kind: 'detail', status: 401, detail: error.message });
  });

  it('fills in its params, a count choosing the plural, and says the same at the field it names', () => {
    const wrongCode = (left: number) =>
      refused(400, {
        type: 'https://folio.test/problems/validation',
        title: 'Invalid request',
        status: 400,
        detail: `the code is not right; ${left} tries left`,
        errors: { code: [`the code is not right; ${left} tries left`] },
        code: 'twoStep.wrongCodeAtSignIn',
        params: { count: left },
      });
    expect(wrongCode(4).message).toBe('The code is not right. Enter the newest code your app shows; you have 4 tries left.');
    const last = wrongCode(1);
    expect(last.message).toBe('The code is not right. Enter the newest code your app shows; you have 1 try left.');
    expect(fieldErrorsOf(last)).toEqual({ code: last.message });
    expect(errorToastContent(last)).toEqual({ kind: 'list', status: 400, items: [last.message] });
  });

  it('reads the words of a signed-in screen as well', () => {
    const error = refused(409, {
      type: 'https://folio.test/problems/conflict',
      title: 'Conflict',
      status: 409,
      detail: 'the key is revoked already',
      code: 'secretKey.revokedAlready',
    });
    expect(error.message).toBe('This key is revoked already. Reload the list of keys.');
  });

  it("writes an amount it names as the screens write amounts, in its currency's own decimals", () => {
    const atMost = (amountMinor: number, currency: string) =>
      refused(409, {
        title: 'Conflict',
        status: 409,
        detail: `at most ${amountMinor} ${currency} minor units can be refunded`,
        code: 'refund.atMost',
        params: { amountMinor, currency },
      }).message;
    expect(atMost(1027, 'EUR')).toBe('You can refund at most €10.27 on this order.');
    expect(atMost(1000, 'JPY')).toBe('You can refund at most ¥1,000 on this order.');
    expect(atMost(12345, 'KWD')).toBe('You can refund at most KWD 12.345 on this order.');
  });

  it('writes a minimum beside the amount, both in the currency (decision 0704)', async () => {
    await loadSignedInTranslations();
    const error = refused(409, {
      title: 'Conflict',
      status: 409,
      detail: "the payout due, 30000 EUR minor units, is below the property's minimum payout of 100000",
      code: 'payout.belowMinimum',
      params: { amountMinor: 30000, currency: 'EUR', minimumMinor: 100000 },
    });
    expect(error.message).toBe("The payout due, €300.00, is below this property's minimum payout of €1,000.00. It stays due and joins a later payout.");
    const scheduled = refused(409, { title: 'Conflict', status: 409, detail: 'paid Weekly', code: 'payout.notManual', params: { schedule: 'Weekly' } });
    expect(scheduled.message).toBe(
      'This property is paid “Weekly” by the payout run. A payout is requested by hand only for a property whose payout schedule is “Manually”.',
    );
  });

  it("names a status with the screens' word for it, or as it came when the catalogue has none", async () => {
    await loadSignedInTranslations();
    const notAllowed = (status: string) =>
      refused(409, {
        title: 'Conflict',
        status: 409,
        detail: `this order is ${status}: capture is not allowed now`,
        code: 'order.actionNotAllowed',
        params: { status },
      }).message;
    expect(notAllowed('PaymentLinkSentNoProcessing')).toBe(
      'This order is now “Payment link sent, not processed”, which does not allow this. Reload the order to see what you can do now.',
    );
    expect(notAllowed('OnHold')).toBe('This order is now “OnHold”, which does not allow this. Reload the order to see what you can do now.');
    const payout = refused(409, { detail: 'only a Failed payout can be retried', code: 'payout.onlyFailedRetried', params: { status: 'Processing' } });
    expect(payout.message).toBe('Only a failed payout can be retried, and this one is now “Processing”. Reload the payout to see where it stands.');
  });

  it('names the KYC fields a refusal lists as the wizard names them (decision 0703)', async () => {
    await loadSignedInTranslations();
    const unchanged = (fields: string, count: number) =>
      refused(409, {
        detail: `change the fields the reviewer flagged before resubmitting: ${fields}`,
        code: 'kycApplication.flaggedFieldsUnchanged',
        params: { fields, count },
      }).message;
    expect(unchanged('company-details.registrationNumber', 1)).toBe(
      'The reviewer asked you to change 1 part of the application that is as it was when the application came back (Company details: Company registration number). Change it and save its step (a whole step flagged: check it and save it again), then resubmit the application.',
    );
    expect(unchanged('company-details.businessAddress.postal, settlement-accounts.accounts.0.iban', 2)).toBe(
      'The reviewer asked you to change 2 parts of the application that are as they were when the application came back (Company details: Business address › Postal code; Settlement accounts: Account 1 › IBAN / account number). Change them and save their steps (a whole step flagged: check it and save it again), then resubmit the application.',
    );
    // Documents and fields outstanding at once are told in one message (decision 0708).
    const both = refused(409, {
      detail: 'replace the 2 document(s) and change the fields the reviewer flagged before resubmitting: company-details.registrationNumber',
      code: 'kycApplication.flaggedRequestsOutstanding',
      params: { documents: 2, fields: 'company-details.registrationNumber', count: 1 },
    }).message;
    expect(both).toBe(
      "The reviewer's requests are not all answered: replace the flagged documents (2 left), and change 1 part of the application that is as it was when the application came back (Company details: Company registration number) and save its step. Then resubmit the application.",
    );
  });

  it("names a merchant's status and an image's sizes, and the brand asset screen says a coded refusal once (decision 0710)", async () => {
    await loadSignedInTranslations();
    const closed = refused(409, {
      detail: 'the merchant group is ContractSigned: it takes no new property',
      code: 'property.groupClosed',
      params: { status: 'ContractSigned' },
    });
    expect(closed.message).toBe('This merchant is “Contract signed” now, so it takes no new property. Reload the page to see the merchants that do.');
    const tooSmall = refused(400, {
      detail: 'this image is 60 × 30 pixels; a logo is from 100 × 40 to 1200 × 600',
      errors: { file: ['brandAssets.rules.dimensions'] },
      code: 'brandAsset.wrongDimensions',
      params: { width: 60, height: 30, minWidth: 100, minHeight: 40, maxWidth: 1200, maxHeight: 600 },
    });
    const sentence =
      'Wrong dimensions: this image is 60 × 30 pixels, and it must be from 100 × 40 to 1200 × 600 pixels. Choose another image, or resize this one.';
    expect(tooSmall.message).toBe(sentence);
    expect(brandAssetRefusalOf(tooSmall)).toEqual({ rule: undefined, detail: sentence });
    // Without words for its code, the rule's key and the server's facts, as before.
    const uncoded = refused(400, { detail: 'this image is 60 × 30 pixels', errors: { file: ['brandAssets.rules.dimensions'] } });
    expect(brandAssetRefusalOf(uncoded)).toEqual({ rule: 'brandAssets.rules.dimensions', detail: 'this image is 60 × 30 pixels' });
  });

  it("keeps spec 8's message for a code the catalogue does not know, or no code", () => {
    const newer = failureMessage(409, JSON.stringify({ title: 'Conflict', status: 409, detail: 'a newer refusal', code: 'someday.newRefusal' }));
    expect(told(newer)).toBe(newer);
    expect(problemDetailOf(told(newer))).toBe('a newer refusal');
    // A code naming a branch of the catalogue, not a sentence, has no words.
    expect(refused(409, { detail: 'branch', code: 'signIn' }).message).toBe('branch');
    expect(refused(409, { detail: 'branch', code: 'problems.signIn' }).message).toBe('branch');
    const uncoded = refused(400, { errors: { email: ['taken'] }, detail: 'the request has invalid fields' });
    expect(uncoded.message).toBe('taken');
    expect(fieldErrorsOf(uncoded)).toEqual({ email: 'taken' });
  });
});
