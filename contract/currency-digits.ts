// The number of minor digits of a currency (its ISO 4217 exponent: JPY 0, EUR 2, KWD 3), for rules
// both sides apply. Intl knows them in the browser and on the server alike; 2 for a code it does not.

export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Whether an amount in major units has no more decimals than the currency has (250.75 JPY has too many). */
export function fitsCurrencyDigits(amount: number, currency: string): boolean {
  const scaled = amount * 10 ** currencyDigits(currency);
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}
