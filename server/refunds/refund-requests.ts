import { sql } from 'kysely';
import type { RefundDecision, RefundExecutionOutcome, RefundRequestDetail, RefundRequestRow } from '../../contract/refunds';
import type { OrderStatus } from '../../contract/transactions';
import { PROVIDER_ADMINS } from '../../contract/permission-table';
import { machineDecisions, nextRefundStatus, type RefundApprovalEvent, type RefundStatus } from '../../machines/refund-approval.machine';
import { audit } from '../audit';
import { canSeeMerchant, type Caller } from '../auth/caller';
import type { Db } from '../db/database';
import type { ColumnsOf } from '../db/row-types';
import { problems } from '../http/problem';
import type { Acquirer, RefundAnswer, RefundUpdate } from '../transactions/acquirer';
import { refundableOf, type RefundableOrder } from '../transactions/refundable';
import { refundRowById } from './refund-query';
import { approvalsNeeded, effectiveRule } from './refund-rules';
import { enqueueOrderEvent } from '../webhooks/webhook-events';
import { recordLiveEvent } from '../events/live-outbox';

// Refund requests and their approvals (decision 0230). Every write locks the order row first, so
// requests, approvals and executions on one order are served one after the other: what is still
// refundable (captured - refunded - reserved by open requests) is read under the lock, and the
// money moves inside the same transaction as the last approval, or as the acquirer's later update
// (decision 0520). The table constraints (never more refunded than captured, money moved once and
// corrected at most once per request, one approval per person) back it.

/** The order and the request as the refund steps lock them, typed from the schema (decision 0610). */
type LockedOrder = RefundableOrder & ColumnsOf<'orders', 'merchant_id' | 'currency'>;

type LockedRequest = ColumnsOf<
  'refund_requests',
  'id' | 'merchant_id' | 'order_id' | 'amount_minor' | 'currency' | 'requested_by' | 'approvals_required' | 'approver_roles'
> & {
  // The table's CHECK constraints hold these to the contract's values.
  approval_status: RefundStatus['approvalStatus'];
  state: RefundStatus['state'];
};

async function lockOrder(db: Db, orderId: string | number): Promise<LockedOrder | undefined> {
  const result = await sql<LockedOrder>`SELECT id, merchant_id, currency, status, payment_type, amount_minor, captured_minor, refunded_minor
    FROM orders WHERE id = ${String(orderId)}::bigint FOR UPDATE`.execute(db);
  return result.rows[0];
}

function statusOf(request: Pick<LockedRequest, 'approval_status' | 'state'>): RefundStatus {
  return { approvalStatus: request.approval_status, state: request.state };
}

async function setStatus(db: Db, requestId: string, status: RefundStatus): Promise<void> {
  const row = await db
    .updateTable('refund_requests')
    .set({ approval_status: status.approvalStatus, state: status.state, updated_at: new Date() })
    .where('id', '=', requestId)
    .returning(['merchant_id', 'order_id'])
    .executeTakeFirstOrThrow();
  await liveRefundEvent(db, { id: requestId, merchant_id: row.merchant_id, order_id: String(row.order_id) }, status);
}

/** Tells the live streams (issue 38): every change of a request's status passes through here or its creation. */
async function liveRefundEvent(db: Db, request: { id: string; merchant_id: string; order_id: string }, status: RefundStatus): Promise<void> {
  const executed = (['Completed', 'Failed', 'Pending', 'PartiallyAccepted', 'Changed'] as const).some((state) => state === status.state);
  const change = executed ? 'executed' : status.approvalStatus === 'Rejected' ? 'rejected' : status.approvalStatus === 'Pending' ? 'requested' : 'approved';
  await recordLiveEvent(db, {
    type: 'refundRequest',
    refundRequestId: request.id,
    orderId: Number(request.order_id),
    merchantId: request.merchant_id,
    change,
    approvalStatus: status.approvalStatus,
    state: status.state,
  });
}

function step(status: RefundStatus, event: RefundApprovalEvent, refusal: string): RefundStatus {
  const next = nextRefundStatus(status, event);
  if (!next) throw problems.conflict(refusal);
  return next;
}

/** The machine event each acquirer outcome is. */
const ACQUIRER_EVENTS = {
  Succeeded: 'acquirer.succeeded',
  Declined: 'acquirer.declined',
  Pending: 'acquirer.pending',
  PartiallyAccepted: 'acquirer.partial',
  Changed: 'acquirer.changed',
} as const satisfies Record<RefundAnswer['outcome'] | RefundUpdate['outcome'], RefundApprovalEvent['type']>;

/** What this request has given back so far: its money-moving answer, or the correction that followed it. */
async function refundedByRequest(db: Db, requestId: string): Promise<number> {
  const rows = await db
    .selectFrom('refund_executions')
    .select(['outcome', 'amount_minor'])
    .where('refund_request_id', '=', requestId)
    .where('outcome', 'in', ['Succeeded', 'PartiallyAccepted', 'Changed'])
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  return rows[0] ? Number(rows[0].amount_minor) : 0;
}

/**
 * Records one acquirer answer (the first, or a later update) and moves everything it moves, in the
 * caller's transaction under the order's lock (decisions 0230, 0520): the machine says whether the
 * answer fits the request's state (409 otherwise), the order's refunded ledger grows (or, for a
 * correction, shrinks) by what this request now gives back, and the webhook, live event and audit
 * entry follow. Pending moves no money; its amount stays reserved until the update.
 */
async function recordAnswer(
  db: Db,
  order: LockedOrder,
  request: LockedRequest,
  status: RefundStatus,
  answer: RefundAnswer | RefundUpdate,
  actorId: string | null,
): Promise<RefundStatus> {
  const next = step(
    status,
    { type: ACQUIRER_EVENTS[answer.outcome] },
    `the acquirer's answer (${answer.outcome}) does not fit a refund that is ${status.state}`,
  );
  const asked = Number(request.amount_minor);
  const before = await refundedByRequest(db, request.id);
  const after =
    answer.outcome === 'Succeeded'
      ? asked
      : answer.outcome === 'PartiallyAccepted' || answer.outcome === 'Changed'
        ? Math.min(asked, Math.max(0, answer.refundedMinor))
        : before;
  await db
    .insertInto('refund_executions')
    .values({
      refund_request_id: request.id,
      outcome: answer.outcome,
      // What this answer is about: the amount refunded (in part, or corrected to), else the amount asked.
      amount_minor: answer.outcome === 'PartiallyAccepted' || answer.outcome === 'Changed' ? after : asked,
      currency: request.currency,
      acquirer_reference: answer.reference,
      message: answer.outcome === 'Declined' ? answer.message : null,
    })
    .execute();
  if (after !== before) {
    await db
      .updateTable('orders')
      .set({ refunded_minor: sql`refunded_minor + ${String(after - before)}::bigint`, updated_at: new Date() })
      .where('id', '=', order.id)
      .execute();
    await enqueueOrderEvent(
      db,
      order.id,
      'order.refunded',
      answer.outcome === 'Changed'
        ? { refundId: request.id, refundedMinor: after, previousRefundedMinor: before }
        : { refundId: request.id, refundedMinor: after },
    );
    await recordLiveEvent(db, {
      type: 'order',
      orderId: Number(order.id),
      merchantId: order.merchant_id,
      change: 'refunded',
      status: order.status as OrderStatus,
    });
  }
  await setStatus(db, request.id, next);
  await audit(db, actorId, `refund.${AUDITED_AS[answer.outcome]}`, 'refundRequest', request.id, {
    amountMinor: asked,
    refundedMinor: after,
    currency: request.currency.trim(),
    orderId: Number(order.id),
    acquirerReference: answer.reference,
  });
  return next;
}

const AUDITED_AS = { Succeeded: 'completed', Declined: 'failed', Pending: 'pending', PartiallyAccepted: 'partiallyAccepted', Changed: 'changed' } as const;

/**
 * Hands an approved request to the acquirer, once: Created -> Accepted -> its answer (Completed,
 * Failed, Pending or PartiallyAccepted). The order row is locked by the caller.
 */
async function execute(db: Db, acquirer: Acquirer, order: LockedOrder, request: LockedRequest, status: RefundStatus, actorId: string): Promise<RefundStatus> {
  const accepted = step(status, { type: 'refund.submit' }, 'this refund cannot be sent to the acquirer now');
  const answer = await acquirer.refund({
    orderId: order.id,
    refundId: request.id,
    amountMinor: Number(request.amount_minor),
    currency: request.currency.trim(),
  });
  return recordAnswer(db, order, request, accepted, answer, actorId);
}

/**
 * Asks the acquirer whether it has news about one refund it answered before (decision 0520) and
 * records it through the machine, like the first answer: a Pending refund settles, a refunded one
 * is corrected. Runs in the caller's transaction; locks the order, then the request (the order
 * every other write takes). Returns the new status, or undefined when nothing changed.
 */
export async function followUpRefund(db: Db, acquirer: Acquirer, requestId: string): Promise<RefundStatus | undefined> {
  const found = await db.selectFrom('refund_requests').select('order_id').where('id', '=', requestId).executeTakeFirst();
  if (!found) return undefined;
  const order = await lockOrder(db, found.order_id);
  const result = await sql<LockedRequest>`SELECT id, merchant_id, order_id, amount_minor, currency, approval_status, state, requested_by,
    approvals_required, approver_roles FROM refund_requests WHERE id = ${requestId}::uuid FOR UPDATE`.execute(db);
  const request = result.rows[0];
  if (!order || !request) return undefined;
  const state = request.state;
  if (state !== 'Pending' && state !== 'Completed' && state !== 'PartiallyAccepted') return undefined;
  const update = await acquirer.refundUpdate({ refundId: request.id, amountMinor: Number(request.amount_minor), currency: request.currency.trim(), state });
  if (!update) return undefined;
  return recordAnswer(db, order, request, statusOf(request), update, null);
}

async function autoApprovedTodayMinor(db: Db, merchantId: string): Promise<number> {
  const result = await sql<{ n: string | null }>`SELECT sum(amount_minor) AS n FROM refund_requests
    WHERE merchant_id = ${merchantId}::uuid AND approvals_required = 0 AND state NOT IN ('Failed', 'Rejected')
      AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

export async function createRefundRequest(
  db: Db,
  acquirer: Acquirer,
  caller: Caller,
  merchantHeader: string | undefined,
  body: { merchantId: string; orderId: number; amountMinor: number; currency: string; reason: string; note?: string },
): Promise<string> {
  if (merchantHeader && merchantHeader !== body.merchantId.toLowerCase())
    throw problems.validation({ merchantId: ['must be the merchant named in the merchant header'] });
  if (!canSeeMerchant(caller, body.merchantId)) throw problems.notFound(`order ${body.orderId} not found`);
  // The property first (its daily auto-approval total), then the order: the same order everywhere, no deadlock.
  await sql`SELECT id FROM merchants WHERE id = ${body.merchantId}::uuid FOR NO KEY UPDATE`.execute(db);
  const order = await lockOrder(db, body.orderId);
  if (!order || order.merchant_id !== body.merchantId) throw problems.notFound(`order ${body.orderId} not found`);
  if (order.currency.trim() !== body.currency) throw problems.conflict(`this order is in ${order.currency.trim()}, not ${body.currency}`);
  const refundable = await refundableOf(db, order);
  if (body.amountMinor > refundable)
    throw refundable <= 0
      ? problems.conflict('nothing is left to refund on this order (captured, minus refunded, minus pending refund requests)').withCode('refund.nothingLeft')
      : problems
          .conflict(`at most ${refundable} ${body.currency} minor units can be refunded (captured, minus refunded, minus pending refund requests)`)
          .withCode('refund.atMost', { amountMinor: refundable, currency: body.currency });
  const rule = await effectiveRule(db, order.merchant_id);
  const required = approvalsNeeded(rule, body.amountMinor, body.currency, await autoApprovedTodayMinor(db, order.merchant_id));
  const inserted = await db
    .insertInto('refund_requests')
    .values({
      merchant_id: order.merchant_id,
      order_id: order.id,
      amount_minor: body.amountMinor,
      currency: body.currency,
      reason: body.reason,
      note: body.note || null,
      requested_by: caller.userId,
      approvals_required: required,
      approver_roles: rule.approverRoles,
      rule_id: rule.ruleId,
    })
    .returning([
      'id',
      'merchant_id',
      'order_id',
      'amount_minor',
      'currency',
      'approval_status',
      'state',
      'requested_by',
      'approvals_required',
      'approver_roles',
    ])
    .executeTakeFirstOrThrow();
  const request = inserted as LockedRequest;
  await audit(db, caller.userId, 'refund.request', 'refundRequest', request.id, {
    orderId: body.orderId,
    amountMinor: body.amountMinor,
    currency: body.currency,
    reason: body.reason,
    approvalsRequired: required,
  });
  await liveRefundEvent(db, request, statusOf(request));
  if (required === 0) {
    const approved = step(statusOf(request), { type: 'refund.approve', approvalsGiven: 0, approvalsRequired: 0 }, 'cannot auto-approve');
    await setStatus(db, request.id, approved);
    await execute(db, acquirer, order, request, approved, caller.userId);
  }
  return request.id;
}

function isProviderAdmin(caller: Caller): boolean {
  return caller.roles.some((role) => PROVIDER_ADMINS.includes(role));
}

async function approvedBy(db: Db, requestId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('refund_approvals')
    .select('approver_id')
    .where('refund_request_id', '=', requestId)
    .where('decision', '=', 'approve')
    .execute();
  return rows.map((row) => row.approver_id);
}

/** The people rule on top of the machine: what this caller may decide on this request. */
function peopleAllow(
  caller: Caller,
  request: Pick<LockedRequest, 'requested_by' | 'approver_roles'>,
  approvers: string[],
  decision: RefundDecision,
): string | null {
  if (decision === 'override') return isProviderAdmin(caller) ? null : 'only a provider admin may override a rejected refund';
  if (request.requested_by === caller.userId) return 'you requested this refund: someone else must approve or reject it';
  if (request.approver_roles.length && !caller.roles.some((role) => request.approver_roles.includes(role)))
    return `the refund rule lets only these roles decide: ${request.approver_roles.join(', ')}`;
  if (decision === 'approve' && approvers.includes(caller.userId))
    return 'you have already approved this request: the next approval must come from someone else';
  return null;
}

/** What the caller may decide now: the machine's decisions the people rule leaves. */
export function decisionsFor(
  caller: Caller,
  request: { approvalStatus: RefundStatus['approvalStatus']; state: RefundStatus['state']; requestedBy: string | null; approverRoles: string[] },
  approvers: string[],
  mayApprove: boolean,
): RefundDecision[] {
  if (!mayApprove) return [];
  return machineDecisions(request).filter(
    (decision) => peopleAllow(caller, { requested_by: request.requestedBy, approver_roles: request.approverRoles }, approvers, decision) === null,
  );
}

async function lockRequest(db: Db, caller: Caller, id: string): Promise<{ order: LockedOrder; request: LockedRequest }> {
  const found = await db.selectFrom('refund_requests').select(['order_id', 'merchant_id']).where('id', '=', id).executeTakeFirst();
  if (!found || !canSeeMerchant(caller, found.merchant_id)) throw problems.notFound(`refund request ${id} not found`);
  const order = await lockOrder(db, found.order_id);
  const result = await sql<LockedRequest>`SELECT id, merchant_id, order_id, amount_minor, currency, approval_status, state, requested_by,
    approvals_required, approver_roles FROM refund_requests WHERE id = ${id}::uuid FOR UPDATE`.execute(db);
  const request = result.rows[0];
  if (!order || !request) throw problems.notFound(`refund request ${id} not found`);
  return { order, request };
}

export async function approveRefundRequest(db: Db, acquirer: Acquirer, caller: Caller, id: string, reason: string | undefined): Promise<void> {
  const { order, request } = await lockRequest(db, caller, id);
  const status = statusOf(request);
  const decision: RefundDecision = status.approvalStatus === 'Rejected' ? 'override' : 'approve';
  const approvers = await approvedBy(db, id);
  const event: RefundApprovalEvent =
    decision === 'override'
      ? { type: 'refund.override' }
      : { type: 'refund.approve', approvalsGiven: approvers.length + 1, approvalsRequired: request.approvals_required };
  if (!nextRefundStatus(status, event))
    throw problems.conflict(`this refund request is ${status.approvalStatus}: it cannot be approved now`).withCode('refund.notApprovableNow');
  const refusal = peopleAllow(caller, request, approvers, decision);
  if (refusal) throw problems.forbidden(refusal);
  // The screen offered an approval; a rejection that came meanwhile makes it an override, which must say why.
  if (decision === 'override' && !reason) throw problems.validation({ reason: ['say why the rejection is overridden'] }).withCode('refund.overrideNeedsReason');
  const refundable = await refundableOf(db, order, request.id);
  if (Number(request.amount_minor) > refundable)
    throw problems
      .conflict(`this refund would exceed what the order may still refund (${Math.max(refundable, 0)} ${request.currency.trim()} minor units)`)
      .withCode('refund.exceedsRefundable', { amountMinor: Math.max(refundable, 0), currency: request.currency.trim() });
  await db
    .insertInto('refund_approvals')
    .values({ refund_request_id: id, approver_id: caller.userId, decision, comment: reason || null })
    .execute()
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505') throw problems.conflict('you have already approved this request').withCode('refund.approvedAlready');
      throw error;
    });
  const next = step(status, event, 'not allowed now');
  await setStatus(db, id, next);
  await audit(db, caller.userId, `refund.${decision}`, 'refundRequest', id, { approvalStatus: next.approvalStatus, reason });
  if (next.approvalStatus === 'Approved' || next.approvalStatus === 'ApprovedOverridden') await execute(db, acquirer, order, request, next, caller.userId);
}

export async function rejectRefundRequest(db: Db, caller: Caller, id: string, reason: string): Promise<void> {
  const { request } = await lockRequest(db, caller, id);
  const status = statusOf(request);
  if (!nextRefundStatus(status, { type: 'refund.reject' }))
    throw problems.conflict(`this refund request is ${status.approvalStatus}: it cannot be rejected now`).withCode('refund.notRejectableNow');
  const refusal = peopleAllow(caller, request, [], 'reject');
  if (refusal) throw problems.forbidden(refusal);
  await db.insertInto('refund_approvals').values({ refund_request_id: id, approver_id: caller.userId, decision: 'reject', comment: reason }).execute();
  const next = step(status, { type: 'refund.reject' }, 'not allowed now');
  await setStatus(db, id, next);
  await audit(db, caller.userId, 'refund.reject', 'refundRequest', id, { reason });
}

export async function refundRequestDetail(db: Db, caller: Caller, id: string, mayApprove: boolean): Promise<RefundRequestDetail> {
  const row: (RefundRequestRow & { note: string | null; requestedBy: string | null; approverRoles: string[] }) | undefined = await refundRowById(
    db,
    id,
    caller.merchantScope,
  );
  if (!row) throw problems.notFound(`refund request ${id} not found`);
  const approvals = await db
    .selectFrom('refund_approvals as a')
    .innerJoin('users as u', 'u.id', 'a.approver_id')
    .select(['a.decision', 'a.comment', 'a.created_at', 'a.approver_id', 'u.email', 'u.first_name', 'u.last_name'])
    .where('a.refund_request_id', '=', id)
    .orderBy('a.created_at')
    .execute();
  const executions = await db
    .selectFrom('refund_executions')
    .select(['outcome', 'amount_minor', 'acquirer_reference', 'message', 'created_at'])
    .where('refund_request_id', '=', id)
    .orderBy('id')
    .execute();
  const approvers = approvals.filter((approval) => approval.decision === 'approve').map((approval) => approval.approver_id);
  const { requestedBy, ...rest } = row;
  return {
    ...rest,
    approvals: approvals.map((approval) => ({
      decision: approval.decision as RefundDecision,
      byName: `${approval.first_name ?? ''} ${approval.last_name ?? ''}`.trim(),
      byEmail: approval.email,
      reason: approval.comment,
      at: new Date(approval.created_at).toISOString(),
    })),
    executions: executions.map((execution) => ({
      outcome: execution.outcome as RefundExecutionOutcome,
      amountMinor: Number(execution.amount_minor),
      acquirerReference: execution.acquirer_reference,
      message: execution.message,
      at: new Date(execution.created_at).toISOString(),
    })),
    refundedMinor: await refundedByRequest(db, id),
    allowedDecisions: decisionsFor(caller, { ...row, requestedBy }, approvers, mayApprove),
  };
}
