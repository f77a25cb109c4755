import { setup, transition, type SnapshotFrom } from 'xstate';
import type { OrderStatus } from '../contract/transactions';
import { ORDER_PAYMENT_ACTIONS, type OrderPaymentAction } from '../contract/transaction-payments';

// The payment status of an order (spec 3 statuses; decision 0205). A pure status machine, like
// the onboarding lifecycle: the server asks it whether an action is allowed (409 otherwise) and
// what status follows, the SPA offers only what `allowedOrderActions` says. The amounts an
// action needs (the open authorization, what was captured) travel in the event, so the rule
// "never capture more than is open" lives here once; the database constraint backs it under races.

/** The authorization ledger of an order, in minor units of its currency. */
export interface PaymentLedger {
  /** Authorized and neither captured nor voided yet. */
  openMinor: number;
  capturedMinor: number;
  /** The order's amount: the most a new authorization may hold. */
  orderAmountMinor: number;
}

export type OrderPaymentEvent =
  | ({ type: 'payment.authorize'; amountMinor: number } & PaymentLedger)
  | ({ type: 'payment.capture'; amountMinor: number } & PaymentLedger)
  | ({ type: 'payment.void' } & PaymentLedger)
  | ({ type: 'order.cancel' } & PaymentLedger)
  | ({ type: 'order.update-reference' } & PaymentLedger);

export const ORDER_PAYMENT_EVENT: Record<OrderPaymentAction, OrderPaymentEvent['type']> = {
  authorize: 'payment.authorize',
  capture: 'payment.capture',
  void: 'payment.void',
  cancel: 'order.cancel',
  updateReferenceNo: 'order.update-reference',
};

// A reference change keeps the status; the named action makes it a transition the machine `can` take.
const updateReference = { 'order.update-reference': { actions: 'changeReference' } } as const;
const cancelBeforePayment = { 'order.cancel': { target: 'Cancelled' } } as const;

export const orderPaymentMachine = setup({
  types: { events: {} as OrderPaymentEvent },
  actions: { changeReference: () => undefined },
  guards: {
    // A new hold on the card kept at tokenization (AUREQ): only when no hold is open and nothing
    // was captured (after a void of an untouched hold the card may be authorized again), and
    // never for more than the order's amount.
    authorizesCardOnFile: ({ event }) =>
      event.type === 'payment.authorize' &&
      event.openMinor === 0 &&
      event.capturedMinor === 0 &&
      event.amountMinor > 0 &&
      event.amountMinor <= event.orderAmountMinor,
    capturesWhatIsOpen: ({ event }) => event.type === 'payment.capture' && event.amountMinor > 0 && event.amountMinor === event.openMinor,
    capturesPartOfWhatIsOpen: ({ event }) => event.type === 'payment.capture' && event.amountMinor > 0 && event.amountMinor < event.openMinor,
    voidsAfterACapture: ({ event }) => event.openMinor > 0 && event.capturedMinor > 0,
    voidsBeforeAnyCapture: ({ event }) => event.openMinor > 0 && event.capturedMinor === 0,
    nothingCaptured: ({ event }) => event.capturedMinor === 0,
  },
}).createMachine({
  id: 'orderPayment',
  description:
    'Payment status of an order: authorizations of its tokenized card, captures and voids of the hold, cancellation and reference changes the server allows',
  initial: 'Created',
  states: {
    Created: { on: { ...cancelBeforePayment, ...updateReference } },
    Pending: { on: { ...cancelBeforePayment, ...updateReference } },
    PaymentLinkSentNoProcessing: { on: { ...cancelBeforePayment, ...updateReference } },
    // The guest's card is tokenized; an authorization may be open on it.
    Tokenized: {
      on: {
        'payment.authorize': { target: 'Tokenized', guard: 'authorizesCardOnFile' },
        'payment.capture': [
          { target: 'Paid', guard: 'capturesWhatIsOpen' },
          { target: 'Tokenized', guard: 'capturesPartOfWhatIsOpen' },
        ],
        // Voiding the rest after a capture settles the order; voiding an untouched hold leaves the card on file.
        'payment.void': [
          { target: 'Paid', guard: 'voidsAfterACapture' },
          { target: 'Tokenized', guard: 'voidsBeforeAnyCapture' },
        ],
        // Cancelling voids an open authorization first; money already captured is a refund's business.
        'order.cancel': { target: 'Cancelled', guard: 'nothingCaptured' },
        ...updateReference,
      },
    },
    Paid: { on: updateReference },
    Failed: { on: { ...cancelBeforePayment, ...updateReference } },
    Cancelled: { type: 'final' },
  },
});

// A snapshot is a value the machine never changes: each status's is resolved once (an order detail asks the
// machine about every action, decision 0636).
const snapshots = new Map<OrderStatus, SnapshotFrom<typeof orderPaymentMachine>>();
function snapshotAt(status: OrderStatus): SnapshotFrom<typeof orderPaymentMachine> {
  let snapshot = snapshots.get(status);
  if (!snapshot) {
    snapshot = orderPaymentMachine.resolveState({ value: status });
    snapshots.set(status, snapshot);
  }
  return snapshot;
}

function eventOf(action: OrderPaymentAction, ledger: PaymentLedger, amountMinor?: number): OrderPaymentEvent {
  const type = ORDER_PAYMENT_EVENT[action];
  if (type === 'payment.capture') return { type, amountMinor: amountMinor ?? ledger.openMinor, ...ledger };
  if (type === 'payment.authorize') return { type, amountMinor: amountMinor ?? ledger.orderAmountMinor, ...ledger };
  return { type, ...ledger };
}

/**
 * The status an action leads to from `status` with this ledger (a capture of `amountMinor`, all
 * that is open when omitted; an authorization of `amountMinor`, the order's amount when omitted),
 * or undefined when the machine forbids it.
 */
export function nextOrderStatus(status: OrderStatus, action: OrderPaymentAction, ledger: PaymentLedger, amountMinor?: number): OrderStatus | undefined {
  const snapshot = snapshotAt(status);
  const event = eventOf(action, ledger, amountMinor);
  if (!snapshot.can(event)) return undefined;
  const [next] = transition(orderPaymentMachine, snapshot, event);
  return next.value as OrderStatus;
}

/** Every action the machine allows now (a capture of all that is open stands for "some capture", an authorization of the order's amount for "some authorization"). */
export function allowedOrderActions(status: OrderStatus, ledger: PaymentLedger): OrderPaymentAction[] {
  return ORDER_PAYMENT_ACTIONS.filter((action) => nextOrderStatus(status, action, ledger) !== undefined);
}
