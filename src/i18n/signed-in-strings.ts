import { mergeAreas, type AreaStrings } from './merge-areas';

// Every area the first load does not carry (see i18n.ts): one chunk, loaded with the signed-in shell. The refusals'
// words (problems.json) come only with the module that says them (src/lib/refusals.ts, fetched with the first
// refusal): shared by two chunks, they would become a chunk of their own that the first load has to name.
const files = import.meta.glob<AreaStrings>(['./en/*.json', '!./en/auth.json', '!./en/common.json', '!./en/shell.json', '!./en/problems.json'], {
  eager: true,
});

export const SIGNED_IN_STRINGS = mergeAreas(Object.values(files));
