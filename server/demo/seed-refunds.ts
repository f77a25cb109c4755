import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { ColumnsOf } from '../db/row-types';
import { DEMO_DOMAIN, DEMO_GROUP } from './demo-layout';

// Demo refunds (decision 0230), once per database: the demo group's rule and a handful of requests
// on its oldest paid card payments, one in each approval status a visitor can meet, with their
// approvals and acquirer answers, and the refunded amounts on the orders.
const RULE = { currency: 'EUR', auto: 2_500, two: 20_000, cap: 10_000, approvers: ['MerchantAdmin', 'PropertyManager'] };

interface Planned {
  fraction: number;
  approvalStatus: string;
  state: string;
  required: number;
  approvals: Array<{ by: string; decision: 'approve' | 'reject' | 'override'; comment?: string }>;
  execution?: 'Succeeded' | 'Declined';
  reason: string;
}

const PLAN: Planned[] = [
  { fraction: 0.1, approvalStatus: 'Approved', state: 'Completed', required: 0, approvals: [], execution: 'Succeeded', reason: 'Minibar charged by mistake' },
  { fraction: 0.3, approvalStatus: 'Pending', state: 'Created', required: 1, approvals: [], reason: 'Guest left a night early' },
  {
    fraction: 0.9,
    approvalStatus: 'PartiallyApproved',
    state: 'Created',
    required: 2,
    approvals: [{ by: 'merchantadmin', decision: 'approve' }],
    reason: 'Room not available on arrival',
  },
  {
    fraction: 0.4,
    approvalStatus: 'Rejected',
    state: 'Rejected',
    required: 1,
    approvals: [{ by: 'merchantadmin', decision: 'reject', comment: 'The stay was used in full' }],
    reason: 'Noise complaint',
  },
  {
    fraction: 0.5,
    approvalStatus: 'Approved',
    state: 'Completed',
    required: 1,
    approvals: [{ by: 'merchantadmin', decision: 'approve' }],
    execution: 'Succeeded',
    reason: 'Double charge on check-out',
  },
  {
    fraction: 0.2,
    approvalStatus: 'Approved',
    state: 'Failed',
    required: 1,
    approvals: [{ by: 'propertymanager', decision: 'approve' }],
    execution: 'Declined',
    reason: 'Breakfast not served',
  },
];

export async function seedRefunds(db: Db): Promise<void> {
  const existing = await db.selectFrom('refund_requests').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const group = await db.selectFrom('merchant_groups').select('id').where('name', '=', DEMO_GROUP.name).executeTakeFirst();
  if (!group) return;
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      'email',
      'in',
      ['merchantadmin', 'propertymanager', 'propertyoperations'].map((name) => `${name}@${DEMO_DOMAIN}`),
    )
    .execute();
  const userId = (name: string) => users.find((user) => user.email === `${name}@${DEMO_DOMAIN}`)?.id;
  const requester = userId('propertyoperations');
  if (!requester) return;
  // The oldest paid card payments in EUR: far from the newest ones the screens and their tests start from.
  const orders = await sql<ColumnsOf<'orders', 'id' | 'merchant_id' | 'amount_minor' | 'created_at'>>`
    SELECT o.id, o.merchant_id, o.amount_minor, o.created_at FROM orders o JOIN merchants m ON m.id = o.merchant_id
    WHERE m.merchant_group_id = ${group.id}::uuid AND o.status = 'Paid' AND o.payment_type = 'PN' AND o.currency = 'EUR' AND o.amount_minor >= 10000 AND o.refunded_minor = 0
    ORDER BY o.created_at, o.id LIMIT ${PLAN.length}`.execute(db);
  await db.transaction().execute(async (trx) => {
    const rule = await trx
      .insertInto('refund_rules')
      .values({
        merchant_group_id: group.id,
        merchant_id: null,
        currency: RULE.currency,
        auto_approve_up_to_minor: RULE.auto,
        two_approvals_above_minor: RULE.two,
        daily_cap_minor: RULE.cap,
        approver_roles: RULE.approvers,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, order] of orders.rows.entries()) {
      const plan = PLAN[index]!;
      const amount = Math.max(100, Math.round((Number(order.amount_minor) * plan.fraction) / 100) * 100);
      const at = new Date(new Date(order.created_at).getTime() + 2 * 86_400_000);
      const request = await trx
        .insertInto('refund_requests')
        .values({
          merchant_id: order.merchant_id,
          order_id: order.id,
          amount_minor: amount,
          currency: 'EUR',
          reason: plan.reason,
          approval_status: plan.approvalStatus,
          state: plan.state,
          requested_by: requester,
          approvals_required: plan.required,
          approver_roles: RULE.approvers,
          rule_id: rule.id,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const approval of plan.approvals)
        await trx
          .insertInto('refund_approvals')
          .values({
            refund_request_id: request.id,
            approver_id: userId(approval.by)!,
            decision: approval.decision,
            comment: approval.comment ?? null,
            created_at: at,
          })
          .execute();
      if (plan.execution) {
        await trx
          .insertInto('refund_executions')
          .values({
            refund_request_id: request.id,
            outcome: plan.execution,
            amount_minor: amount,
            currency: 'EUR',
            acquirer_reference: `demo-ref-${request.id}`,
            message: plan.execution === 'Declined' ? 'declined by the demo acquirer' : null,
            created_at: at,
          })
          .execute();
        if (plan.execution === 'Succeeded')
          await trx
            .updateTable('orders')
            .set({ refunded_minor: sql`refunded_minor + ${String(amount)}::bigint` })
            .where('id', '=', order.id)
            .execute();
      }
    }
  });
}
