/** An amount in minor units as e-mail text ("EUR 125.00"), the currency's own number of decimals (ISO 4217, via Intl). */
export function formatMinor(amountMinor: number, currency: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return `${currency} ${(amountMinor / 10 ** digits).toFixed(digits)}`;
}
