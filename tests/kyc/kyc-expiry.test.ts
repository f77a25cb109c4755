import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireIdleApplications } from '../../server/kyc/expiry';
import { startTestApp } from '../support/test-app';

// Created / SentForResubmission applications left idle expire through the lifecycle (decision 0140).

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
});
afterAll(async () => {
  await app.close();
});

const statusOf = async (name: string) =>
  (await app.ctx.db.selectFrom('merchant_groups').select('status').where('name', '=', name).executeTakeFirstOrThrow()).status;

describe('idle expiry', () => {
  it('expires only idle Created and SentForResubmission applications, and audits it', async () => {
    expect(await expireIdleApplications(app.ctx.db, new Date())).toEqual([]);
    const later = new Date(Date.now() + 200 * 24 * 60 * 60 * 1000);
    const expired = await expireIdleApplications(app.ctx.db, later);
    expect(expired.length).toBe(2);
    expect(await statusOf('Alpine Lodges Group')).toBe('Expired');
    expect(await statusOf('Danube Hospitality')).toBe('Expired');
    expect(await statusOf('Baltic Inns')).toBe('Pending');
    const trail = await app.ctx.db.selectFrom('audit_log').select(['action', 'actor_user_id']).where('action', '=', 'kyc.expire').execute();
    expect(trail).toEqual([
      { action: 'kyc.expire', actor_user_id: null },
      { action: 'kyc.expire', actor_user_id: null },
    ]);
  });
});
