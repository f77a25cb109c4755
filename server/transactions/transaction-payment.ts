import { sql } from 'kysely';
import type { OrderStatus } from '../../contract/transactions';
import { CANCEL_REASON_CODE, type OrderDetail, type OrderPaymentAction, type PaymentOperation } from '../../contract/transaction-payments';
import { allowedOrderActions, nextOrderStatus, type PaymentLedger } from '../../machines/order-payment.machine';
import { audit } from '../audit';
import { can, madeBy, type AnyCaller } from '../auth/caller';
import type { Db } from '../db/database';
import type { ColumnsOf } from '../db/row-types';
import { effectiveMerchants } from '../lists/list-query';
import { problems, type HttpProblem } from '../http/problem';
import type { Acquirer } from './acquirer';
import type { PropertyStatus } from '../../contract/properties';
import { ORDER_ACTION_CALLS, propertyStatusOpens, refuseClosedByProperty } from '../properties/property-money-rules';
import type { OrderLinkColumn } from './transaction-links';
import { orderWithLinkById } from './transaction-query';
import { refundableGiven, reservedByRefundRequests } from './refundable';
import { enqueueOrderEvent } from '../webhooks/webhook-events';
import { recordLiveEvent } from '../events/live-outbox';
import type { LiveEvent } from '../../contract/live-events';

// Acting on one order's payment (decision 0205): every action locks the order row, reads its
// ledger, asks the order payment machine, calls the acquirer and records the operation, all in
// the request's transaction, so two requests racing on one order are served one after the other.

/** The order as the payment actions lock it, typed from the schema (decision 0610). */
type LockedOrder = ColumnsOf<
  'orders',
  'id' | 'merchant_id' | 'currency' | 'reference_no' | 'amount_minor' | 'card_token' | 'authorized_minor' | 'captured_minor' | 'voided_minor'
> & {
  status: OrderStatus;
  /** The order's property's status: an Inactive property finishes payments but takes no new money (decision 0410). */
  property_status: PropertyStatus;
};

function ledgerOf(
  order: Pick<LockedOrder, 'amount_minor' | 'authorized_minor' | 'captured_minor' | 'voided_minor'>,
): PaymentLedger & { authorized: number; voided: number } {
  const authorized = Number(order.authorized_minor);
  const captured = Number(order.captured_minor);
  const voided = Number(order.voided_minor);
  return { authorized, voided, capturedMinor: captured, openMinor: authorized - captured - voided, orderAmountMinor: Number(order.amount_minor) };
}

/** The machine's actions, less an authorization when no card token was kept (nothing to authorize). */
function allowedNow(status: OrderStatus, ledger: PaymentLedger, cardOnFile: boolean): OrderPaymentAction[] {
  return allowedOrderActions(status, ledger).filter((action) => action !== 'authorize' || cardOnFile);
}

/** Whether the caller may act on orders at all (view-only roles may not). */
function mayAct(caller: AnyCaller): boolean {
  return can(caller, 'Transactions', 'Update');
}

/** A payment operation of an order and who made it, as its row reads in JSON. */
type OperationJson = {
  id: number;
  kind: string;
  outcome: string;
  amount_minor: number | null;
  currency: string;
  acquirer_reference: string | null;
  note: string | null;
  created_at: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
};
/** The acquirer's answer to one of the order's refunds (decision 0520), as its row reads in JSON. */
type RefundExecutionJson = {
  id: number;
  outcome: string;
  amount_minor: number;
  currency: string;
  acquirer_reference: string | null;
  message: string | null;
  created_at: string;
  reason: string | null;
};
/** What the order detail reads beside the order's row, typed from the schema (decision 0610). */
type OrderStory = ColumnsOf<
  'orders',
  'id' | 'merchant_id' | 'status' | 'payment_type' | 'amount_minor' | 'card_token' | 'authorized_minor' | 'captured_minor' | 'voided_minor' | 'refunded_minor'
> & {
  property_status: PropertyStatus;
  reserved_minor: string | number | null;
  operations: OperationJson[] | null;
  refunds: RefundExecutionJson[] | null;
};

/**
 * The order's ledger, its property's status, what open refund requests reserve, its payment operations and the
 * acquirer's answers to its refunds, in one statement: five round trips were each a fifth of the detail's
 * statements (decision 0636). Oldest first within each list.
 */
async function orderStory(db: Db, id: string): Promise<OrderStory | undefined> {
  const { rows } = await sql<OrderStory>`
    SELECT o.id, o.merchant_id, o.status, o.payment_type, o.amount_minor, o.card_token, o.authorized_minor, o.captured_minor, o.voided_minor,
      o.refunded_minor, m.status AS property_status, ${reservedByRefundRequests(sql`o.id`)} AS reserved_minor,
      (SELECT json_agg(json_build_object('id', p.id, 'kind', p.kind, 'outcome', p.outcome, 'amount_minor', p.amount_minor, 'currency', p.currency,
          'acquirer_reference', p.acquirer_reference, 'note', p.note, 'created_at', p.created_at,
          'email', u.email, 'first_name', u.first_name, 'last_name', u.last_name) ORDER BY p.id)
        FROM payment_operations p LEFT JOIN users u ON u.id = p.actor_id WHERE p.order_id = o.id) AS operations,
      (SELECT json_agg(json_build_object('id', e.id, 'outcome', e.outcome, 'amount_minor', e.amount_minor, 'currency', e.currency,
          'acquirer_reference', e.acquirer_reference, 'message', e.message, 'created_at', e.created_at, 'reason', r.reason) ORDER BY e.id)
        FROM refund_executions e JOIN refund_requests r ON r.id = e.refund_request_id WHERE r.order_id = o.id) AS refunds
    FROM orders o JOIN merchants m ON m.id = o.merchant_id
    WHERE o.id = ${id}::bigint`.execute(db);
  return rows[0];
}

/** The order, with its ledger and timeline; undefined outside the caller's merchants (no leak: 404). */
export async function orderDetail(
  db: Db,
  id: number,
  caller: AnyCaller,
  merchantHeader: string | undefined,
  link: OrderLinkColumn,
): Promise<OrderDetail | undefined> {
  const row = await orderWithLinkById(db, id, effectiveMerchants(caller.merchantScope, merchantHeader, undefined), link);
  if (!row) return undefined;
  const story = await orderStory(db, String(id));
  if (!story) return undefined;
  const { operations, refunds, ...ledgerRow } = story;
  // An Inactive property's orders are finished, not charged anew: the same rule its calls follow (decision 0410).
  const propertyStatus = ledgerRow.property_status;
  const ledger = ledgerOf(ledgerRow);
  const refundable = refundableGiven(ledgerRow, ledgerRow.reserved_minor);
  return {
    ...row,
    authorizedMinor: ledger.authorized,
    capturedMinor: ledger.capturedMinor,
    voidedMinor: ledger.voided,
    openAuthorizationMinor: ledger.openMinor,
    refundableMinor: Math.max(0, refundable),
    cardOnFile: ledgerRow.card_token !== null,
    allowedActions: mayAct(caller)
      ? allowedNow(row.status, ledger, ledgerRow.card_token !== null).filter((action) => propertyStatusOpens(ORDER_ACTION_CALLS[action], propertyStatus))
      : [],
    mayAct: mayAct(caller),
    operations: (operations ?? [])
      .map((op): PaymentOperation => ({
        id: Number(op.id),
        kind: op.kind as PaymentOperation['kind'],
        outcome: op.outcome as PaymentOperation['outcome'],
        amountMinor: op.amount_minor === null ? null : Number(op.amount_minor),
        currency: op.currency,
        acquirerReference: op.acquirer_reference,
        note: op.note,
        byName: op.email ? `${op.first_name ?? ''} ${op.last_name ?? ''}`.trim() : null,
        byEmail: op.email ?? null,
        at: new Date(op.created_at).toISOString(),
      }))
      .concat(
        (refunds ?? []).map((refund): PaymentOperation => ({
          id: Number(refund.id),
          kind: 'Refund',
          outcome: refund.outcome as PaymentOperation['outcome'],
          amountMinor: Number(refund.amount_minor),
          currency: refund.currency.trim(),
          acquirerReference: refund.acquirer_reference,
          note: refund.message ?? refund.reason,
          byName: null,
          byEmail: null,
          at: new Date(refund.created_at).toISOString(),
        })),
      )
      // Oldest first, as the operations alone were (a stable sort keeps each list's own order on a tie).
      .sort((a, b) => a.at.localeCompare(b.at)),
  };
}

/** Locks the order row for the rest of the transaction; 404 when it is outside the caller's merchants. */
async function lockOrder(db: Db, id: number, caller: AnyCaller, merchantHeader: string | undefined): Promise<LockedOrder> {
  const result = await sql<LockedOrder>`
    SELECT id, merchant_id, status, currency, reference_no, amount_minor, card_token, authorized_minor, captured_minor, voided_minor,
      (SELECT m.status FROM merchants m WHERE m.id = orders.merchant_id) AS property_status
    FROM orders WHERE id = ${String(id)}::bigint FOR UPDATE OF orders`.execute(db);
  const order = result.rows[0];
  const merchants = effectiveMerchants(caller.merchantScope, merchantHeader, undefined);
  if (!order || (merchants !== 'all' && !merchants.includes(order.merchant_id))) throw problems.notFound(`order ${id} not found`);
  return order;
}

/** Locks the order and refuses the action when its property's status closes it. */
async function lockOrderFor(db: Db, id: number, caller: AnyCaller, merchantHeader: string | undefined, action: OrderPaymentAction): Promise<LockedOrder> {
  const order = await lockOrder(db, id, caller, merchantHeader);
  refuseClosedByProperty(action, order.property_status);
  return order;
}

/** Refuses the action: for the reason given, or because the order's status does not allow it now. */
function refuse(order: LockedOrder, action: OrderPaymentAction, why?: HttpProblem): never {
  throw why ?? problems.conflict(`this order is ${order.status}: ${action} is not allowed now`).withCode('order.actionNotAllowed', { status: order.status });
}

async function record(
  db: Db,
  order: LockedOrder,
  caller: AnyCaller,
  op: {
    kind: PaymentOperation['kind'];
    outcome: PaymentOperation['outcome'];
    amountMinor: number | null;
    reference?: string;
    note?: string;
    reasonCode?: number;
  },
) {
  await db
    .insertInto('payment_operations')
    .values({
      order_id: order.id,
      kind: op.kind,
      outcome: op.outcome,
      amount_minor: op.amountMinor,
      currency: order.currency,
      acquirer_reference: op.reference ?? null,
      reason_code: op.reasonCode ?? null,
      note: op.note ?? null,
      actor_id: madeBy(caller).userId,
      actor_key_id: madeBy(caller).keyId,
    })
    .execute();
  await audit(db, caller, `order.${op.kind.toLowerCase()}`, 'order', order.id, {
    outcome: op.outcome,
    amountMinor: op.amountMinor,
    currency: order.currency,
    note: op.note,
  });
  // Recorded after the status is set (every caller sets it first), so the event carries the new one.
  const now = await db.selectFrom('orders').select('status').where('id', '=', order.id).executeTakeFirstOrThrow();
  await recordLiveEvent(db, {
    type: 'order',
    orderId: Number(order.id),
    merchantId: order.merchant_id,
    change: op.outcome === 'Declined' ? 'declined' : LIVE_CHANGE_OF[op.kind],
    status: now.status as OrderStatus,
  });
}

/** The live event's word for a payment operation that succeeded. */
const LIVE_CHANGE_OF: Record<PaymentOperation['kind'], Extract<LiveEvent, { type: 'order' }>['change']> = {
  Authorization: 'authorized',
  Capture: 'captured',
  Void: 'voided',
  Cancel: 'cancelled',
  ReferenceChange: 'referenceChanged',
  Refund: 'refunded',
};

/** Sets the status and adds to the ledger relative to the stored values, so the table constraint sees every amount. */
async function setStatus(
  db: Db,
  order: LockedOrder,
  status: OrderStatus,
  add: { authorizedMinor?: number; capturedMinor?: number; voidedMinor?: number } = {},
) {
  await db
    .updateTable('orders')
    .set({
      status,
      updated_at: new Date(),
      authorized_minor: sql`authorized_minor + ${String(add.authorizedMinor ?? 0)}::bigint`,
      captured_minor: sql`captured_minor + ${String(add.capturedMinor ?? 0)}::bigint`,
      voided_minor: sql`voided_minor + ${String(add.voidedMinor ?? 0)}::bigint`,
    })
    .where('id', '=', order.id)
    .execute()
    .catch((error: unknown) => {
      // The ledger constraint: only reachable if the row lock were ever bypassed; still a refusal, not a 500.
      if ((error as { code?: string }).code === '23514')
        throw problems.conflict('this would capture or void more than is authorized').withCode('order.overAuthorized');
      throw error;
    });
}

/** AUREQ: a new hold on the card kept at tokenization (decision 0210); a decline is recorded and answered, not thrown. */
export async function authorizeOrder(
  db: Db,
  acquirer: Acquirer,
  caller: AnyCaller,
  merchantHeader: string | undefined,
  body: { orderId: number; amountMinor?: number; currency: string },
): Promise<void> {
  const order = await lockOrderFor(db, body.orderId, caller, merchantHeader, 'authorize');
  if (body.currency !== order.currency.trim()) throw problems.conflict(`this order is in ${order.currency}, not ${body.currency}`);
  const ledger = ledgerOf(order);
  const amount = body.amountMinor ?? ledger.orderAmountMinor;
  if (order.status === 'Tokenized' && !order.card_token)
    refuse(order, 'authorize', problems.conflict('no card was kept when this order was tokenized').withCode('order.noCardKept'));
  const next = nextOrderStatus(order.status, 'authorize', ledger, amount);
  if (!next)
    refuse(
      order,
      'authorize',
      order.status !== 'Tokenized'
        ? undefined
        : ledger.openMinor > 0
          ? problems.conflict('an authorization is already open on this order: capture or void it first').withCode('order.authorizationOpen')
          : ledger.capturedMinor > 0
            ? problems.conflict('money was already captured on this order').withCode('order.alreadyCaptured')
            : problems
                .conflict(`at most the order's amount, ${ledger.orderAmountMinor} ${order.currency} minor units, can be authorized`)
                .withCode('order.authorizeAtMost', { amountMinor: ledger.orderAmountMinor, currency: order.currency.trim() }),
    );
  const answer = await acquirer.authorize({ orderId: order.id, cardToken: order.card_token!, amountMinor: amount, currency: order.currency });
  if (answer.outcome === 'Declined') {
    await record(db, order, caller, { kind: 'Authorization', outcome: 'Declined', amountMinor: amount, reference: answer.reference, note: answer.message });
    return;
  }
  await setStatus(db, order, next, { authorizedMinor: amount });
  await record(db, order, caller, { kind: 'Authorization', outcome: 'Succeeded', amountMinor: amount, reference: answer.reference });
  await enqueueOrderEvent(db, order.id, 'order.authorized', { authorizedMinor: amount });
}

export async function captureOrder(
  db: Db,
  acquirer: Acquirer,
  caller: AnyCaller,
  merchantHeader: string | undefined,
  body: { orderId: number; amountMinor?: number; currency: string },
): Promise<void> {
  const order = await lockOrderFor(db, body.orderId, caller, merchantHeader, 'capture');
  if (body.currency !== order.currency.trim()) throw problems.conflict(`this order is in ${order.currency}, not ${body.currency}`);
  const ledger = ledgerOf(order);
  const amount = body.amountMinor ?? ledger.openMinor;
  const next = nextOrderStatus(order.status, 'capture', ledger, amount);
  if (!next)
    refuse(
      order,
      'capture',
      amount > ledger.openMinor && order.status === 'Tokenized'
        ? problems
            .conflict(`only ${ledger.openMinor} ${order.currency} minor units are authorized and not yet captured`)
            .withCode('order.captureAtMost', { amountMinor: ledger.openMinor, currency: order.currency.trim() })
        : undefined,
    );
  const answer = await acquirer.capture({ orderId: order.id, amountMinor: amount, currency: order.currency });
  if (answer.outcome === 'Declined') {
    await record(db, order, caller, { kind: 'Capture', outcome: 'Declined', amountMinor: amount, reference: answer.reference, note: answer.message });
    return;
  }
  await setStatus(db, order, next, { capturedMinor: amount });
  await record(db, order, caller, { kind: 'Capture', outcome: 'Succeeded', amountMinor: amount, reference: answer.reference });
  if (next === 'Paid') await enqueueOrderEvent(db, order.id, 'order.paid', { capturedMinor: amount });
}

export async function voidAuthorization(db: Db, acquirer: Acquirer, caller: AnyCaller, merchantHeader: string | undefined, orderId: number): Promise<void> {
  const order = await lockOrderFor(db, orderId, caller, merchantHeader, 'void');
  const ledger = ledgerOf(order);
  const next = nextOrderStatus(order.status, 'void', ledger);
  if (!next)
    refuse(
      order,
      'void',
      order.status === 'Tokenized' ? problems.conflict('nothing is authorized and open on this order').withCode('order.nothingAuthorized') : undefined,
    );
  const answer = await acquirer.void({ orderId: order.id, amountMinor: ledger.openMinor, currency: order.currency });
  await setStatus(db, order, next, { voidedMinor: ledger.openMinor });
  await record(db, order, caller, { kind: 'Void', outcome: 'Succeeded', amountMinor: ledger.openMinor, reference: answer.reference });
  await enqueueOrderEvent(db, order.id, 'order.voided', { voidedMinor: ledger.openMinor });
}

export async function cancelOrder(
  db: Db,
  acquirer: Acquirer,
  caller: AnyCaller,
  merchantHeader: string | undefined,
  orderId: number,
  reason: string,
): Promise<void> {
  const order = await lockOrderFor(db, orderId, caller, merchantHeader, 'cancel');
  const ledger = ledgerOf(order);
  const next = nextOrderStatus(order.status, 'cancel', ledger);
  if (!next)
    refuse(
      order,
      'cancel',
      ledger.capturedMinor > 0
        ? problems.conflict('money has been captured on this order: refund it instead').withCode('order.capturedRefundInstead')
        : undefined,
    );
  if (ledger.openMinor > 0) {
    const answer = await acquirer.void({ orderId: order.id, amountMinor: ledger.openMinor, currency: order.currency });
    await record(db, order, caller, {
      kind: 'Void',
      outcome: 'Succeeded',
      amountMinor: ledger.openMinor,
      reference: answer.reference,
      note: 'voided to cancel the order',
    });
  }
  await setStatus(db, order, next, { voidedMinor: ledger.openMinor });
  await record(db, order, caller, { kind: 'Cancel', outcome: 'Succeeded', amountMinor: null, reasonCode: CANCEL_REASON_CODE, note: reason });
}

export async function updateReferenceNo(db: Db, caller: AnyCaller, merchantHeader: string | undefined, orderId: number, referenceNo: string): Promise<void> {
  const order = await lockOrder(db, orderId, caller, merchantHeader);
  if (!nextOrderStatus(order.status, 'updateReferenceNo', ledgerOf(order))) refuse(order, 'updateReferenceNo');
  if (order.reference_no === referenceNo) return;
  await db.updateTable('orders').set({ reference_no: referenceNo, updated_at: new Date() }).where('id', '=', order.id).execute();
  await record(db, order, caller, { kind: 'ReferenceChange', outcome: 'Succeeded', amountMinor: null, note: `${order.reference_no} → ${referenceNo}` });
}
