import { ResponseError } from '../../lib/failure-message';

// The one reading of a refused request's problem JSON (spec 8) a form needs: the server's message
// for each field, keyed by the form's field name, and the sentence it wrote for the refusal.
// A problem's `errors` names fields as the validator saw them: `body.email`, `body.fees.0.amount`
// or `email`; the form knows them without the `body.` part.

/** The server's field errors (problem JSON `errors`), first message per field, keyed by the form's field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ResponseError) || !error.body || typeof error.body !== 'object') return {};
  const errors = (error.body as { errors?: unknown }).errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  const found: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors as Record<string, unknown>)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string' && first !== '') found[path.replace(/^body\./, '')] ??= first;
  }
  return found;
}

/** The problem's detail, the sentence the server wrote for a refusal; the error's message otherwise. */
export function problemDetailOf(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ResponseError && error.body && typeof error.body === 'object') {
    const detail = (error.body as { detail?: unknown }).detail;
    if (typeof detail === 'string') return detail;
  }
  return error instanceof Error ? error.message : String(error);
}
