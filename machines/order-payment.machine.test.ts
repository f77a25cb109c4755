import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../contract/transactions';
import { ORDER_PAYMENT_ACTIONS } from '../contract/transaction-payments';
import { allowedOrderActions, nextOrderStatus, orderPaymentMachine, type PaymentLedger } from './order-payment.machine';

// Decision 0205, written out independently of the machine.
const HELD: PaymentLedger = { openMinor: 10_000, capturedMinor: 0, orderAmountMinor: 10_000 };
const PART_CAPTURED: PaymentLedger = { openMinor: 4_000, capturedMinor: 6_000, orderAmountMinor: 10_000 };
const NOTHING_OPEN: PaymentLedger = { openMinor: 0, capturedMinor: 0, orderAmountMinor: 10_000 };
const SETTLED: PaymentLedger = { openMinor: 0, capturedMinor: 10_000, orderAmountMinor: 10_000 };

describe('authorizing the tokenized card (AUREQ)', () => {
  it('authorizes up to the order amount while no hold is open and nothing was captured, staying Tokenized', () => {
    expect(nextOrderStatus('Tokenized', 'authorize', NOTHING_OPEN)).toBe('Tokenized');
    expect(nextOrderStatus('Tokenized', 'authorize', NOTHING_OPEN, 2_500)).toBe('Tokenized');
    expect(allowedOrderActions('Tokenized', NOTHING_OPEN)).toEqual(['authorize', 'cancel', 'updateReferenceNo']);
  });

  it('never over the order amount, nothing, on top of an open hold, after a capture, or outside Tokenized', () => {
    expect(nextOrderStatus('Tokenized', 'authorize', NOTHING_OPEN, 10_001)).toBeUndefined();
    expect(nextOrderStatus('Tokenized', 'authorize', NOTHING_OPEN, 0)).toBeUndefined();
    expect(nextOrderStatus('Tokenized', 'authorize', HELD)).toBeUndefined();
    expect(nextOrderStatus('Tokenized', 'authorize', PART_CAPTURED)).toBeUndefined();
    expect(nextOrderStatus('Tokenized', 'authorize', { ...NOTHING_OPEN, capturedMinor: 4_000 })).toBeUndefined();
    for (const status of ORDER_STATUSES.filter((s) => s !== 'Tokenized')) expect(nextOrderStatus(status, 'authorize', NOTHING_OPEN), status).toBeUndefined();
  });
});

describe('order payment machine', () => {
  it('captures part of a hold and stays Tokenized, captures the rest and becomes Paid', () => {
    expect(nextOrderStatus('Tokenized', 'capture', HELD, 6_000)).toBe('Tokenized');
    expect(nextOrderStatus('Tokenized', 'capture', PART_CAPTURED, 4_000)).toBe('Paid');
    expect(nextOrderStatus('Tokenized', 'capture', HELD)).toBe('Paid');
  });

  it('never captures more than is open, nothing, or without a hold', () => {
    expect(nextOrderStatus('Tokenized', 'capture', HELD, 10_001)).toBeUndefined();
    expect(nextOrderStatus('Tokenized', 'capture', PART_CAPTURED, 4_001)).toBeUndefined();
    expect(nextOrderStatus('Tokenized', 'capture', HELD, 0)).toBeUndefined();
    expect(nextOrderStatus('Tokenized', 'capture', HELD, -5)).toBeUndefined();
    expect(nextOrderStatus('Tokenized', 'capture', NOTHING_OPEN)).toBeUndefined();
  });

  it('voids the rest after a capture (Paid) or an untouched hold (card stays Tokenized)', () => {
    expect(nextOrderStatus('Tokenized', 'void', PART_CAPTURED)).toBe('Paid');
    expect(nextOrderStatus('Tokenized', 'void', HELD)).toBe('Tokenized');
    expect(nextOrderStatus('Tokenized', 'void', NOTHING_OPEN)).toBeUndefined();
  });

  it('cancels before any money moved, never after a capture, never twice', () => {
    for (const status of ['Created', 'Pending', 'PaymentLinkSentNoProcessing', 'Failed'] as const)
      expect(nextOrderStatus(status, 'cancel', NOTHING_OPEN), status).toBe('Cancelled');
    expect(nextOrderStatus('Tokenized', 'cancel', HELD)).toBe('Cancelled');
    expect(nextOrderStatus('Tokenized', 'cancel', PART_CAPTURED)).toBeUndefined();
    expect(nextOrderStatus('Paid', 'cancel', SETTLED)).toBeUndefined();
    expect(nextOrderStatus('Cancelled', 'cancel', NOTHING_OPEN)).toBeUndefined();
  });

  it('a Cancelled order takes nothing; a Paid one only a reference change', () => {
    expect(allowedOrderActions('Cancelled', NOTHING_OPEN)).toEqual([]);
    expect(allowedOrderActions('Paid', SETTLED)).toEqual(['updateReferenceNo']);
    expect(nextOrderStatus('Paid', 'updateReferenceNo', SETTLED)).toBe('Paid');
  });

  it('money actions exist only in Tokenized', () => {
    for (const status of ORDER_STATUSES.filter((s) => s !== 'Tokenized')) {
      expect(nextOrderStatus(status, 'capture', HELD), status).toBeUndefined();
      expect(nextOrderStatus(status, 'void', HELD), status).toBeUndefined();
    }
  });

  it('has a state for every spec 3 order status and nothing else', () => {
    expect(Object.keys(orderPaymentMachine.states).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  // Model-based walk: from every status, with ledgers that the actions themselves produce, every
  // reachable (status, ledger) pair is visited and each step is checked against the ledger rules.
  it('every path keeps captured + voided within the authorization and reaches every transition', () => {
    type Node = { status: OrderStatus; authorized: number; captured: number; voided: number };
    const key = (node: Node) => `${node.status}:${node.authorized}:${node.captured}:${node.voided}`;
    const ORDER_AMOUNT = 100;
    // Authorize -> void -> authorize ... would go on forever; two rounds show every transition.
    const MAX_AUTHORIZED = 2 * ORDER_AMOUNT;
    const seen = new Set<string>();
    const transitions = new Set<string>();
    const queue: Node[] = ORDER_STATUSES.map((status) => ({ status, authorized: status === 'Tokenized' ? ORDER_AMOUNT : 0, captured: 0, voided: 0 }));
    while (queue.length) {
      const node = queue.shift()!;
      if (seen.has(key(node)) || node.authorized > MAX_AUTHORIZED) continue;
      seen.add(key(node));
      const ledger = { openMinor: node.authorized - node.captured - node.voided, capturedMinor: node.captured, orderAmountMinor: ORDER_AMOUNT };
      expect(ledger.openMinor).toBeGreaterThanOrEqual(0);
      for (const action of allowedOrderActions(node.status, ledger)) {
        const amounts = action === 'capture' ? [40, ledger.openMinor].filter((amount) => amount <= ledger.openMinor) : [undefined];
        for (const amount of amounts) {
          const next = nextOrderStatus(node.status, action, ledger, amount);
          expect(next, `${key(node)} ${action}`).toBeDefined();
          transitions.add(`${node.status}-${action}->${next}`);
          const after = { ...node, status: next! };
          if (action === 'capture') after.captured += amount!;
          if (action === 'authorize') after.authorized += ORDER_AMOUNT;
          if (action === 'void' || (action === 'cancel' && ledger.openMinor > 0)) after.voided += ledger.openMinor;
          queue.push(after);
        }
      }
      for (const action of ORDER_PAYMENT_ACTIONS.filter((a) => !allowedOrderActions(node.status, ledger).includes(a))) {
        expect(nextOrderStatus(node.status, action, ledger), `${key(node)} refuses ${action}`).toBeUndefined();
      }
    }
    expect([...transitions].sort()).toEqual(
      [
        'Created-cancel->Cancelled',
        'Created-updateReferenceNo->Created',
        'Failed-cancel->Cancelled',
        'Failed-updateReferenceNo->Failed',
        'Paid-updateReferenceNo->Paid',
        'PaymentLinkSentNoProcessing-cancel->Cancelled',
        'PaymentLinkSentNoProcessing-updateReferenceNo->PaymentLinkSentNoProcessing',
        'Pending-cancel->Cancelled',
        'Pending-updateReferenceNo->Pending',
        'Tokenized-authorize->Tokenized',
        'Tokenized-cancel->Cancelled',
        'Tokenized-capture->Paid',
        'Tokenized-capture->Tokenized',
        'Tokenized-updateReferenceNo->Tokenized',
        'Tokenized-void->Paid',
        'Tokenized-void->Tokenized',
      ].sort(),
    );
  });
});
