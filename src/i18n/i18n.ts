import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

// One locale (en) and one namespace (common), spec 1 and 9. Each area keeps its strings in its own
// file under ./en/ (auth.json, shell.json, ...) so parallel work does not collide; they are merged
// into `common` here, so a key is `<area>.<...>` and lives in exactly one file.
const files = import.meta.glob<{ default: Record<string, unknown> }>('./en/*.json', { eager: true });

export function commonResources(): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const file of Object.values(files)) Object.assign(merged, file.default);
  return merged;
}

const resources: Resource = { en: { common: commonResources() as Resource[string][string] } };

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['common'],
  defaultNS: 'common',
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18next };
