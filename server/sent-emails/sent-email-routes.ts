import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { emailEndpoints, type SentEmailStatus } from '../../contract/emails';
import { isProviderStaff, type Caller } from '../auth/caller';
import { escapeLike } from '../lists/list-query';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { maskSecrets } from '../mail/mask-secrets';

// The sent e-mails view (decision 0170): provider admins read what the product has sent. The copy is
// stored with its secrets masked; masking again on the way out also covers copies written before.

function assertProviderStaff(caller: Caller): void {
  if (!isProviderStaff(caller)) throw problems.forbidden('sent e-mails are for provider admins');
}

interface OutboxRow {
  id: string;
  recipient: string;
  subject: string;
  status: string;
  created_at: Date;
  sent_at: Date | null;
}

function summaryOf(row: OutboxRow) {
  return {
    id: String(row.id),
    to: row.recipient,
    subject: row.subject,
    status: row.status as SentEmailStatus,
    createdAt: row.created_at.toISOString(),
    deliveredAt: row.sent_at?.toISOString() ?? null,
  };
}

export function registerSentEmailRoutes(app: FastifyInstance): void {
  const columns = ['id', 'recipient', 'subject', 'status', 'created_at', 'sent_at'] as const;

  registerEndpoint(app, emailEndpoints.searchSentEmails, async ({ body, caller, ctx }) => {
    assertProviderStaff(caller);
    const { page, pageSize } = body.pagination;
    let base = ctx.db.selectFrom('email_outbox');
    if (body.recipient) base = base.where(sql<boolean>`recipient ILIKE ${`%${escapeLike(body.recipient)}%`}`);
    const [{ total }, rows] = await Promise.all([
      base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      base
        .select(columns)
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset(page * pageSize)
        .execute(),
    ]);
    return { items: rows.map(summaryOf), total: Number(total), totalExact: true, page, pageSize };
  });

  registerEndpoint(app, emailEndpoints.getSentEmail, async ({ params, caller, ctx }) => {
    assertProviderStaff(caller);
    const row = await ctx.db
      .selectFrom('email_outbox')
      .select([...columns, 'text_body'])
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (!row) throw problems.notFound('no such e-mail');
    return { ...summaryOf(row), text: maskSecrets(row.text_body) };
  });
}
