import { ResponseError } from './failure-message';

// Spec 8 "Error toast": accepts a string (parsed as JSON if it can be) or an object with errors,
// type, title, status or detail. It shows a title and a bullet list of the error strings, or the
// detail; otherwise "unknown error occurred". Red, 5000 ms. The title says what happened in the
// user's words, chosen by the answer's status (issue 34): a problem's own title ("Conflict",
// "Forbidden", "Invalid request") is HTTP's word, not the user's, and is not shown.
export const ERROR_TOAST_DURATION_MS = 5000;

/** `status`: the HTTP status of the refusal, when known; the toast's title is chosen by it. */
export type ErrorToastContent =
  { kind: 'list'; status: number | undefined; items: string[] } | { kind: 'detail'; status: number | undefined; detail: string } | { kind: 'unknown' };

function errorStrings(errors: unknown): string[] {
  if (typeof errors === 'string') return [errors];
  if (Array.isArray(errors)) return errors.flatMap(errorStrings);
  if (errors && typeof errors === 'object') return Object.values(errors).flatMap(errorStrings);
  return [];
}

function fromObject(value: Record<string, unknown>, knownStatus?: number): ErrorToastContent {
  const status = knownStatus ?? (typeof value.status === 'number' ? value.status : undefined);
  // Said once: a problem's detail often repeats its field errors in other words, so the errors win.
  const items = [...new Set(errorStrings(value.errors).filter((item) => item.trim() !== ''))];
  if (items.length) return { kind: 'list', status, items };
  if (typeof value.detail === 'string' && value.detail.trim()) return { kind: 'detail', status, detail: value.detail };
  return { kind: 'unknown' };
}

/** What the error toast shows for an error of any shape; `title: undefined` means the word "error". */
export function errorToastContent(input: unknown): ErrorToastContent {
  if (input instanceof ResponseError) {
    if (input.body && typeof input.body === 'object') {
      const content = fromObject(input.body as Record<string, unknown>, input.status || undefined);
      if (content.kind !== 'unknown') return content;
    }
    return input.message ? { kind: 'detail', status: input.status || undefined, detail: input.message } : { kind: 'unknown' };
  }
  if (typeof input === 'string') {
    try {
      const parsed: unknown = JSON.parse(input);
      if (parsed && typeof parsed === 'object') return fromObject(parsed as Record<string, unknown>);
    } catch {
      // Not JSON: a plain message (docs/decisions/0113-active-property-and-notifications.md).
    }
    return input.trim() ? { kind: 'detail', status: undefined, detail: input } : { kind: 'unknown' };
  }
  if (input instanceof Error) return input.message ? { kind: 'detail', status: undefined, detail: input.message } : { kind: 'unknown' };
  if (input && typeof input === 'object') return fromObject(input as Record<string, unknown>);
  return { kind: 'unknown' };
}

/** The catalogue key of the toast's title for a status: what happened, as the user would say it. */
export function toastTitleKey(status: number | undefined): string {
  if (status === undefined) return 'toastTitles.failed';
  if ([400, 401, 403, 404, 409, 412, 413, 415, 422, 429].includes(status)) return `toastTitles.status${status}`;
  return status >= 500 ? 'toastTitles.serverFailed' : 'toastTitles.failed';
}
