import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpProblem } from '../../server/http/problem';
import { applyTransition } from '../../server/merchant-groups/lifecycle';
import { startTestApp } from '../support/test-app';

// Two reviewers acting on the same application: the second, working from the status it read
// before the first one's change, gets a 409 and writes nothing (decision 0140).

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp({ orders: 50 });
});
afterAll(async () => {
  await app.close();
});

describe('lifecycle transitions under concurrency', () => {
  it('moves the status only from the status that was read', async () => {
    const group = await app.ctx.db.selectFrom('merchant_groups').select(['id']).where('name', '=', 'Baltic Inns').executeTakeFirstOrThrow();
    const auditCount = async () => (await app.ctx.db.selectFrom('audit_log').select('id').where('entity_id', '=', group.id).execute()).length;
    const before = await auditCount();
    expect(await applyTransition(app.ctx.db, { groupId: group.id, from: 'Pending', action: 'startReview', actorUserId: null })).toBe('InReview');
    const stale = applyTransition(app.ctx.db, { groupId: group.id, from: 'Pending', action: 'startReview', actorUserId: null });
    await expect(stale).rejects.toBeInstanceOf(HttpProblem);
    await expect(stale).rejects.toMatchObject({
      problem: { status: 409, detail: 'the application changed meanwhile; reload it and try again', code: 'kycApplication.changedMeanwhile' },
    });
    expect(await auditCount()).toBe(before + 1);
  });

  it('rolls the status back when an effect of the action fails', async () => {
    const group = await app.ctx.db.selectFrom('merchant_groups').select(['id']).where('name', '=', 'Coastline Stays').executeTakeFirstOrThrow();
    const failing = applyTransition(app.ctx.db, {
      groupId: group.id,
      from: 'InReview',
      action: 'approve',
      actorUserId: null,
      effects: async () => {
        throw new Error('storage unavailable');
      },
    });
    await expect(failing).rejects.toThrow('storage unavailable');
    const after = await app.ctx.db.selectFrom('merchant_groups').select('status').where('id', '=', group.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('InReview');
  });
});
