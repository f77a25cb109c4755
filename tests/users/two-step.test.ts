import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totpAt } from '../../server/auth/totp';
import { MERCHANT_API } from '../../contract/product';
import { signInPolicyOf } from '../../server/auth/sign-in-policy';
import { bearer, DEMO_PASSWORD, signIn, startTestApp } from '../support/test-app';

// Two-step sign-in over real HTTP (issue 19): turning it on with a code from the app, the code step
// after the password, recovery codes used once, wrong codes counted and the lockout.

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

// Codes are taken by time step, not by the clock at the moment of the call: a slow run that crosses a
// 30-second step between turning two-step on and the next sign-in must not turn a replay into a fresh code.
const STEP_SECONDS = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);
const codeAt = (secret: string, step: number) => totpAt(base32Decode(secret), step * STEP_SECONDS);
/** The step whose code turned two-step on, per secret: that code is spent. */
const spentStep = new Map<string, number>();
/** A code the server has not taken yet: the step after the spent one, or now once the clock is past it (the server takes one step either side of now). */
const freshCode = (secret: string) => codeAt(secret, Math.max((spentStep.get(secret) ?? stepNow()) + 1, stepNow()));

async function turnOn(email: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { accessToken } = await signIn(app, email);
  const setup = await app.inject({ method: 'POST', url: '/api/auth/two-step/setup', headers: bearer(accessToken) });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri } = setup.json<{ secret: string; otpauthUri: string }>();
  expect(otpauthUri).toContain(`secret=${secret}`);
  const wrong = await app.inject({ method: 'POST', url: '/api/auth/two-step/enable', headers: bearer(accessToken), payload: { code: '000000' } });
  expect(wrong.statusCode).toBe(400);
  const step = stepNow();
  const enabled = await app.inject({ method: 'POST', url: '/api/auth/two-step/enable', headers: bearer(accessToken), payload: { code: codeAt(secret, step) } });
  spentStep.set(secret, step);
  expect(enabled.statusCode).toBe(200);
  const status = await app.inject({ method: 'GET', url: '/api/auth/two-step', headers: bearer(accessToken) });
  expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
  return { secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

const verify = (challenge: string, value: string) =>
  app.inject({ method: 'POST', url: '/api/auth/two-step/verify', cookies: { 'folio.two-step': challenge }, payload: { code: value } });

async function passwordStep(email: string): Promise<string> {
  const { response, cookies } = await signIn(app, email);
  expect(response.json()).toEqual({ url: '/sign-in', twoStep: true });
  // No session yet: the password alone opens nothing.
  expect(cookies['folio.refresh-token']).toBeUndefined();
  const challenge = cookies['folio.two-step'];
  expect(challenge).toBeTruthy();
  return challenge as string;
}

describe('two-step sign-in', () => {
  it('after the password asks for the code; a wrong code is refused and counted, the right one opens the session', async () => {
    const { secret } = await turnOn('foliouser@demo.folio.test');
    const challenge = await passwordStep('foliouser@demo.folio.test');
    const wrong = await verify(challenge, '123456');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ detail: 'the code is not right; 4 tries left', code: 'twoStep.wrongCodeAtSignIn', params: { count: 4 } });
    // The code used to turn it on cannot be replayed; the next one from the app works.
    expect((await verify(challenge, codeAt(secret, spentStep.get(secret) as number))).statusCode).toBe(400);
    const right = await verify(challenge, freshCode(secret));
    expect(right.statusCode).toBe(200);
    const cookies = Object.fromEntries(right.cookies.map((cookie) => [cookie.name, cookie.value]));
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', cookies });
    expect(session.json().user.email).toBe('foliouser@demo.folio.test');
    // The challenge is spent.
    expect((await verify(challenge, freshCode(secret))).statusCode).toBe(401);
  });

  it('a recovery code works once in place of the app', async () => {
    const { recoveryCodes } = await turnOn('merchantviewonlyuser@demo.folio.test');
    const [first] = recoveryCodes;
    expect((await verify(await passwordStep('merchantviewonlyuser@demo.folio.test'), first ?? '')).statusCode).toBe(200);
    expect((await verify(await passwordStep('merchantviewonlyuser@demo.folio.test'), first ?? '')).statusCode).toBe(400);
  });

  it('five wrong codes lock the code step (429), even for the right code, and the recovery codes are stored only hashed', async () => {
    const { secret, recoveryCodes } = await turnOn('propertyviewonlyuser@demo.folio.test');
    const challenge = await passwordStep('propertyviewonlyuser@demo.folio.test');
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await verify(challenge, '000000')).statusCode).toBe(400);
    const locked = await verify(challenge, '000000');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toMatch(/^too many wrong codes: two-step sign-in is locked until \d\d:\d\d UTC/);
    expect(locked.json()).toMatchObject({ code: 'twoStep.locked', params: { until: expect.stringMatching(/^\d\d:\d\d$/) } });
    const again = await passwordStep('propertyviewonlyuser@demo.folio.test');
    expect((await verify(again, freshCode(secret))).statusCode).toBe(429);
    const stored = await app.ctx.db.selectFrom('two_step_recovery_codes').select('code_hash').execute();
    expect(stored.some((row) => recoveryCodes.includes(row.code_hash))).toBe(false);
    const secrets = await app.ctx.db.selectFrom('user_two_step').select('secret_encrypted').execute();
    expect(secrets.some((row) => row.secret_encrypted.includes(secret))).toBe(false);
  });
});

describe('turning two-step sign-in off', () => {
  it('needs the password or a code: a wrong password is refused on its field, the right one turns it off', async () => {
    await turnOn('merchantadmin@demo.folio.test');
    // The next sign-in asks for the code; a recovery code opens this session.
    const { accessToken } = await signIn(app, 'usermanagement@demo.folio.test');
    const { recoveryCodes } = await turnOn('usermanagement@demo.folio.test');
    const headers = bearer(accessToken);
    const wrong = await app.inject({ method: 'POST', url: '/api/auth/two-step/disable', headers, payload: { password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: ['the password is not right'] });
    const neither = await app.inject({ method: 'POST', url: '/api/auth/two-step/disable', headers, payload: {} });
    expect(neither.statusCode).toBe(400);
    const off = await app.inject({ method: 'POST', url: '/api/auth/two-step/disable', headers, payload: { password: DEMO_PASSWORD } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    // Off means the password alone signs in again, and the old recovery codes are gone.
    expect((await signIn(app, 'usermanagement@demo.folio.test')).response.json()).not.toHaveProperty('twoStep');
    expect(await app.ctx.db.selectFrom('two_step_recovery_codes').select('code_hash').where('code_hash', 'in', recoveryCodes).execute()).toEqual([]);
  });
});

describe('the sign-in policy: two-step sign-in required for provider roles (decision 0310)', () => {
  const policyUrl = '/api/auth/sign-in-policy';
  const usersUrl = `${MERCHANT_API}/users`;

  it('is off by default in demo mode and on by default otherwise', async () => {
    expect(await signInPolicyOf(app.ctx.db, true)).toEqual({ requireTwoStepForProviderRoles: false, isDefault: true });
    expect(await signInPolicyOf(app.ctx.db, false)).toEqual({ requireTwoStepForProviderRoles: true, isDefault: true });
  });

  it('only provider admins change it; other provider roles and the merchant side are refused', async () => {
    const admin = bearer((await signIn(app, 'admin@demo.folio.test')).accessToken);
    const providerUser = bearer((await signIn(app, 'iolbackofficeadmin@demo.folio.test')).accessToken);
    expect(providerUser.authorization).not.toBe('Bearer ');
    const merchant = bearer((await signIn(app, 'merchantuser@demo.folio.test')).accessToken);
    expect((await app.inject({ method: 'GET', url: policyUrl, headers: merchant })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url: policyUrl, headers: merchant, payload: { requireTwoStepForProviderRoles: true } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url: policyUrl, headers: providerUser, payload: { requireTwoStepForProviderRoles: true } })).statusCode).toBe(
      403,
    );
    expect((await app.inject({ method: 'PUT', url: policyUrl, headers: admin, payload: { requireTwoStepForProviderRoles: 'yes' } })).statusCode).toBe(400);
    const read = await app.inject({ method: 'GET', url: policyUrl, headers: admin });
    expect(read.json()).toEqual({ requireTwoStepForProviderRoles: false, isDefault: true });
  });

  it('when on, refuses a provider-role user without two-step sign-in (403 two-step-required) until they turn it on; the merchant side is not bound', async () => {
    const admin = bearer((await signIn(app, 'superadmin@demo.folio.test')).accessToken);
    // An admin without two-step sign-in of their own cannot turn the policy on: it would stop them at once.
    const early = await app.inject({ method: 'PUT', url: policyUrl, headers: admin, payload: { requireTwoStepForProviderRoles: true } });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toContain('turn two-step sign-in on for yourself first');
    const adminSetup = await app.inject({ method: 'POST', url: '/api/auth/two-step/setup', headers: admin });
    const adminCode = codeAt(adminSetup.json<{ secret: string }>().secret, stepNow());
    expect((await app.inject({ method: 'POST', url: '/api/auth/two-step/enable', headers: admin, payload: { code: adminCode } })).statusCode).toBe(200);
    const put = await app.inject({ method: 'PUT', url: policyUrl, headers: admin, payload: { requireTwoStepForProviderRoles: true } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ requireTwoStepForProviderRoles: true, isDefault: false });
    const audit = await app.ctx.db.selectFrom('audit_log').select('detail').where('action', '=', 'sign-in-policy.updated').executeTakeFirstOrThrow();
    expect(audit.detail).toEqual({ before: { requireTwoStepForProviderRoles: false }, after: { requireTwoStepForProviderRoles: true } });
    try {
      expect((await app.inject({ method: 'GET', url: usersUrl, headers: admin })).statusCode).toBe(200);

      // The password still opens a session (there is no code to ask for yet) ...
      const { accessToken } = await signIn(app, 'folioadmin@demo.folio.test');
      const headers = bearer(accessToken);
      const refused = await app.inject({ method: 'GET', url: usersUrl, headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({ type: 'https://folio.test/problems/two-step-required', status: 403 });
      expect(refused.json().detail).toContain('turn it on under your user menu');
      // ... in which the session's own reads and the set-up stay open.
      const standing = await app.inject({ method: 'GET', url: '/api/auth/two-step', headers });
      expect(standing.json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: true });
      const self = await app.ctx.db.selectFrom('users').select('id').where('email', '=', 'folioadmin@demo.folio.test').executeTakeFirstOrThrow();
      expect((await app.inject({ method: 'GET', url: `${MERCHANT_API}/users/${self.id}`, headers })).statusCode).toBe(200);

      const setup = await app.inject({ method: 'POST', url: '/api/auth/two-step/setup', headers });
      const { secret } = setup.json<{ secret: string }>();
      expect((await app.inject({ method: 'POST', url: '/api/auth/two-step/enable', headers, payload: { code: codeAt(secret, stepNow()) } })).statusCode).toBe(
        200,
      );
      // Turned on: the same session works at once, and the policy keeps it on.
      expect((await app.inject({ method: 'GET', url: usersUrl, headers })).statusCode).toBe(200);
      const disable = await app.inject({ method: 'POST', url: '/api/auth/two-step/disable', headers, payload: { password: DEMO_PASSWORD } });
      expect(disable.statusCode).toBe(409);

      // Merchant-side roles are not bound by it.
      const merchant = bearer((await signIn(app, 'propertymanager@demo.folio.test')).accessToken);
      expect((await app.inject({ method: 'GET', url: `${MERCHANT_API}/users/merchant/${self.id}`, headers: merchant })).statusCode).not.toBe(403);
    } finally {
      await app.ctx.db.deleteFrom('sign_in_policy').execute();
    }
  });
});
