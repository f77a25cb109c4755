import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { systemEndpoints } from '../contract/system';
import { registerEndpoint } from './http/route';

const { health, demoOutbox } = systemEndpoints;

export function registerSystemRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  registerEndpoint(app, health, async () => {
    await sql`select 1`.execute(ctx.db);
    return { status: 'ok' as const, database: ctx.config.database.kind, demo: ctx.config.demo, version: process.env.npm_package_version ?? 'dev' };
  });
  // The outbox stands in for a mail client in demo mode, so reset links can be followed.
  if (ctx.config.demo)
    registerEndpoint(app, demoOutbox, async ({ query }) => {
      let rows = ctx.db.selectFrom('email_outbox').selectAll().orderBy('id', 'desc').limit(query.limit);
      if (query.to) rows = rows.where('recipient', '=', query.to.toLowerCase());
      const items = await rows.execute();
      return { items: items.map((row) => ({ id: row.id, to: row.recipient, subject: row.subject, text: row.text_body, createdAt: row.created_at.toISOString(), status: row.status })) };
    });
}
