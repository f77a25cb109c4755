import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_STRINGS, i18next, loadSignedInTranslations } from './i18n';

// The first load carries the public screens' strings; the rest arrive with the signed-in shell.
const FIRST_LOAD = ['auth.json', 'common.json', 'shell.json'];
/** Not in the signed-in strings either: src/lib/refusals.ts carries them (src/i18n/signed-in-strings.ts). */
const REFUSAL_WORDS = 'problems.json';
const dir = path.join(import.meta.dirname, 'en');

/** The dotted path of the first string in an area file. */
function firstKeyOf(file: string): string {
  let node: unknown = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const keys: string[] = [];
  while (node && typeof node === 'object') {
    const [key, value] = Object.entries(node)[0]!;
    keys.push(key);
    node = value;
  }
  return keys.join('.');
}

describe('translations in two parts', () => {
  it('has the public screens and the guard translated at once, every other area after loadSignedInTranslations', async () => {
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    const later = files.filter((file) => !FIRST_LOAD.includes(file));
    expect(later.length).toBeGreaterThan(3);
    // The first load's own strings, not the live instance: another test file in the same worker may
    // already have loaded the signed-in strings into it.
    const firstLoadAreas = Object.keys(FIRST_LOAD_STRINGS);
    for (const file of FIRST_LOAD) expect(firstLoadAreas, file).toContain(firstKeyOf(file).split('.')[0]);
    // A later file may add to a first-load area (shell-signed-in.json: the shell's menus and route titles), never repeat its strings.
    const inFirstLoad = (key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], FIRST_LOAD_STRINGS);
    for (const file of later) expect(inFirstLoad(firstKeyOf(file)), file).toBeUndefined();
    expect((FIRST_LOAD_STRINGS as Record<string, unknown>).shell, 'the signed-in shell strings stay off the first load').not.toHaveProperty('menu');
    await loadSignedInTranslations();
    for (const file of later.filter((name) => name !== REFUSAL_WORDS)) expect(i18next.exists(firstKeyOf(file)), file).toBe(true);
    // The refusals' words come with the module that says them, fetched with the first refusal.
    await import('../lib/refusals');
    for (const file of files) expect(i18next.exists(firstKeyOf(file)), file).toBe(true);
  });
});

describe('counts in sentences', () => {
  it('groups a count by thousands, as the tables do, and still picks the plural by it', async () => {
    await loadSignedInTranslations();
    // A provider with thousands of groups: "3009" was printed as it came.
    expect(i18next.t('properties.create.groupsShown', { shown: 20, total: 3009 })).toBe('20 of 3,009 groups shown: type more of the name to find the others.');
    expect(i18next.t('capabilities.picker.more', { shown: 50, total: 15016 })).toMatch(/^Showing 50 of 15,016:/);
    expect(i18next.t('home.merchant.failedPayments', { count: 1234 })).toBe('1,234 failed payments this week');
    expect(i18next.t('home.merchant.failedPayments', { count: 1 })).toBe('1 failed payment this week');
  });
});
