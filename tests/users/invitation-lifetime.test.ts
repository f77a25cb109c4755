import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_API } from '../../contract/product';
import type { UserDetail } from '../../contract/user-admin';
import { startSmtpPeer, type SmtpPeer } from '../../testing/mail/smtp-peer';
import { configFromEnv } from '../../server/config';
import { bearer, signIn, startTestApp } from '../support/test-app';

// One invitation, one lifetime (decision 0456): a colleague invited by a user admin, an invitation
// sent again, and the merchant admin provider staff grant access to all get a link that works for
// FOLIO_INVITATION_HOURS, and their e-mail says so. The server here runs with 30 hours, a lifetime
// neither path had on its own before (72 hours and 7 days).

const HOURS = 30;
const GRANT = `${MERCHANT_API}/merchants/pre-init`;

let app: FastifyInstance;
let peer: SmtpPeer;

beforeAll(async () => {
  peer = await startSmtpPeer();
  app = await startTestApp({ orders: 0, smtpUrl: peer.url, invitationHours: HOURS });
}, 120_000);
afterAll(async () => {
  await app.close();
  await peer.close();
});

/** Whether `expiresAt` lies the configured lifetime after the moment the call started (a minute either way for a slow run). */
function expectLifetime(expiresAt: string | null | undefined, startedAt: number): void {
  const lifetime = new Date(expiresAt ?? 0).getTime() - startedAt;
  expect(Math.abs(lifetime - HOURS * 3600_000)).toBeLessThan(60_000);
}

describe('the invitation lifetime', () => {
  it('is a week unless configured', () => {
    expect(configFromEnv({}).invitationHours).toBe(7 * 24);
    expect(configFromEnv({ FOLIO_INVITATION_HOURS: '30' }).invitationHours).toBe(30);
  });

  it('is the configured one for a colleague a user admin invites, and for the invitation sent again', async () => {
    const admin = (await signIn(app, 'merchantadmin@demo.folio.test')).accessToken;
    const canal = await app.ctx.db.selectFrom('merchants').select('id').where('name', '=', 'Canal House Amsterdam').executeTakeFirstOrThrow();
    const before = peer.received.length;
    const startedAt = Date.now();
    const created = await app.inject({
      method: 'POST',
      url: `${MERCHANT_API}/users`,
      headers: bearer(admin),
      payload: { firstName: 'Tove', lastName: 'Lund', email: 'tove.lund@example.test', role: 'PropertyOperations', merchantIds: [canal.id] },
    });
    expect(created.statusCode).toBe(201);
    const user = created.json<UserDetail>();
    expectLifetime(user.invitationExpiresAt, startedAt);
    expect((await peer.nextMailTo('tove.lund@example.test', { after: before })).text).toContain(`within ${HOURS} hours`);

    const resentAt = Date.now();
    const resent = await app.inject({ method: 'POST', url: `${MERCHANT_API}/users/${user.userId}/invitation`, headers: bearer(admin) });
    expect(resent.statusCode).toBe(200);
    expectLifetime(resent.json<UserDetail>().invitationExpiresAt, resentAt);
  });

  it('is the configured one for the merchant admin provider staff grant access to', async () => {
    const staff = (await signIn(app, 'folioadmin@demo.folio.test')).accessToken;
    const before = peer.received.length;
    const startedAt = Date.now();
    const granted = await app.inject({
      method: 'POST',
      url: GRANT,
      headers: bearer(staff),
      payload: { newGroup: { name: 'Skerry Inns', country: 'se' }, admin: { firstName: 'Ebba', lastName: 'Holm', email: 'ebba@skerry.example' } },
    });
    expect(granted.statusCode).toBe(201);
    expectLifetime(granted.json<{ invitationExpiresAt: string }>().invitationExpiresAt, startedAt);
    expect((await peer.nextMailTo('ebba@skerry.example', { after: before })).text).toContain(`within ${HOURS} hours`);
  });
});
