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
