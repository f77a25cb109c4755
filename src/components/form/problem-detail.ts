import { ResponseError } from '../../lib/failure-message';

// Apart from the form kit's field errors (problem-errors.ts): the sign-in page's first load carries the kit, and
// only screens after sign-in read a refusal's sentence this way (issue 13's budget, decision 0686).

/** The sentence for a refusal: the problem's detail, in the catalogue's words when its code has them (decision 0686); the error's message otherwise. */
export function problemDetailOf(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ResponseError && error.body && typeof error.body === 'object') {
    const detail = (error.body as { detail?: unknown }).detail;
    if (typeof detail === 'string') return detail;
  }
  return error instanceof Error ? error.message : String(error);
}
