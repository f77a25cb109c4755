import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LINK_STATE_LABELS_EN } from '../../contract/link-state';
import { ORDER_STATUS_LABELS_EN, PAYMENT_TYPE_LABELS_EN } from '../../contract/transactions';
import { PAYOUT_SCHEDULE_LABELS_EN, PAYOUT_STATUS_LABELS_EN } from '../../contract/payouts';

// xlsx exports write the words the screen shows (decision 0202). The server cannot read the SPA's
// catalogue, so the contract holds the English words; this pins them to the catalogue.
const catalogue = (area: string) => JSON.parse(readFileSync(`src/i18n/en/${area}.json`, 'utf8')) as Record<string, Record<string, Record<string, string>>>;

describe('export labels are the screen words', () => {
  it('transactions: payment types and statuses', () => {
    const transactions = catalogue('transactions').transactions!;
    expect(PAYMENT_TYPE_LABELS_EN).toEqual(transactions.paymentType);
    expect(ORDER_STATUS_LABELS_EN).toEqual(transactions.status);
  });

  it("transactions: the payment link's own states", () => {
    expect(LINK_STATE_LABELS_EN).toEqual(catalogue('link-states').linkStates!.state);
  });

  it('payouts: statuses and schedules', () => {
    const payouts = catalogue('payouts').payouts!;
    expect(PAYOUT_STATUS_LABELS_EN).toEqual(payouts.status);
    expect(PAYOUT_SCHEDULE_LABELS_EN).toEqual(payouts.schedule);
  });
});
