// ISO 3166-1 alpha-2 codes named by the browser (Intl.DisplayNames), so no country table has to be
// shipped or kept up to date. Codes that are not countries (EU, UN, private-use...) are left out.
const NOT_COUNTRIES = new Set([
  'EU',
  'EZ',
  'UN',
  'ZZ',
  'QO',
  'XA',
  'XB',
  'XK',
  'AA',
  'QM',
  'QN',
  'QP',
  'QQ',
  'QR',
  'QS',
  'QT',
  'QU',
  'QV',
  'QW',
  'QX',
  'QY',
  'QZ',
]);

let cached: Array<{ value: string; label: string }> | undefined;

export function countryOptions(locale = 'en'): Array<{ value: string; label: string }> {
  if (cached) return cached;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const found: Array<{ value: string; label: string }> = [];
  for (const a of letters)
    for (const b of letters) {
      const code = a + b;
      if (NOT_COUNTRIES.has(code) || code.startsWith('X') || code.startsWith('Q')) continue;
      const label = names.of(code);
      if (label && label !== code) found.push({ value: code, label });
    }
  cached = found.sort((x, y) => x.label.localeCompare(y.label, locale));
  return cached;
}
