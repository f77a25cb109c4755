import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totpAt } from '../../server/auth/totp';
import { bearer, signIn, startTestApp } from '../support/test-app';

// Two-step sign-in over real HTTP (issue 19): turning it on with a code from the app, the code step
// after the password, recovery codes used once, wrong codes counted and the lockout.

let app: FastifyInstance;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const code = (secret: string, offsetSeconds = 0) => totpAt(base32Decode(secret), Date.now() / 1000 + offsetSeconds);

async function turnOn(email: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { accessToken } = await signIn(app, email);
  const setup = await app.inject({ method: 'POST', url: '/api/auth/two-step/setup', headers: bearer(accessToken) });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri } = setup.json<{ secret: string; otpauthUri: string }>();
  expect(otpauthUri).toContain(`secret=${secret}`);
  const wrong = await app.inject({ method: 'POST', url: '/api/auth/two-step/enable', headers: bearer(accessToken), payload: { code: '000000' } });
  expect(wrong.statusCode).toBe(400);
  const enabled = await app.inject({ method: 'POST', url: '/api/auth/two-step/enable', headers: bearer(accessToken), payload: { code: code(secret) } });
  expect(enabled.statusCode).toBe(200);
  const status = await app.inject({ method: 'GET', url: '/api/auth/two-step', headers: bearer(accessToken) });
  expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
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
    expect(wrong.json().detail).toBe('the code is not right; 4 tries left');
    // The code used to turn it on cannot be replayed; the next one from the app works.
    expect((await verify(challenge, code(secret))).statusCode).toBe(400);
    const right = await verify(challenge, code(secret, 30));
    expect(right.statusCode).toBe(200);
    const cookies = Object.fromEntries(right.cookies.map((cookie) => [cookie.name, cookie.value]));
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', cookies });
    expect(session.json().user.email).toBe('foliouser@demo.folio.test');
    // The challenge is spent.
    expect((await verify(challenge, code(secret, 30))).statusCode).toBe(401);
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
    const again = await passwordStep('propertyviewonlyuser@demo.folio.test');
    expect((await verify(again, code(secret, 30))).statusCode).toBe(429);
    const stored = await app.ctx.db.selectFrom('two_step_recovery_codes').select('code_hash').execute();
    expect(stored.some((row) => recoveryCodes.includes(row.code_hash))).toBe(false);
    const secrets = await app.ctx.db.selectFrom('user_two_step').select('secret_encrypted').execute();
    expect(secrets.some((row) => row.secret_encrypted.includes(secret))).toBe(false);
  });
});
