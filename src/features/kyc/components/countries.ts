import { COUNTRY_CODES } from '../../../../contract/countries';

// The contract's ISO 3166-1 codes (the server accepts exactly these), named by the browser
// (Intl.DisplayNames), so no table of names has to be shipped or kept up to date.
const cached = new Map<string, Array<{ value: string; label: string }>>();

export function countryOptions(locale = 'en'): Array<{ value: string; label: string }> {
  const known = cached.get(locale);
  if (known) return known;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const options = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((x, y) => x.label.localeCompare(y.label, locale));
  cached.set(locale, options);
  return options;
}
