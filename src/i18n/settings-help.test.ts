import { describe, expect, it } from 'vitest';
import { SETTINGS_KIND_DEFINITIONS } from '../../contract/settings/kinds';
import settingsArea from './en/settings.json';

// A field's help (settings.help.<kind>.<field>) says what the field does, or that it is kept but not applied yet
// (decision 0698): each names a field its kind's settings have, so none is left behind when a field is renamed.
describe("the settings fields' help", () => {
  it('names only fields of its kind', () => {
    const help = settingsArea.settings.help as Record<string, Record<string, string>>;
    for (const [kind, fields] of Object.entries(help)) {
      const definition = SETTINGS_KIND_DEFINITIONS[kind as keyof typeof SETTINGS_KIND_DEFINITIONS];
      expect(definition, kind).toBeDefined();
      const known = Object.keys(definition.defaults as object);
      for (const field of Object.keys(fields)) expect(known, `${kind}.${field}`).toContain(field);
    }
  });
});
