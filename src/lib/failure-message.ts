import type { z } from 'zod';

// Before this order a refusal with a `code` the catalogue has words for is told in them (decision 0686): see
// problem-words.ts, which the API client loads when a call is refused.
// Spec 8 "Generic failure handling", in order:
// 1. an `error` object in the body: its first value is the message;
// 2. otherwise the values of an `errors` object, joined by newlines;
// 3. otherwise the text body, or 'Request failed' / 'Request failed with status: {status}';
// 4. a body that fails the optional schema raises a response error with the messages and status;
// 5. fallback 'Something went wrong during fetching!'.
export const FALLBACK_FAILURE = 'Something went wrong during fetching!';

export class ResponseError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The parsed problem body, when there was one: the error toast shows its title and list. */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ResponseError';
  }
}

/** A change refused because someone else changed the same thing after it was read (412, contract/versions.ts). */
export const isChangedSince = (error: unknown): boolean => error instanceof ResponseError && error.status === 412;

function firstValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const first = Object.values(value)[0];
    if (typeof first === 'string') return first;
    if (Array.isArray(first)) return first.map(String).join('\n');
  }
  return undefined;
}

function joinErrors(errors: unknown): string | undefined {
  if (Array.isArray(errors)) return errors.map(String).join('\n') || undefined;
  if (errors && typeof errors === 'object')
    return (
      Object.values(errors)
        .flatMap((value) => (Array.isArray(value) ? value.map(String) : [String(value)]))
        .join('\n') || undefined
    );
  return undefined;
}

/** The message of a failed response, from its status and raw text body. */
export function failureMessage(status: number, text: string, schema?: z.ZodType): ResponseError {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  try {
    if (body && typeof body === 'object') {
      const record = body as Record<string, unknown>;
      const fromError = record.error !== undefined ? firstValue(record.error) : undefined;
      if (fromError) return new ResponseError(fromError, status, body);
      const fromErrors = record.errors !== undefined ? joinErrors(record.errors) : undefined;
      if (fromErrors) return new ResponseError(fromErrors, status, body);
      if (schema) {
        const parsed = schema.safeParse(body);
        if (!parsed.success) return new ResponseError(parsed.error.issues.map((issue) => issue.message).join('\n'), status, body);
      }
      if (typeof record.detail === 'string') return new ResponseError(record.detail, status, body);
    }
    if (text && body === undefined) return new ResponseError(text, status);
    return new ResponseError(status ? `Request failed with status: ${status}` : 'Request failed', status, body);
  } catch {
    return new ResponseError(FALLBACK_FAILURE, status, body);
  }
}
