import { z } from 'zod';

// A plausible value for a contract schema, built from its JSON Schema (the one the OpenAPI document
// is made from), and the paths of the strings in it: what a fuzz test mutates one at a time.

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
};

export type Path = Array<string | number>;

const SAMPLE_UUID = '00000000-0000-4000-8000-000000000001';
const SAMPLE_STRINGS: Record<string, string> = {
  uuid: SAMPLE_UUID,
  email: 'someone@example.test',
  date: '2026-01-15',
  'date-time': '2026-01-15T10:00:00.000Z',
  uri: 'https://example.test/',
};
/** Valid values of fields whose rule the JSON Schema does not carry (a refine, a pipe), by property name. */
const KNOWN_FIELDS: Array<[RegExp, string]> = [
  [/email$/i, 'someone@example.test'],
  [/country$/i, 'AT'],
  [/^currency$/, 'EUR'],
  [/^cardLast4$/, '4242'],
  [/^website$/, 'https://example.test'],
  [/phone$/i, '+43 1 234 5678'],
  [/^postal$/, '1010'],
  [/^password$/, 'Sample-pass-2026'],
];
const knownValue = (key: string | undefined) => (key === undefined ? undefined : KNOWN_FIELDS.find(([name]) => name.test(key))?.[1]);

function sampleOf(schema: JsonSchema, defs: Record<string, JsonSchema>, depth: number, key?: string): unknown {
  if (depth > 12) return undefined;
  if (schema.$ref) return sampleOf(defs[schema.$ref.split('/').pop()!] ?? {}, defs, depth + 1, key);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return sampleOf(options.find((option) => option.type !== 'null') ?? options[0]!, defs, depth + 1, key);
  if (schema.allOf?.length) return sampleOf(schema.allOf[0]!, defs, depth + 1, key);
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  if (type === 'object' || schema.properties)
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .map(([name, property]) => [name, sampleOf(property, defs, depth + 1, name)])
        .filter(([, value]) => value !== undefined),
    );
  if (type === 'array') {
    const items = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : []);
    return items.map((item) => sampleOf(item, defs, depth + 1));
  }
  if (type === 'string' || (type === undefined && knownValue(key))) return knownValue(key) ?? SAMPLE_STRINGS[schema.format ?? ''] ?? 'text';
  if (type === 'integer' || type === 'number') return typeof schema.default === 'number' ? schema.default : Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return true;
  return undefined;
}

/** A value shaped like what the schema accepts as input: every property present, one item per list. */
export function sampleInput(schema: z.core.$ZodType): unknown {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return sampleOf(json, { ...json.$defs, ...json.definitions }, 0);
}

/** The paths of every string in a value. */
export function stringPaths(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  return [];
}

/** A copy of `value` with the value at `path` replaced. */
export function replacedAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (!path.length) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replacedAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head!]: replacedAt(record[head!], rest, replacement) };
}
