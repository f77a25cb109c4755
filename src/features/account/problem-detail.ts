import { ResponseError } from '../../lib/failure-message';

/** The server's first message for a field (problem JSON `errors`), else its detail. */
export function fieldErrorOf(error: unknown, field: string): string | undefined {
  if (!(error instanceof ResponseError) || !error.body || typeof error.body !== 'object') return undefined;
  const errors = (error.body as { errors?: Record<string, string[]> }).errors;
  if (errors && !Array.isArray(errors)) return errors[field]?.[0] ?? errors[`body.${field}`]?.[0];
  return undefined;
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
