// The most characters each text field of a contract object takes, read from its schema, so a form that says the limit
// in its own words does not write the number a second time (one rule, one place).

/** What a zod schema offers to read a string's limit: its own, or the one of what it wraps (optional, nullable). */
interface LimitedSchema {
  maxLength?: number | null;
  unwrap?: () => unknown;
}

function maxLengthOf(schema: unknown): number | undefined {
  let current = schema as LimitedSchema | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current.maxLength === 'number') return current.maxLength;
    current = typeof current.unwrap === 'function' ? (current.unwrap() as LimitedSchema) : undefined;
  }
  return undefined;
}

/** Each text field of a zod object's shape with its most characters; fields without a limit are left out. */
export function textLimitsOf(shape: Readonly<Record<string, unknown>>): Readonly<Record<string, number>> {
  const limits: Record<string, number> = {};
  for (const [field, schema] of Object.entries(shape)) {
    const limit = maxLengthOf(schema);
    if (limit !== undefined) limits[field] = limit;
  }
  return limits;
}
