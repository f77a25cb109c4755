import { describe, expect, it } from 'vitest';
import { CurrencyRulesSchema } from '../../../contract/settings/currency-rules';
import { draftOf, errorsByField, splitList, valuesOf, type FieldSpec } from './field-spec';

const FIELDS: readonly FieldSpec[] = [
  { name: 'to', control: 'list' },
  { name: 'codes', control: 'list', upperCase: true },
  { name: 'hours', control: 'number' },
  { name: 'on', control: 'boolean' },
  { name: 'days', control: 'checkboxes', options: ['Mon', 'Tue'], optionSet: 'weekdays' },
];

describe('settings form values', () => {
  it('splits typed lists on commas, semicolons and new lines', () => {
    expect(splitList(' a@x.example,b@x.example;\nc@x.example ,, ')).toEqual(['a@x.example', 'b@x.example', 'c@x.example']);
    expect(splitList('eur usd', true)).toEqual(['EUR', 'USD']);
  });

  it('turns stored values into inputs and back', () => {
    const stored = { to: ['a@x.example', 'b@x.example'], codes: ['EUR'], hours: 48, on: true, days: ['Tue'] };
    const draft = draftOf(FIELDS, stored);
    expect(draft).toEqual({ to: 'a@x.example, b@x.example', codes: 'EUR', hours: '48', on: true, days: ['Tue'] });
    expect(valuesOf(FIELDS, draft)).toEqual(stored);
  });

  it('keeps a number field that is not a number as text, so the schema refuses it', () => {
    expect(valuesOf(FIELDS, { ...draftOf(FIELDS, {}), hours: '4x' }).hours).toBe('4x');
    expect(valuesOf(FIELDS, { ...draftOf(FIELDS, {}), hours: '' }).hours).toBe('');
  });

  it('puts an error of a list item on its field, naming the item', () => {
    const values = { acceptedCurrencies: ['EUR', 'XXQ'], settlementCurrency: 'EUR' };
    const result = CurrencyRulesSchema.safeParse(values);
    expect(result.success).toBe(false);
    const errors: Record<string, string[]> = {};
    for (const issue of result.error!.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
    const fields: FieldSpec[] = [
      { name: 'acceptedCurrencies', control: 'list', upperCase: true },
      { name: 'settlementCurrency', control: 'text' },
    ];
    expect(errorsByField(fields, errors, values)).toEqual({ acceptedCurrencies: { key: 'settings.validation.currency', item: 'XXQ' } });
  });
});
