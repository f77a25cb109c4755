// How a settings form shows each field of its kind: the kind's schema (contract/settings/) decides
// what is valid; a field spec only says which control edits it. Pure, so it is tested without a DOM.

export type FieldSpec =
  | { name: string; control: 'text' | 'email' | 'tel' | 'time' | 'date' }
  /** One of `options`; labels from settings.options.<optionSet>.<option>. */
  | { name: string; control: 'select'; options: readonly string[]; optionSet: string }
  /** Any of `options`, as checkboxes. */
  | { name: string; control: 'checkboxes'; options: readonly string[]; optionSet: string }
  | { name: string; control: 'boolean' }
  | { name: string; control: 'number' }
  /** A list typed as text, separated by commas or new lines (e-mail addresses, domains, currency codes). */
  | { name: string; control: 'list'; upperCase?: boolean }
  /** Integer minor units of the currency held in `currencyField`. */
  | { name: string; control: 'money'; currencyField: string };

/** What the inputs hold: text for text-like fields, arrays for checkboxes, booleans, minor units or null for money. */
export type DraftValue = string | string[] | boolean | number | null;
export type Draft = Record<string, DraftValue>;

export function splitList(text: string, upperCase = false): string[] {
  return text
    .split(/[\s,;]+/)
    .map((item) => (upperCase ? item.trim().toUpperCase() : item.trim()))
    .filter((item) => item.length > 0);
}

/** Stored values as the inputs show them. */
export function draftOf(fields: readonly FieldSpec[], values: Record<string, unknown>): Draft {
  const draft: Draft = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.control === 'list') draft[field.name] = Array.isArray(value) ? value.join(', ') : '';
    else if (field.control === 'checkboxes') draft[field.name] = Array.isArray(value) ? value.map(String) : [];
    else if (field.control === 'boolean') draft[field.name] = value === true;
    else if (field.control === 'number') draft[field.name] = typeof value === 'number' ? String(value) : '';
    else if (field.control === 'money') draft[field.name] = typeof value === 'number' ? value : null;
    else draft[field.name] = typeof value === 'string' ? value : '';
  }
  return draft;
}

/** What the inputs hold as the values the kind's schema checks (a number field that is not a number stays text, so the schema refuses it). */
export function valuesOf(fields: readonly FieldSpec[], draft: Draft): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = draft[field.name];
    if (field.control === 'list') values[field.name] = splitList(String(value ?? ''), field.upperCase);
    else if (field.control === 'number') {
      const text = String(value ?? '').trim();
      values[field.name] = text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    } else values[field.name] = value;
  }
  return values;
}

/**
 * Field errors keyed by field: the first message of the field itself or of any item in it
 * (`to.1` belongs to `to`), with the offending item of a list named.
 */
export function errorsByField(
  fields: readonly FieldSpec[],
  errors: Record<string, string[]>,
  values: Record<string, unknown>,
): Record<string, { key: string; item?: string }> {
  const byField: Record<string, { key: string; item?: string }> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const [name, index] = path.split('.');
    const field = fields.find((candidate) => candidate.name === name);
    if (!field || byField[field.name] || !messages[0]) continue;
    const list = values[field.name];
    const item = index !== undefined && Array.isArray(list) ? String(list[Number(index)]) : undefined;
    byField[field.name] = { key: messages[0], item };
  }
  return byField;
}
