import { describe, expect, it } from 'vitest';
import { CreatePropertyBodySchema } from '../../../contract/property-lifecycle';
import forms from '../../i18n/en/forms.json';
import properties from '../../i18n/en/properties.json';
import { catalogueOf, faultsShown } from '../../../testing/forms/fault-words';
import { propertyFaultWords } from './property-fault-words';

// The new property form says what the contract refuses in the catalogue's sentences, not the contract's
// lower-case words for integrations ("enter the property name", "use HH:MM", "not a known time zone").

const words = propertyFaultWords(catalogueOf(forms, properties));
const valid = { name: 'Tulip Garden Hotel', currency: 'EUR', timezone: 'Europe/Amsterdam', checkinTime: '15:00', checkoutTime: '11:00' };
/** What the form shows at each field the schema refuses. */
const shown = faultsShown(CreatePropertyBodySchema, words, valid);

describe('the new property form says what the contract refuses', () => {
  it('a missing name, currency and time zone', () => {
    expect(shown({ name: '', currency: '', timezone: '' })).toEqual({
      name: 'Enter the property name: at least 2 characters.',
      currency: 'Enter the 3-letter ISO 4217 code of a currency, such as EUR or JPY.',
      timezone: "Enter the property's time zone, such as Europe/Amsterdam.",
    });
    expect(shown({ name: undefined })).toEqual({ name: 'Enter the property name: at least 2 characters.' });
  });

  it('an unknown time zone, a time of day not in hours and minutes, a group that is not an id', () => {
    expect(shown({ timezone: 'Mars/Olympus', checkinTime: '3pm', checkoutTime: '25:99', merchantGroupId: 'lagoon' })).toEqual({
      timezone: 'Enter a known time zone, such as Europe/Amsterdam.',
      checkinTime: 'Use hours and minutes, such as 15:00.',
      checkoutTime: 'Use hours and minutes, such as 15:00.',
      merchantGroupId: 'Choose the group the property joins.',
    });
  });

  it('text over its limit and a character that cannot be stored', () => {
    expect(shown({ name: 'a'.repeat(201), timezone: 'b'.repeat(65) })).toEqual({ name: 'Use at most 200 characters.', timezone: 'Use at most 64 characters.' });
    expect(shown({ name: 'Tulip\u0000' })).toEqual({ name: 'This text contains a character that cannot be stored.' });
  });

  it("keeps a server's refusal as the server wrote it", () => {
    expect(words({ path: 'currency', type: 'server', message: 'the group does not take USD' }, {})).toBe('the group does not take USD');
  });
});
