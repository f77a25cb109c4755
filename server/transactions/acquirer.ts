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
  refund(request: { orderId: string; refundId: string; amountMinor: number; currency: string }): Promise<RefundAnswer>;
  /**
   * The acquirer's later word on a refund it already answered (decision 0520): a Pending refund
   * settling, or a refund whose amount it corrected. Undefined: nothing new. A real adapter turns
   * the acquirer's notifications into these; the demo one derives them from the test amounts.
   */
  refundUpdate(request: { refundId: string; amountMinor: number; currency: string; state: RefundUpdateState }): Promise<RefundUpdate | undefined>;
}

export type AcquirerAnswer = { outcome: 'Succeeded'; reference: string } | { outcome: 'Declined'; reference: string; message: string };

/**
 * A refund's first answer: all of it refunded, none of it, not decided yet (Pending: a later
 * update says), or only `refundedMinor` of it (PartiallyAccepted; the rest stays with the order).
 */
export type RefundAnswer =
  AcquirerAnswer | { outcome: 'Pending'; reference: string } | { outcome: 'PartiallyAccepted'; reference: string; refundedMinor: number };

/** The refund states an acquirer may still have news about. */
export type RefundUpdateState = 'Pending' | 'Completed' | 'PartiallyAccepted';

/** A later word: a pending refund settles (in full, declined or in part), or a refunded amount is corrected to `refundedMinor`. */
export type RefundUpdate =
  | AcquirerAnswer
  | { outcome: 'PartiallyAccepted'; reference: string; refundedMinor: number }
  | { outcome: 'Changed'; reference: string; refundedMinor: number };

/** Demo test amount: a capture whose amount ends in 51 minor units (e.g. 12.51) is declined. */
export const DEMO_DECLINED_CAPTURE_SUFFIX = 51;

/**
 * Demo test amount: an authorization whose amount ends in 52 minor units (e.g. 80.52) is declined
 * ("insufficient funds"); so is any authorization of a card token ending in `-declined`.
 */
export const DEMO_DECLINED_AUTHORIZATION_SUFFIX = 52;
export const DEMO_DECLINED_CARD_TOKEN_SUFFIX = '-declined';

/** Demo test amount: a refund whose amount ends in 53 minor units (e.g. 20.53) is declined. */
export const DEMO_DECLINED_REFUND_SUFFIX = 53;

/**
 * Demo test amounts for the refund answers that come later or differ (decision 0520), next to 53:
 * 54 is answered Pending and settles in full on a later update; 55 is partially accepted (half of
 * it, rounded down, is refunded); 56 is refunded in full, then a later update corrects it to the
 * amount without its last two digits (20.56 becomes 20.00).
 */
export const DEMO_PENDING_REFUND_SUFFIX = 54;
export const DEMO_PARTIAL_REFUND_SUFFIX = 55;
export const DEMO_CHANGED_REFUND_SUFFIX = 56;
/** The demo acquirer's test amounts that have a later word: the refunds its update loop asks about. */
export const DEMO_REFUND_UPDATE_SUFFIXES = [DEMO_PENDING_REFUND_SUFFIX, DEMO_CHANGED_REFUND_SUFFIX] as const;

/** What the demo acquirer refunds of a partially accepted test amount: half, rounded down (never nothing). */
export function demoPartialRefundMinor(amountMinor: number): number {
  return Math.max(1, Math.floor(amountMinor / 2));
}

/** What the demo acquirer corrects a changed test amount to: without its last two digits (never nothing). */
export function demoChangedRefundMinor(amountMinor: number): number {
  return Math.max(1, amountMinor - (amountMinor % 100));
}

/**
 * The demo acquirer: deterministic, so a decline can be produced on purpose (the test amounts and
 * token above); everything else succeeds after `latencyMs`.
 */

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
      const ending = amountMinor % 100;
      if (ending === DEMO_DECLINED_REFUND_SUFFIX)
        return { outcome: 'Declined', reference, message: 'declined by the demo acquirer (test amount ending in 53)' };
      if (ending === DEMO_PENDING_REFUND_SUFFIX) return { outcome: 'Pending', reference };
      if (ending === DEMO_PARTIAL_REFUND_SUFFIX) return { outcome: 'PartiallyAccepted', reference, refundedMinor: demoPartialRefundMinor(amountMinor) };
      return { outcome: 'Succeeded', reference };
    },
    async refundUpdate({ amountMinor, refundId, state }) {
      await wait();
      const reference = `demo-ref-${refundId}`;
      const ending = amountMinor % 100;
      if (ending === DEMO_PENDING_REFUND_SUFFIX && state === 'Pending') return { outcome: 'Succeeded', reference };
      if (ending === DEMO_CHANGED_REFUND_SUFFIX && state === 'Completed')
        return { outcome: 'Changed', reference, refundedMinor: demoChangedRefundMinor(amountMinor) };
      return undefined;
    },
  };
}
