import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../contract/roles';
import { isSessionLive } from '../../server/auth/browser-session';
import { loadCaller } from '../../server/auth/caller';
import { sessionCaller } from '../../server/auth/session-caller';
import { mustSetUpTwoStep } from '../../server/auth/sign-in-policy';
import { verifyAccessToken } from '../../server/auth/tokens';
import { demoEmail } from '../../server/demo/seed-demo';
import { signIn, startTestApp } from '../support/test-app';

// Every signed-in call reads its caller in one query (decision 0330). That one query must answer
// exactly what the separate lookups it replaced answer (session open, user, roles in order, grants,
// merchants, two-step policy), for every demo role and in the states that end or narrow a session.

let app: FastifyInstance;
const ACCOUNTS = [...ROLES.map(demoEmail), 'applicant@demo.folio.test'];

beforeAll(async () => {
  app = await startTestApp({ orders: 0 });
});
afterAll(async () => {
  await app.close();
});

async function claimsOf(email: string) {
  const { accessToken } = await signIn(app, email);
  const claims = await verifyAccessToken(app.ctx.tokenKey, accessToken);
  if (!claims) throw new Error(`no claims for ${email}`);
  return claims;
}

/** What the separate lookups answer: open session, caller, and whether the policy waits for two-step sign-in. */
async function stepByStep(userId: string, sessionId: string) {
  const live = await isSessionLive(app.ctx.db, sessionId);
  if (!live) return { live };
  const caller = await loadCaller(app.ctx.db, userId, sessionId);
  return { live, caller, twoStepPending: caller ? await mustSetUpTwoStep(app.ctx, caller) : false };
}

async function expectSameAnswer(userId: string, sessionId: string) {
  const expected = await stepByStep(userId, sessionId);
  expect(await sessionCaller(app.ctx.db, userId, sessionId, app.ctx.config.demo)).toEqual(expected);
  return expected;
}

describe('the caller read in one query', () => {
  it('is the caller the separate lookups give, for every demo account, under either sign-in policy', async () => {
    const sessions = await Promise.all(ACCOUNTS.map(claimsOf));
    const scopes = new Set<string>();
    for (const { userId, sessionId } of sessions) {
      const answer = await expectSameAnswer(userId, sessionId);
      scopes.add(answer.caller?.merchantScope === 'all' ? 'all' : `${answer.caller?.merchantScope.length} merchants`);
    }
    // The accounts cover every scope rule: all merchants, a group's, assigned properties.
    expect(scopes.size).toBeGreaterThanOrEqual(3);

    // Several roles come in their position order, not their names' order (the first is the current role).
    const twoRoles = sessions[ACCOUNTS.indexOf(demoEmail('FolioUser'))]!;
    await sql`UPDATE user_roles SET position = 1 WHERE user_id = ${twoRoles.userId} AND role_name = 'FolioUser'`.execute(app.ctx.db);
    await sql`INSERT INTO user_roles (user_id, role_name, position) VALUES (${twoRoles.userId}, 'Admin', 2)`.execute(app.ctx.db);
    expect((await expectSameAnswer(twoRoles.userId, twoRoles.sessionId)).caller?.roles).toEqual(['FolioUser', 'Admin']);
    await sql`DELETE FROM user_roles WHERE user_id = ${twoRoles.userId} AND role_name = 'Admin'`.execute(app.ctx.db);

    await sql`INSERT INTO sign_in_policy (require_two_step_for_provider_roles) VALUES (true)`.execute(app.ctx.db);
    const provider = sessions[ACCOUNTS.indexOf(demoEmail('FolioAdmin'))]!;
    await sql`INSERT INTO user_two_step (user_id, secret_encrypted, enabled_at) VALUES (${provider.userId}, 'x', now())`.execute(app.ctx.db);
    const pending = new Set<boolean>();
    for (const { userId, sessionId } of sessions) pending.add((await expectSameAnswer(userId, sessionId)).twoStepPending ?? false);
    expect(pending).toEqual(new Set([true, false]));
    await sql`DELETE FROM sign_in_policy`.execute(app.ctx.db);
    await sql`DELETE FROM user_two_step WHERE user_id = ${provider.userId}`.execute(app.ctx.db);
  });

  it('says the session has ended once it is revoked or expired, and has no caller for a disabled account', async () => {
    const revoked = await claimsOf(demoEmail('FolioUser'));
    await sql`UPDATE sessions SET revoked_at = now() WHERE id = ${revoked.sessionId}`.execute(app.ctx.db);
    expect(await expectSameAnswer(revoked.userId, revoked.sessionId)).toEqual({ live: false });

    const expired = await claimsOf(demoEmail('Admin'));
    await sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${expired.sessionId}`.execute(app.ctx.db);
    expect(await expectSameAnswer(expired.userId, expired.sessionId)).toEqual({ live: false });

    const disabled = await claimsOf(demoEmail('UserManagement'));
    await sql`UPDATE users SET disabled = true WHERE id = ${disabled.userId}`.execute(app.ctx.db);
    expect(await expectSameAnswer(disabled.userId, disabled.sessionId)).toEqual({ live: true, caller: undefined, twoStepPending: false });
    await sql`UPDATE users SET disabled = false WHERE id = ${disabled.userId}`.execute(app.ctx.db);
  });
});
