import { randomUUID } from 'node:crypto';

/**
 * What the back office needs from the card acquirer (decision 0205). A real adapter speaks the
 * acquirer's API; the demo one below stands in for it. Amounts are minor units of `currency`.
 */
export interface Acquirer {
  /** A new hold on the card behind `cardToken` (the token kept at tokenization; never a card number). */
  authorize(request: { orderId: string; cardToken: string; amountMinor: number; currency: string }): Promise<AcquirerAnswer>;
  capture(request: { orderId: string; amountMinor: number; currency: string }): Promise<AcquirerAnswer>;
  void(request: { orderId: string; amountMinor: number; currency: string }): Promise<AcquirerAnswer>;
  /** Gives captured money back (decision 0230); `refundId` lets the acquirer drop a repeat of the same refund. */
  refund(request: { orderId: string; refundId: string; amountMinor: number; currency: string }): Promise<AcquirerAnswer>;
}

export type AcquirerAnswer = { outcome: 'Succeeded'; reference: string } | { outcome: 'Declined'; reference: string; message: string };

/** Demo test amount: a capture whose amount ends in 51 minor units (e.g. 12.51) is declined. */
export const DEMO_DECLINED_CAPTURE_SUFFIX = 51;

/**
 * Demo test amount: an authorization whose amount ends in 52 minor units (e.g. 80.52) is declined
 * ("insufficient funds"); so is any authorization of a card token ending in `-declined`.
 */
export const DEMO_DECLINED_AUTHORIZATION_SUFFIX = 52;
export const DEMO_DECLINED_CARD_TOKEN_SUFFIX = '-declined';

/**
 * The demo acquirer: deterministic, so a decline can be produced on purpose (the test amounts and
 * token above); everything else succeeds after `latencyMs`.
 */
/** Demo test amount: a refund whose amount ends in 53 minor units (e.g. 20.53) is declined. */
export const DEMO_DECLINED_REFUND_SUFFIX = 53;

export function demoAcquirer(latencyMs: number): Acquirer {
  const wait = () => (latencyMs > 0 ? new Promise((resolve) => setTimeout(resolve, latencyMs)) : Promise.resolve());
  return {
    async authorize({ amountMinor, cardToken }) {
      await wait();
      const reference = `demo-auth-${randomUUID()}`;
      if (amountMinor % 100 === DEMO_DECLINED_AUTHORIZATION_SUFFIX)
        return { outcome: 'Declined', reference, message: 'insufficient funds (demo acquirer: test amount ending in 52)' };
      if (cardToken.endsWith(DEMO_DECLINED_CARD_TOKEN_SUFFIX))
        return { outcome: 'Declined', reference, message: 'card declined (demo acquirer: test card token)' };
      return { outcome: 'Succeeded', reference };
    },
    async capture({ amountMinor }) {
      await wait();
      const reference = `demo-cap-${randomUUID()}`;
      if (amountMinor % 100 === DEMO_DECLINED_CAPTURE_SUFFIX)
        return { outcome: 'Declined', reference, message: 'declined by the demo acquirer (test amount ending in 51)' };
      return { outcome: 'Succeeded', reference };
    },
    async void() {
      await wait();
      return { outcome: 'Succeeded', reference: `demo-void-${randomUUID()}` };
    },
    async refund({ amountMinor, refundId }) {
      await wait();
      const reference = `demo-ref-${refundId}`;
      if (amountMinor % 100 === DEMO_DECLINED_REFUND_SUFFIX)
        return { outcome: 'Declined', reference, message: 'declined by the demo acquirer (test amount ending in 53)' };
      return { outcome: 'Succeeded', reference };
    },
  };
}
