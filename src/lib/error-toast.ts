import { ResponseError } from './failure-message';

// Spec 8 "Error toast": accepts a string (parsed as JSON if it can be) or an object with errors,
// type, title, status or detail. It shows the title (or the generic word "error") and a bullet
// list of the error strings, or the detail; otherwise "unknown error occurred". Red, 5000 ms.
export const ERROR_TOAST_DURATION_MS = 5000;

export type ErrorToastContent =
  { kind: 'list'; title: string | undefined; items: string[] } | { kind: 'detail'; title: string | undefined; detail: string } | { kind: 'unknown' };

function errorStrings(errors: unknown): string[] {
  if (typeof errors === 'string') return [errors];
  if (Array.isArray(errors)) return errors.flatMap(errorStrings);
  if (errors && typeof errors === 'object') return Object.values(errors).flatMap(errorStrings);
  return [];
}

function fromObject(value: Record<string, unknown>): ErrorToastContent {
  const title = typeof value.title === 'string' && value.title.trim() ? value.title : undefined;
  const items = errorStrings(value.errors).filter((item) => item.trim() !== '');
  if (items.length) return { kind: 'list', title, items };
  if (typeof value.detail === 'string' && value.detail.trim()) return { kind: 'detail', title, detail: value.detail };
  return { kind: 'unknown' };
}

/** What the error toast shows for an error of any shape; `title: undefined` means the word "error". */
export function errorToastContent(input: unknown): ErrorToastContent {
  if (input instanceof ResponseError) {
    if (input.body && typeof input.body === 'object') {
      const content = fromObject(input.body as Record<string, unknown>);
      if (content.kind !== 'unknown') return content;
    }
    return input.message ? { kind: 'detail', title: undefined, detail: input.message } : { kind: 'unknown' };
  }
  if (typeof input === 'string') {
    try {
      const parsed: unknown = JSON.parse(input);
      if (parsed && typeof parsed === 'object') return fromObject(parsed as Record<string, unknown>);
    } catch {
      // Not JSON: a plain message (docs/decisions/0113-active-property-and-notifications.md).
    }
    return input.trim() ? { kind: 'detail', title: undefined, detail: input } : { kind: 'unknown' };
  }
  if (input instanceof Error) return input.message ? { kind: 'detail', title: undefined, detail: input.message } : { kind: 'unknown' };
  if (input && typeof input === 'object') return fromObject(input as Record<string, unknown>);
  return { kind: 'unknown' };
}
