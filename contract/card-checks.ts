// Checks a card's own digits and dates can answer, before any acquirer is asked (decision 0351).
// The guest's payment page runs them so a typo costs neither a round trip nor one of the link's
// card attempts; the demo acquirer runs the same ones, as a real one would.

/** The Luhn checksum every payment card number carries: a mistyped digit fails it. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card is good through the last day of its expiry month. */
export function cardExpired(month: number, year: number, now: Date): boolean {
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

/** The card networks the guest's payment page tells apart by a card number's first digits. */
export const CARD_NETWORKS = ['Visa', 'Mastercard', 'Amex', 'Discover', 'Diners', 'JCB', 'UnionPay'] as const;
export type CardNetwork = (typeof CARD_NETWORKS)[number];

/** Whether the number's first `length` digits, read as a number, lie in [low, high]. */
const startsWithin = (digits: string, length: number, low: number, high: number) => {
  const head = Number(digits.slice(0, length));
  return digits.length >= length && head >= low && head <= high;
};

/**
 * A card's network from its first digits (the issuer identification ranges the networks publish), or null for a
 * number no network here issues. Discover's and UnionPay's ranges overlap at 622126-622925, which Discover
 * accepts for UnionPay: those read as UnionPay.
 */
export function cardNetworkOf(digits: string): CardNetwork | null {
  if (digits.startsWith('4')) return 'Visa';
  if (startsWithin(digits, 2, 51, 55) || startsWithin(digits, 4, 2221, 2720)) return 'Mastercard';
  if (digits.startsWith('34') || digits.startsWith('37')) return 'Amex';
  if (startsWithin(digits, 4, 3528, 3589)) return 'JCB';
  if (digits.startsWith('62')) return 'UnionPay';
  if (digits.startsWith('6011') || digits.startsWith('65') || startsWithin(digits, 3, 644, 649)) return 'Discover';
  if (startsWithin(digits, 3, 300, 305) || digits.startsWith('36') || digits.startsWith('38') || digits.startsWith('39')) return 'Diners';
  return null;
}
