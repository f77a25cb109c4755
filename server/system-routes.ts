import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { systemEndpoints } from '../contract/system';
import { registerEndpoint } from './http/route';

export function registerSystemRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  registerEndpoint(app, systemEndpoints.health, async () => {
    await sql`select 1`.execute(ctx.db);
    return {
      status: 'ok' as const,
      database: ctx.config.database.kind,
      demo: ctx.config.demo,
      version: process.env.npm_package_version ?? 'dev',
      process: ctx.config.serverProcess,
    };
  });
}
