import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { orderEmailEndpoints, type OrderEmail } from '../../contract/transaction-emails';
import { audit } from '../audit';
import type { AnyCaller } from '../auth/caller';
import type { Db } from '../db/database';
import type { ColumnsOf, Int8Text } from '../db/row-types';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { effectiveMerchants } from '../lists/list-query';

const { getOrderEmailHistory, resendOrderEmail } = orderEmailEndpoints;

type EmailRecord = ColumnsOf<'order_email_history', 'id' | 'recipient' | 'subject' | 'status' | 'sent_at'>;
const toEmail = (row: EmailRecord): OrderEmail => ({
  id: Number(row.id),
  recipient: row.recipient,
  subject: row.subject,
  status: row.status,
  sentAt: new Date(row.sent_at).toISOString(),
});

/** The order when the caller may see it; 404 otherwise, the same answer as for a missing order (no leak). */
async function visibleOrder(db: Db, id: number, caller: AnyCaller, merchantHeader: string | undefined) {
  const order = await db
    .selectFrom('orders as o')
    .innerJoin('merchants as m', 'm.id', 'o.merchant_id')
    .select(['o.id', 'o.merchant_id', 'o.reference_no', 'm.name as merchant_name'])
    .where('o.id', '=', String(id))
    .executeTakeFirst();
  const merchants = effectiveMerchants(caller.merchantScope, merchantHeader, undefined);
  if (!order || (merchants !== 'all' && !merchants.includes(order.merchant_id))) throw problems.notFound(`order ${id} not found`);
  return order;
}

/** Spec 7 `order/{id}/email-history` and the resend of one e-mail (decision 0206). */
export function registerOrderEmailRoutes(app: FastifyInstance): void {
  registerEndpoint(app, getOrderEmailHistory, async ({ params, query, caller, merchantId, ctx }) => {
    await visibleOrder(ctx.db, params.id, caller, merchantId);
    const rows = await sql<EmailRecord & { total: Int8Text }>`
      SELECT id, recipient, subject, status, sent_at, count(*) OVER () AS total
      FROM order_email_history WHERE order_id = ${String(params.id)}::bigint
      ORDER BY sent_at DESC, id DESC LIMIT ${query.limit} OFFSET ${query.page * query.limit}`.execute(ctx.db);
    const total = rows.rows[0]
      ? Number(rows.rows[0].total)
      : (
          await ctx.db
            .selectFrom('order_email_history')
            .select(sql<string>`count(*)`.as('n'))
            .where('order_id', '=', String(params.id))
            .executeTakeFirstOrThrow()
        ).n;
    return { items: rows.rows.map(toEmail), total: Number(total), page: query.page, limit: query.limit };
  });

  registerEndpoint(app, resendOrderEmail, async ({ params, caller, merchantId, ctx, afterCommit }) => {
    const order = await visibleOrder(ctx.db, params.id, caller, merchantId);
    const original = await ctx.db
      .selectFrom('order_email_history')
      .select(['recipient', 'subject'])
      .where('id', '=', String(params.emailId))
      .where('order_id', '=', order.id)
      .executeTakeFirst();
    if (!original) throw problems.notFound(`e-mail ${params.emailId} of order ${params.id} not found`);
    const copy = await ctx.db
      .insertInto('order_email_history')
      .values({ order_id: order.id, recipient: original.recipient, subject: original.subject, status: 'Resent' })
      .returning(['id', 'recipient', 'subject', 'status', 'sent_at'])
      .executeTakeFirstOrThrow();
    await audit(ctx.db, caller, 'order.email.resend', 'order', order.id, { emailId: params.emailId, recipient: original.recipient });
    // Sent once the copy is committed: the mailer writes its own outbox row on the app's handle.
    afterCommit(() =>
      app.ctx.mailer.send({
        to: original.recipient,
        subject: original.subject,
        text: `${original.subject}\n\nThis is a copy of the e-mail about your reservation ${order.reference_no} at ${order.merchant_name}, sent again at the hotel's request.`,
      }),
    );
    return toEmail(copy);
  });
}
