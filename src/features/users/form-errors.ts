import { ResponseError } from '../../lib/failure-message';

/** The server's field errors (problem JSON `errors`), first message per field, keyed by the field's name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ResponseError) || !error.body || typeof error.body !== 'object') return {};
  const errors = (error.body as { errors?: Record<string, string[]> }).errors ?? {};
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field.replace(/^body\./, ''), messages[0] ?? '']));
}

/** The problem's detail, the sentence the server wrote for a refusal. */
export function problemDetailOf(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ResponseError && error.body && typeof error.body === 'object') {
    const detail = (error.body as { detail?: unknown }).detail;
    if (typeof detail === 'string') return detail;
  }
  return error instanceof Error ? error.message : String(error);
}
