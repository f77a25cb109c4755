import type { $ZodType } from 'zod/v4/core';
import { z } from 'zod';
import type { FaultWords } from '../../src/components/form/problem-errors';

// What a form shows at each field its contract schema refuses, for the forms' fault-words tests: the catalogue read
// as i18next reads it, and the schema's faults put through the form's words, the first fault of each field kept as
// the form's resolver keeps it.

type Translate = (key: string, words?: Record<string, unknown>) => string;

/** `t` over the catalogue files given (src/i18n/en/*.json); a key without English words throws. */
export function catalogueOf(...areas: object[]): Translate {
  const en = Object.assign({}, ...areas) as Record<string, unknown>;
  return (key, words = {}) => {
    const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    if (typeof text !== 'string') throw new Error(`no catalogue text for ${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(words[name]));
  };
}

/** The words at each refused field of `valid` changed by `values`; {} when the schema takes them. */
export function faultsShown(schema: $ZodType, words: FaultWords, valid: Record<string, unknown>) {
  return (values: Record<string, unknown>): Record<string, string> => {
    const checked = z.safeParse(schema as z.ZodType, { ...valid, ...values });
    if (checked.success) return {};
    const first: Record<string, string> = {};
    for (const issue of checked.error.issues) {
      const path = issue.path.join('.');
      const said = words({ path, type: issue.code, message: issue.message }, {});
      first[path] ??= typeof said === 'string' ? said : said.message;
    }
    return first;
  };
}
