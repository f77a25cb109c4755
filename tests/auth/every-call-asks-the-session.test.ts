import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_API } from '../../contract/product';
import { GRANTS_VERSION_HEADER } from '../../server/auth/grants-version';
import { verifyAccessToken } from '../../server/auth/tokens';
import { demoEmail } from '../../server/demo/seed-demo';
import { bearer, signIn, startTestApp } from '../support/test-app';

// A token whose signature was already checked skips that check on its next calls, and a session's
// grants fingerprint is computed once (decision 0625). Neither may carry a session past its end or a
// scope past its change: every call still asks the database who calls. Over real HTTP, with a token
// that has already been answered.

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp({ orders: 20 });
});
afterAll(async () => {
  await app.close();
});

const search = (token: string) =>
  app.inject({ method: 'POST', url: `${BACKOFFICE_API}/order/search`, headers: bearer(token), payload: { pagination: { page: 0, pageSize: 25 } } });

async function signedIn(email: string) {
  const { accessToken } = await signIn(app, email);
  const claims = await verifyAccessToken(app.ctx.tokenKey, accessToken);
  if (!claims) throw new Error(`no claims for ${email}`);
  // Answered twice: the token is now one the server has checked before.
  expect((await search(accessToken)).statusCode).toBe(200);
  expect((await search(accessToken)).statusCode).toBe(200);
  return { accessToken, ...claims };
}

describe('every signed-in call asks who calls', () => {
  it('refuses a token it answered before once its session is revoked or has expired, or its account is disabled', async () => {
    const revoked = await signedIn(demoEmail('FolioAdmin'));
    await sql`UPDATE sessions SET revoked_at = now() WHERE id = ${revoked.sessionId}`.execute(app.ctx.db);
    const refused = await search(revoked.accessToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ status: 401, detail: 'the session has ended; sign in again' });

    const expired = await signedIn(demoEmail('Admin'));
    await sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = ${expired.sessionId}`.execute(app.ctx.db);
    expect((await search(expired.accessToken)).statusCode).toBe(401);

    const disabled = await signedIn(demoEmail('SuperAdmin'));
    await sql`UPDATE users SET disabled = true WHERE id = ${disabled.userId}`.execute(app.ctx.db);
    const refusedDisabled = await search(disabled.accessToken);
    expect(refusedDisabled.statusCode).toBe(401);
    expect(refusedDisabled.json()).toMatchObject({ detail: 'the account is disabled' });
    await sql`UPDATE users SET disabled = false WHERE id = ${disabled.userId}`.execute(app.ctx.db);
  });

  it('answers a changed scope at the next call: its grants fingerprint changes, and a token without roles reads nothing', async () => {
    const merchantAdmin = await signedIn(demoEmail('MerchantAdmin'));
    const before = (await search(merchantAdmin.accessToken)).headers[GRANTS_VERSION_HEADER];
    // A provider role granted beside the merchant one: the admin's scope widens to every merchant.
    await sql`INSERT INTO user_roles (user_id, role_name, position) VALUES (${merchantAdmin.userId}, 'FolioAdmin', 2)`.execute(app.ctx.db);
    const widened = await search(merchantAdmin.accessToken);
    expect(widened.statusCode).toBe(200);
    expect(widened.headers[GRANTS_VERSION_HEADER]).not.toBe(before);
    await sql`DELETE FROM user_roles WHERE user_id = ${merchantAdmin.userId} AND role_name = 'FolioAdmin'`.execute(app.ctx.db);
    expect((await search(merchantAdmin.accessToken)).headers[GRANTS_VERSION_HEADER]).toBe(before);

    // Its roles taken away, the same token reads nothing more.
    await sql`DELETE FROM user_roles WHERE user_id = ${merchantAdmin.userId}`.execute(app.ctx.db);
    expect((await search(merchantAdmin.accessToken)).statusCode).toBe(403);
  });
});
