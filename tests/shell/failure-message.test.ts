import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FALLBACK_FAILURE, failureMessage, ResponseError } from '../../src/lib/failure-message';

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
