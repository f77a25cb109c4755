import { randomUUID } from 'node:crypto';

/**
 * What the back office needs from the card acquirer (decision 0205). A real adapter speaks the
 * acquirer's API; the demo one below stands in for it. Amounts are minor units of `currency`.
 */
export interface Acquirer {
  capture(request: { orderId: string; amountMinor: number; currency: string }): Promise<AcquirerAnswer>;
  void(request: { orderId: string; amountMinor: number; currency: string }): Promise<AcquirerAnswer>;
}

export type AcquirerAnswer = { outcome: 'Succeeded'; reference: string } | { outcome: 'Declined'; reference: string; message: string };

/** Demo test amount: a capture whose amount ends in 51 minor units (e.g. 12.51) is declined. */
export const DEMO_DECLINED_CAPTURE_SUFFIX = 51;

/**
 * The demo acquirer: deterministic, so a decline can be produced on purpose (the test amount
 * above); everything else succeeds after `latencyMs`.
 */
export function demoAcquirer(latencyMs: number): Acquirer {
  const wait = () => (latencyMs > 0 ? new Promise((resolve) => setTimeout(resolve, latencyMs)) : Promise.resolve());
  return {
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
  };
}
