import { mergeAreas, type AreaStrings } from './merge-areas';

// Every area the first load does not carry (see i18n.ts): one chunk, loaded with the signed-in shell.
const files = import.meta.glob<AreaStrings>(['./en/*.json', '!./en/auth.json', '!./en/common.json', '!./en/shell.json'], { eager: true });

export const SIGNED_IN_STRINGS = mergeAreas(Object.values(files));
