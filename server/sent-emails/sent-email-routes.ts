import type { FastifyInstance } from 'fastify';
import { emailEndpoints } from '../../contract/emails';
import { isProviderStaff, type Caller } from '../auth/caller';
import { keptForDays } from '../db/retention';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { maskSecrets } from '../mail/mask-secrets';
import { sentEmailPage, summaryOf } from './sent-email-query';

// The sent e-mails view (decision 0170): provider admins read what the product has sent. The copy is
// stored with its secrets masked; masking again on the way out also covers copies written before.

function assertProviderStaff(caller: Caller): void {
  if (!isProviderStaff(caller)) throw problems.forbidden('sent e-mails are for provider admins');
}

export function registerSentEmailRoutes(app: FastifyInstance): void {
  const columns = ['id', 'recipient', 'subject', 'status', 'created_at', 'sent_at'] as const;

  registerEndpoint(app, emailEndpoints.searchSentEmails, async ({ body, caller, ctx }) => {
    assertProviderStaff(caller);
    const page = await sentEmailPage(ctx.db, { recipient: body.recipient || undefined, ...body.pagination });
    // What the retention sweep keeps (decision 0724), so the page can say why an older e-mail is not listed.
    return { ...page, keptForDays: keptForDays(ctx.config.retention.sentEmailDays) };
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
