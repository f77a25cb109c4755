import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { mergeAreas, type AreaStrings } from './merge-areas';
import { pseudoLocaleChosen, PSEUDO_LOCALE } from './pseudo-locale';

// One locale (en) and one namespace (common), spec 1 and 9. Each area keeps its strings in its own
// file under ./en/ (auth.json, shell.json, ...) so parallel work does not collide; they are merged
// into `common`, so a key is `<area>.<...>` and lives in exactly one file.
// The strings of the public screens and the guard (auth, common, shell) come with the first load;
// the other areas arrive with the signed-in shell (loadSignedInTranslations), so /sign-in does not
// download them (issue 13 "First load").
const firstLoad = import.meta.glob<AreaStrings>(['./en/auth.json', './en/common.json', './en/shell.json'], { eager: true });

/** The strings the first load carries (what the bundle holds before loadSignedInTranslations). */
export const FIRST_LOAD_STRINGS = mergeAreas(Object.values(firstLoad)) as Resource[string][string];
const resources: Resource = { en: { common: FIRST_LOAD_STRINGS } };
// The pseudo-locale (decision 0480) is the en catalogue transformed, never a catalogue of its own.
const pseudo = pseudoLocaleChosen();

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['common'],
  defaultNS: 'common',
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
});

// Its transformation is fetched only when en-XA is shown, so an English visit does not carry it; the app
// renders once it is in (translationsReady), so no English string shows first.
let pseudoCatalogue: (<T>(node: T) => T) | undefined;

/** Settles once the first load's strings are in the language this visit shows. */
export const translationsReady: Promise<void> = pseudo
  ? import('./pseudo-catalogue').then(async (module) => {
      pseudoCatalogue = module.pseudoCatalogue;
      i18next.addResourceBundle(PSEUDO_LOCALE, 'common', module.pseudoCatalogue(FIRST_LOAD_STRINGS), true, true);
      await i18next.changeLanguage(PSEUDO_LOCALE);
    })
  : Promise.resolve();

let signedInStrings: Promise<void> | undefined;

/** Adds the strings of every other area (one download, once); the shell waits for it before showing a screen. */
export function loadSignedInTranslations(): Promise<void> {
  signedInStrings ??= import('./signed-in-strings').then(({ SIGNED_IN_STRINGS }) => {
    i18next.addResourceBundle('en', 'common', SIGNED_IN_STRINGS, true, true);
    if (pseudoCatalogue) i18next.addResourceBundle(PSEUDO_LOCALE, 'common', pseudoCatalogue(SIGNED_IN_STRINGS), true, true);
  });
  return signedInStrings;
}

/** Adds an area's strings that a screen carries itself (the guest's page), in the pseudo-locale too when it is shown. */
export function addAreaStrings(strings: Record<string, unknown>): void {
  i18next.addResourceBundle('en', 'common', strings, true, true);
  if (pseudoCatalogue) i18next.addResourceBundle(PSEUDO_LOCALE, 'common', pseudoCatalogue(strings), true, true);
}

export { i18next };
