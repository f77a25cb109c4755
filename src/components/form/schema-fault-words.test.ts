import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeText } from '../../../contract/text';
import { catalogueOf, faultsShown } from '../../../testing/forms/fault-words';
import forms from '../../i18n/en/forms.json';
import { schemaFaultWords } from './schema-fault-words';

// The form kit's words for a contract schema's refusals: the catalogue's sentences by field and issue code, the text
// limits read from the schema itself (wrapped in optional or nullable too), a server's refusal as it wrote it.

const Schema = z.object({
  name: safeText().trim().min(1, { message: 'enter the name' }).max(12),
  note: safeText().max(30).nullable().optional(),
  code: z.string().regex(/^[A-Z]{3}$/, { message: 'use 3 capitals' }),
});
const t = catalogueOf(forms, { area: { nameMissing: 'Enter the name.', code: 'Enter 3 capital letters, such as {{sample}}.' } });
const words = schemaFaultWords(t, { shape: Schema.shape, keys: { 'name:too_small': 'area.nameMissing', 'code:*': 'area.code' }, words: { sample: 'EUR' } });
const shown = faultsShown(Schema, words, { name: 'Ada', code: 'EUR' });

describe("a contract schema refusal in the form kit's words", () => {
  it('by field and issue code, or by field for any code', () => {
    expect(shown({ name: '', code: 'eur' })).toEqual({ name: 'Enter the name.', code: 'Enter 3 capital letters, such as EUR.' });
  });

  it("a text over the schema's own limit, also inside optional and nullable", () => {
    expect(shown({ name: 'a'.repeat(13), note: 'b'.repeat(31) })).toEqual({ name: 'Use at most 12 characters.', note: 'Use at most 30 characters.' });
  });

  it('a character that cannot be stored, and a fault the table does not name', () => {
    expect(shown({ name: 'Ada\u0000' })).toEqual({ name: 'This text contains a character that cannot be stored.' });
    expect(shown({ note: 5 })).toEqual({ note: 'Check this field.' });
  });

  it("keeps a server's refusal as the server wrote it", () => {
    expect(words({ path: 'code', type: 'server', message: 'this group does not take USD' }, {})).toBe('this group does not take USD');
  });
});
