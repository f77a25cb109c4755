import { describe, expect, it } from 'vitest';
import { errorToastContent } from '../../src/lib/error-toast';
import { ResponseError } from '../../src/lib/failure-message';

describe('error toast content (spec 8)', () => {
  it('shows the title and a bullet list of the errors of an object', () => {
    expect(errorToastContent({ title: 'Invalid request', errors: ['name is required', 'e-mail is invalid'] })).toEqual({
      kind: 'list',
      status: undefined,
      items: ['name is required', 'e-mail is invalid'],
    });
  });

  it('flattens field errors (a map of lists) into one list', () => {
    expect(
      errorToastContent({
        type: 'x',
        title: 'Invalid request',
        status: 400,
        detail: 'ignored when there are errors',
        errors: { name: ['required'], 'address.city': ['too long', 'bad'] },
      }),
    ).toEqual({ kind: 'list', status: 400, items: ['required', 'too long', 'bad'] });
  });

  it('knows no status when the object has none', () => {
    expect(errorToastContent({ errors: ['boom'] })).toEqual({ kind: 'list', status: undefined, items: ['boom'] });
  });

  it('shows the detail when there are no errors', () => {
    expect(errorToastContent({ title: 'Forbidden', status: 403, detail: 'this needs Read on Users' })).toEqual({
      kind: 'detail',
      status: 403,
      detail: 'this needs Read on Users',
    });
    expect(errorToastContent({ errors: [], detail: 'only detail' })).toEqual({ kind: 'detail', status: undefined, detail: 'only detail' });
  });

  it('parses a JSON string first', () => {
    expect(errorToastContent('{"title":"Conflict","errors":{"status":["not allowed now"]}}')).toEqual({
      kind: 'list',
      status: undefined,
      items: ['not allowed now'],
    });
    expect(errorToastContent('{"detail":"from json"}')).toEqual({ kind: 'detail', status: undefined, detail: 'from json' });
  });

  it('shows a plain string that is not JSON as the message', () => {
    expect(errorToastContent('the network is down')).toEqual({ kind: 'detail', status: undefined, detail: 'the network is down' });
  });

  it('falls back to "unknown error occurred" when nothing can be shown', () => {
    for (const input of [undefined, null, 42, '', '   ', {}, { title: 'Only a title' }, '{}', '[]', { errors: {} }])
      expect(errorToastContent(input), JSON.stringify(input)).toEqual({ kind: 'unknown' });
  });

  it('reads the problem body a ResponseError carries, else its message', () => {
    expect(errorToastContent(new ResponseError('joined', 400, { title: 'Invalid request', errors: { a: ['one'] } }))).toEqual({
      kind: 'list',
      status: 400,
      items: ['one'],
    });
    expect(errorToastContent(new ResponseError('Request failed with status: 502', 502))).toEqual({
      kind: 'detail',
      status: 502,
      detail: 'Request failed with status: 502',
    });
    expect(errorToastContent(new Error('plain'))).toEqual({ kind: 'detail', status: undefined, detail: 'plain' });
  });

  it('says an error once: the same words in two fields are one item', () => {
    expect(errorToastContent({ status: 400, errors: { file: ['the file is too large'], upload: ['the file is too large'] } })).toEqual({
      kind: 'list',
      status: 400,
      items: ['the file is too large'],
    });
  });
});

describe("the error toast's words", () => {
  it('looks up a message that is a key of the catalogue (the KYC contract answers keys) and leaves sentences as written', async () => {
    const { toastWords } = await import('../../src/lib/notifications/notify');
    // The KYC words come with the signed-in shell's strings, as in the product.
    await (await import('../../src/i18n/i18n')).loadSignedInTranslations();
    expect(toastWords('kyc.validation.tooLong')).toBe('This is too long.');
    expect(toastWords('this needs Read on Fees')).toBe('This needs Read on Fees.');
    expect(toastWords('this payment link has already been used.')).toBe('This payment link has already been used.');
    expect(toastWords('Why?')).toBe('Why?');
  });

  it('titles a refusal by what happened in the user\'s words, never by HTTP\'s ("Conflict", "Forbidden", "Invalid request")', async () => {
    const { toastTitleKey } = await import('../../src/lib/error-toast');
    const { i18next } = await import('../../src/i18n/i18n');
    const titles = [undefined, 400, 401, 403, 404, 409, 412, 413, 415, 422, 429, 500, 502, 418].map((status) => i18next.t(toastTitleKey(status)));
    for (const title of titles) {
      expect(title).not.toMatch(/^(Conflict|Forbidden|Invalid request|Not found|Unauthorized|Error)$/);
      expect(title).not.toMatch(/^toastTitles\./);
    }
    expect(i18next.t(toastTitleKey(409))).toBe('This cannot be done now');
    expect(i18next.t(toastTitleKey(403))).toBe('Your role does not allow this');
  });
});
