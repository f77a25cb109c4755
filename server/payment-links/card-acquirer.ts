import { randomBytes, randomUUID } from 'node:crypto';
import { cardExpired, cardNetworkOf, passesLuhn } from '../../contract/card-checks';
import type { AcquirerAnswer } from '../transactions/acquirer';

/**
 * What the guest's payment page needs from the acquirer (decision 0220), beside the capture and
 * void of server/transactions/acquirer.ts: the card is exchanged for a token once, and the token is then
 * charged (`capture: true`, pay now) or held (`capture: false`, authorize). The card number and
 * CVC exist only in this call's arguments: nothing here stores or logs them.
 */
export interface CardAcquirer {
  tokenize(card: CardDetails): Promise<TokenizeAnswer>;
  sale(request: { cardToken: string; amountMinor: number; currency: string; capture: boolean }): Promise<AcquirerAnswer>;
}

export interface CardDetails {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
  holder: string;
  /** Ask the issuer to confirm the guest (3-D Secure); the property's processing settings say whether (decision 0698). */
  authenticate: boolean;
}

export type TokenizeAnswer =
  | { outcome: 'Tokenized'; token: string; brand: string; last4: string; expiryMonth: number; expiryYear: number }
  | { outcome: 'Declined' | 'AuthenticationFailed'; message: string };

/**
 * The demo acquirer's test cards (any future expiry, any CVC, any name):
 * - 4242 4242 4242 4242 (Visa) and 5555 5555 5555 4444 (Mastercard): accepted;
 * - 4000 0000 0000 0002: declined by the issuer;
 * - 4000 0000 0000 3220: the guest fails the issuer's authentication (3-D Secure), when the property asks for it;
 * Any other number passing the Luhn check is accepted too; one failing it is declined.
 * A sale whose amount ends in 51 minor units is declined, as a capture is (server/transactions/acquirer.ts).
 */
export const DEMO_CARDS = {
  success: '4242424242424242',
  successMastercard: '5555555555554444',
  declined: '4000000000000002',
  authenticationFailed: '4000000000003220',
} as const;
const DECLINED_SALE_SUFFIX = 51;

const brandOf = (digits: string): string => cardNetworkOf(digits) ?? 'Card';

export function demoCardAcquirer(latencyMs: number): CardAcquirer {
  const wait = () => (latencyMs > 0 ? new Promise((resolve) => setTimeout(resolve, latencyMs)) : Promise.resolve());
  return {
    async tokenize(card) {
      await wait();
      if (card.authenticate && card.number === DEMO_CARDS.authenticationFailed)
        return { outcome: 'AuthenticationFailed', message: 'The card issuer could not confirm it is you.' };
      if (card.number === DEMO_CARDS.declined || !passesLuhn(card.number)) return { outcome: 'Declined', message: 'The card was declined.' };
      if (cardExpired(card.expiryMonth, card.expiryYear, new Date())) return { outcome: 'Declined', message: 'The card has expired.' };
      // 128 random bits: the token says nothing about the number it stands for. Its hex digits are
      // spelled as letters (0-9 -> g-p), so no token ever looks like a card number (the orders
      // table refuses a card_token holding 12 digits in a row, decision 0210).
      return {
        outcome: 'Tokenized',
        token: `demo-tok-${randomBytes(16)
          .toString('hex')
          .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`,
        brand: brandOf(card.number),
        last4: card.number.slice(-4),
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
      };
    },
    async sale({ amountMinor, capture }) {
      await wait();
      const reference = `demo-${capture ? 'sale' : 'auth'}-${randomUUID()}`;
      if (amountMinor % 100 === DECLINED_SALE_SUFFIX) return { outcome: 'Declined', reference, message: 'The card was declined.' };
      return { outcome: 'Succeeded', reference };
    },
  };
}
