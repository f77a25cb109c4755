import { ResponseError } from '../../lib/failure-message';

// The one reading of a refused request's problem JSON (spec 8) a form needs: the server's message
// for each field, keyed by the form's field name (in the catalogue's words when the refusal's code has
// them, decision 0686); the sentence for the whole refusal is problemDetailOf's (problem-detail.ts).
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

/**
 * One fault at one field, as the contract's schema (through the resolver) or the server named it:
 * `path` is the field's dotted name (`to.1` for a list's second item), `type` the schema's issue code
 * (`too_big`, `custom`, ...) or `server`, `message` the contract's or the server's words.
 */
export interface FieldFault {
  path: string;
  type: string;
  message: string;
}

/**
 * A form's own words for a fault: the message to show at the fault's field, or the field to show it
 * at (a list's item belongs to its list's input) with the message. `values` are the form's values
 * when the fault was found (to name a list's offending item).
 */
export type FaultWords = (fault: FieldFault, values: Record<string, unknown>) => string | { field: string; message: string };

/** The faults reworded and placed at their fields: the first fault of each field wins, as the resolver keeps the first. */
export function wordFaults(faults: readonly FieldFault[], words: FaultWords, values: Record<string, unknown>): Record<string, FieldFault> {
  const placed: Record<string, FieldFault> = {};
  for (const fault of faults) {
    const said = words(fault, values);
    const field = typeof said === 'string' ? fault.path : said.field;
    placed[field] ??= { path: field, type: fault.type, message: typeof said === 'string' ? said : said.message };
  }
  return placed;
}
