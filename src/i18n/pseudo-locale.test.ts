import { describe, expect, it } from 'vitest';
import { pseudoCatalogue, pseudoString } from './pseudo-catalogue';

describe('the pseudo-locale en-XA', () => {
  it('accents and lengthens a string inside brackets, keeping its placeholders, nested keys and markup', () => {
    expect(pseudoString('Save')).toBe('⟦Šáṽé~~⟧');
    const said = pseudoString('Hello {{name}}, see $t(common.error) and <strong>this</strong>');
    expect(said).toMatch(/^⟦Ĥéļļó \{\{name\}\}, šéé \$t\(common\.error\) áñð <strong>ţĥíš<\/strong>~+⟧$/);
    expect(said.replace(/\{\{name\}\}|\$t\(common\.error\)|<\/?strong>/g, '')).not.toMatch(/[A-Za-z]/);
  });

  it('turns every string of a catalogue and leaves blank ones blank', () => {
    expect(pseudoCatalogue({ a: { b: 'Yes', c: '' }, d: ['No'] })).toEqual({ a: { b: '⟦Ýéš~⟧', c: '' }, d: ['⟦Ñó~⟧'] });
  });
});
