import { z } from 'zod';

// Text a client may send but nothing downstream can hold: PostgreSQL refuses the NUL character in
// text and jsonb, and a lone UTF-16 surrogate has no UTF-8 form (it is silently turned into U+FFFD
// or refused, depending on the driver). Both are refused at the contract with a 400 naming the field
// (docs/decisions/0175-unsafe-text-and-deep-input.md).

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- matching the NUL control character is the point
const UNSAFE_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Request values nest at most this deep (the deepest form, a KYC step, nests 5 levels). */
export const MAX_INPUT_DEPTH = 32;

export const UNSAFE_TEXT_MESSAGE = 'contains a character that cannot be stored (a NUL character or an unpaired surrogate)';
export const TOO_DEEP_MESSAGE = `is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`;

export function isSafeText(text: string): boolean {
  return !UNSAFE_CHARACTER.test(text);
}

/**
 * A string schema that refuses unsafe characters; chain the usual checks after it
 * (`safeText().trim().max(100)`). `message` is what the caller sees, an i18n key in the KYC forms;
 * `params` are z.string's own (its message for a value that is not a string).
 */
export function safeText(message: string = UNSAFE_TEXT_MESSAGE, params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isSafeText, { message, abort: true });
}

export interface InputFlaw {
  /** Where the flaw is, as zod paths are: object keys and array indexes from the root. */
  path: Array<string | number>;
  kind: 'unsafeText' | 'tooDeep';
}

/** An object key shown in a path: its unsafe characters replaced, so the answer itself is clean text. */
function printableKey(key: string): string {
  return key.replace(new RegExp(UNSAFE_CHARACTER.source, 'g'), '\ufffd');
}

/**
 * The first unsafe string (value or object key) in document order, or the first value nested deeper
 * than `maxDepth`. Walks with its own stack, so a hostile nesting cannot overflow the call stack.
 */
export function findInputFlaw(value: unknown, maxDepth: number = MAX_INPUT_DEPTH): InputFlaw | undefined {
  type Entry = { value: unknown; path: Array<string | number>; unsafeKey?: boolean };
  const stack: Entry[] = [{ value, path: [] }];
  while (stack.length) {
    const next = stack.pop()!;
    if (next.unsafeKey || (typeof next.value === 'string' && !isSafeText(next.value))) return { path: next.path, kind: 'unsafeText' };
    if (next.value === null || typeof next.value !== 'object') continue;
    if (next.path.length >= maxDepth) return { path: next.path, kind: 'tooDeep' };
    const children: Entry[] = Array.isArray(next.value)
      ? next.value.map((item, index) => ({ value: item, path: [...next.path, index] }))
      : Object.entries(next.value).map(([key, item]) =>
          isSafeText(key) ? { value: item, path: [...next.path, key] } : { value: item, path: [...next.path, printableKey(key)], unsafeKey: true },
        );
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  return undefined;
}
