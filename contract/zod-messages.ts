import { config, type $ZodRawIssue } from 'zod/v4/core';

// The words of a rule that names none (decision 0346). Without them zod answers its own, "Too big:
// expected string to have <=100 characters", and the screens show that to people. One sentence per
// kind of limit, in the server's style (lower case, no full stop); a rule's own message still wins.
// Installed once for both sides: contract/endpoint.ts, which every contract module imports, imports this.

function limitMessage(issue: $ZodRawIssue): string | undefined {
  if (issue.code === 'too_big') {
    const limit = Number(issue.maximum).toLocaleString('en');
    if (issue.origin === 'string') return `use at most ${limit} characters`;
    if (issue.origin === 'array' || issue.origin === 'set') return `choose at most ${limit}`;
    if (issue.origin === 'number' || issue.origin === 'bigint') return issue.inclusive === false ? `enter less than ${limit}` : `enter at most ${limit}`;
  }
  if (issue.code === 'too_small') {
    const limit = Number(issue.minimum);
    if (issue.origin === 'string') return limit <= 1 ? 'this field is required' : `use at least ${limit.toLocaleString('en')} characters`;
    if (issue.origin === 'array' || issue.origin === 'set') return limit <= 1 ? 'choose at least one' : `choose at least ${limit.toLocaleString('en')}`;
    if (issue.origin === 'number' || issue.origin === 'bigint')
      return issue.inclusive === false ? `enter more than ${limit.toLocaleString('en')}` : `enter at least ${limit.toLocaleString('en')}`;
  }
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) return 'this field is required';
  if (issue.code === 'invalid_value') return 'choose one of the options offered';
  return undefined;
}

config({ customError: limitMessage });

/**
 * A field's own message for when it is missing or of the wrong kind, leaving its limits to their own
 * words: `z.string({ error: whenMissing('enter the property name') })`. (`{ message }` on the type
 * would answer "enter the property name" for a name that is too long, too.)
 */
export function whenMissing(message: string): (issue: $ZodRawIssue) => string | undefined {
  return (issue) => (issue.code === 'invalid_type' ? message : undefined);
}
