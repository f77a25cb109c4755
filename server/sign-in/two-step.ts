import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_TYPES } from '../../contract/problem';
import { TOTP_CODE_PATTERN, TWO_STEP_MAX_FAILURES, twoStepEndpoints } from '../../contract/two-step';
import type { AppContext } from '../app-context';
import { audit } from '../audit';
import type { Db } from '../db/database';
import { HttpProblem, problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import type { Caller } from '../auth/caller';
import { countFailure, countSuccess, sendWaiting, waitBeforeAttempt } from '../auth/password-guard';
import { verifyPassword } from '../auth/passwords';
import { openSession } from '../auth/sessions';
import { isPolicyBound, signInPolicyOf } from '../auth/sign-in-policy';
import { hashToken, randomToken } from '../auth/tokens';
import { base32Decode, matchingStep, newTotpSecret, otpauthUri } from '../auth/totp';

// Two-step sign-in (issue 19; decision 0271). The secret is kept encrypted (AES-256-GCM under the
// token secret's key), recovery codes only as hashes, and between the password and the code the
// browser holds a short-lived challenge cookie whose hash names the user.

export const TWO_STEP_COOKIE = 'folio.two-step';
const CHALLENGE_TTL_SECONDS = 5 * 60;
const LOCKOUT_MINUTES = 15;
const RECOVERY_CODE_COUNT = 10;

function encrypt(key: Uint8Array, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

function decrypt(key: Uint8Array, stored: string): string {
  const [iv, tag, body] = stored.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('unreadable two-step secret');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}

function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Whether the sign-in policy requires two-step sign-in of the caller (provider roles, decision 0310). */
async function requiredFor(ctx: Pick<AppContext, 'db' | 'config'>, caller: Caller): Promise<boolean> {
  return isPolicyBound(caller) && (await signInPolicyOf(ctx.db, ctx.config.demo)).requireTwoStepForProviderRoles;
}

/** Whether the user must give a code after their password. */
export async function twoStepEnabled(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('user_two_step').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
  return Boolean(row?.enabled_at);
}

/** After a right password: a challenge the code step answers, held in an httpOnly cookie. */
export async function issueChallenge(db: Db, request: FastifyRequest, reply: FastifyReply, userId: string, callbackUrl: string): Promise<void> {
  const token = randomToken();
  await db.deleteFrom('two_step_challenges').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_step_challenges')
    .values({ token_hash: hashToken(token), user_id: userId, callback_url: callbackUrl, expires_at: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000) })
    .execute();
  reply.setCookie(TWO_STEP_COOKIE, token, {
    path: '/api/auth/two-step',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: CHALLENGE_TTL_SECONDS,
  });
}

type CodeCheck = { ok: true; step?: number; recoveryHash?: string } | { ok: false };

/** A 6-digit code newer than the last one used (no replay), or an unused recovery code. */
async function checkCode(db: Db, key: Uint8Array, userId: string, code: string): Promise<CodeCheck> {
  const row = await db.selectFrom('user_two_step').select(['secret_encrypted', 'last_used_step']).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { ok: false };
  if (TOTP_CODE_PATTERN.test(code)) {
    const step = matchingStep(base32Decode(decrypt(key, row.secret_encrypted)), code, Date.now() / 1000);
    if (step === undefined || (row.last_used_step !== null && step <= Number(row.last_used_step))) return { ok: false };
    return { ok: true, step };
  }
  const hash = hashToken(code);
  const recovery = await db
    .selectFrom('two_step_recovery_codes')
    .select('code_hash')
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return recovery ? { ok: true, recoveryHash: hash } : { ok: false };
}

async function useCode(db: Db, userId: string, check: CodeCheck & { ok: true }): Promise<void> {
  if (check.step !== undefined) await db.updateTable('user_two_step').set({ last_used_step: check.step }).where('user_id', '=', userId).execute();
  if (check.recoveryHash)
    await db
      .updateTable('two_step_recovery_codes')
      .set({ used_at: new Date() })
      .where('user_id', '=', userId)
      .where('code_hash', '=', check.recoveryHash)
      .execute();
}

function lockedProblem(until: Date): HttpProblem {
  return new HttpProblem({
    type: PROBLEM_TYPES.rateLimited,
    title: 'Too many wrong codes',
    status: 429,
    detail: `too many wrong codes: two-step sign-in is locked until ${until.toISOString().slice(11, 16)} UTC; then sign in again`,
    code: 'twoStep.locked',
    params: { until: until.toISOString().slice(11, 16) },
  });
}

const signInExpired = () => problems.unauthorized('the sign-in has expired; enter your e-mail and password again').withCode('twoStep.signInExpired');

export function registerTwoStepRoutes(app: FastifyInstance): void {
  const e = twoStepEndpoints;

  registerEndpoint(app, e.getTwoStep, async ({ caller, ctx }) => {
    const enabled = await twoStepEnabled(ctx.db, caller.userId);
    const left = await ctx.db
      .selectFrom('two_step_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', caller.userId)
      .where('used_at', 'is', null)
      .execute();
    return { enabled, recoveryCodesLeft: enabled ? left.length : 0, required: await requiredFor(ctx, caller) };
  });

  registerEndpoint(app, e.startTwoStepSetup, async ({ caller, ctx }) => {
    if (await twoStepEnabled(ctx.db, caller.userId))
      throw problems.conflict('two-step sign-in is on already; turn it off first to use another app').withCode('twoStep.alreadyOn');
    const secret = newTotpSecret();
    const encrypted = encrypt(ctx.tokenKey, secret);
    await ctx.db
      .insertInto('user_two_step')
      .values({ user_id: caller.userId, secret_encrypted: encrypted })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ secret_encrypted: encrypted, enabled_at: null, last_used_step: null, failed_attempts: 0, locked_until: null }),
      )
      .execute();
    return { secret, otpauthUri: otpauthUri(secret, caller.email) };
  });

  registerEndpoint(app, e.enableTwoStep, async ({ body, caller, ctx }) => {
    const pending = await ctx.db.selectFrom('user_two_step').select('enabled_at').where('user_id', '=', caller.userId).executeTakeFirst();
    if (!pending) throw problems.conflict('start the set-up first: add the secret to your app').withCode('twoStep.setupNotStarted');
    if (pending.enabled_at) throw problems.conflict('two-step sign-in is on already').withCode('twoStep.alreadyOn');
    if (!TOTP_CODE_PATTERN.test(body.code)) throw problems.validation({ code: ['enter the 6-digit code your app shows'] }).withCode('twoStep.codeFormat');
    const check = await checkCode(ctx.db, ctx.tokenKey, caller.userId, body.code);
    if (!check.ok)
      throw problems.validation({ code: ['the code is not right; check the time on your phone and try the newest code'] }).withCode('twoStep.wrongCode');
    await useCode(ctx.db, caller.userId, check);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await ctx.db.deleteFrom('two_step_recovery_codes').where('user_id', '=', caller.userId).execute();
    await ctx.db
      .insertInto('two_step_recovery_codes')
      .values(codes.map((code) => ({ user_id: caller.userId, code_hash: hashToken(code) })))
      .execute();
    await ctx.db.updateTable('user_two_step').set({ enabled_at: new Date() }).where('user_id', '=', caller.userId).execute();
    await audit(ctx.db, caller.userId, 'two-step.enabled', 'user', caller.userId, { before: { twoStep: false }, after: { twoStep: true } });
    return { recoveryCodes: codes };
  });

  registerEndpoint(app, e.disableTwoStep, async ({ body, caller, ctx, request, reply }) => {
    const required = await requiredFor(ctx, caller);
    if (!(await twoStepEnabled(ctx.db, caller.userId))) return { enabled: false, recoveryCodesLeft: 0, required };
    // The sign-in policy keeps it on for provider roles (decision 0310): turning it off would lock the user out of their work.
    if (required) throw problems.conflict('the sign-in policy requires two-step sign-in for your role: it stays on').withCode('twoStep.keptOnByPolicy');
    // The password (or code) is guessed no faster here than at sign-in: the same counts (decision 0372).
    const attempt = { account: caller.email, address: request.ip };
    const wait = await waitBeforeAttempt(ctx.db, attempt);
    if (wait > 0) return sendWaiting(reply, wait);
    let refused: { field: 'password' | 'code'; message: string; code: 'twoStep.wrongPassword' | 'twoStep.wrongTurnOffCode' } | undefined;
    if (body.password !== undefined) {
      const user = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', caller.userId).executeTakeFirst();
      if (!(await verifyPassword(body.password, user?.password_hash ?? null)))
        refused = { field: 'password', message: 'the password is not right', code: 'twoStep.wrongPassword' };
    } else {
      const check = await checkCode(ctx.db, ctx.tokenKey, caller.userId, body.code ?? '');
      if (!check.ok) refused = { field: 'code', message: 'the code is not right', code: 'twoStep.wrongTurnOffCode' };
    }
    if (refused) {
      const failure = await countFailure(ctx.db, attempt);
      // Sent, not thrown: the count must commit with this answer's transaction.
      if (failure.waitMs > 0) return sendWaiting(reply, failure.waitMs);
      return reply
        .status(400)
        .type('application/problem+json')
        .send(problems.validation({ [refused.field]: [refused.message] }).withCode(refused.code).problem);
    }
    await countSuccess(ctx.db, attempt);
    await ctx.db.deleteFrom('user_two_step').where('user_id', '=', caller.userId).execute();
    await ctx.db.deleteFrom('two_step_recovery_codes').where('user_id', '=', caller.userId).execute();
    await audit(ctx.db, caller.userId, 'two-step.disabled', 'user', caller.userId, { before: { twoStep: true }, after: { twoStep: false } });
    return { enabled: false, recoveryCodesLeft: 0, required };
  });

  registerEndpoint(app, e.getSignInPolicy, ({ ctx }) => signInPolicyOf(ctx.db, ctx.config.demo));

  registerEndpoint(app, e.updateSignInPolicy, async ({ body, caller, ctx }) => {
    const before = await signInPolicyOf(ctx.db, ctx.config.demo);
    // Turning it on without two-step sign-in of one's own would shut the admin out of this very page at once.
    if (body.requireTwoStepForProviderRoles && !(await twoStepEnabled(ctx.db, caller.userId)))
      throw problems
        .conflict('turn two-step sign-in on for yourself first (user menu, "Two-step sign-in"): the policy would stop you at once otherwise')
        .withCode('signInPolicy.ownTwoStepFirst');
    await ctx.db
      .insertInto('sign_in_policy')
      .values({ require_two_step_for_provider_roles: body.requireTwoStepForProviderRoles, updated_by: caller.userId })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ require_two_step_for_provider_roles: body.requireTwoStepForProviderRoles, updated_by: caller.userId, updated_at: new Date() }),
      )
      .execute();
    await audit(ctx.db, caller.userId, 'sign-in-policy.updated', 'sign-in-policy', 'two-step', {
      before: { requireTwoStepForProviderRoles: before.requireTwoStepForProviderRoles },
      after: { requireTwoStepForProviderRoles: body.requireTwoStepForProviderRoles },
    });
    return { requireTwoStepForProviderRoles: body.requireTwoStepForProviderRoles, isDefault: false };
  });

  registerEndpoint(
    app,
    e.verifyTwoStep,
    async ({ body, ctx, request, reply }) => {
      const token = request.cookies[TWO_STEP_COOKIE];
      const challenge = token
        ? await ctx.db
            .selectFrom('two_step_challenges')
            .select(['user_id', 'callback_url'])
            .where('token_hash', '=', hashToken(token))
            .where('expires_at', '>', new Date())
            .executeTakeFirst()
        : undefined;
      if (!challenge) throw signInExpired();
      const userId = challenge.user_id;
      // The lock and the count are read and written under a row lock, so parallel guesses count each.
      const state = await ctx.db
        .selectFrom('user_two_step')
        .select(['failed_attempts', 'locked_until'])
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!state) throw signInExpired();
      if (state.locked_until && state.locked_until > new Date()) throw lockedProblem(state.locked_until);
      const check = await checkCode(ctx.db, ctx.tokenKey, userId, body.code);
      if (!check.ok) {
        const failures = state.failed_attempts + 1;
        const locked = failures >= TWO_STEP_MAX_FAILURES ? new Date(Date.now() + LOCKOUT_MINUTES * 60_000) : null;
        await ctx.db
          .updateTable('user_two_step')
          .set({ failed_attempts: locked ? 0 : failures, locked_until: locked })
          .where('user_id', '=', userId)
          .execute();
        await audit(ctx.db, userId, 'two-step.failed', 'user', userId, { failures });
        if (locked) {
          await ctx.db.deleteFrom('two_step_challenges').where('user_id', '=', userId).execute();
          await audit(ctx.db, userId, 'two-step.locked', 'user', userId, { until: locked.toISOString() });
          // The count and the lock must survive the refusal: commit them with this answer's transaction.
          return reply.status(429).type('application/problem+json').send(lockedProblem(locked).problem);
        }
        const left = TWO_STEP_MAX_FAILURES - failures;
        return reply
          .status(400)
          .type('application/problem+json')
          .send(
            problems
              .validation(
                { code: [`the code is not right; ${left} ${left === 1 ? 'try' : 'tries'} left`] },
                `the code is not right; ${left} ${left === 1 ? 'try' : 'tries'} left`,
              )
              .withCode('twoStep.wrongCodeAtSignIn', { count: left }).problem,
          );
      }
      await useCode(ctx.db, userId, check);
      await ctx.db.updateTable('user_two_step').set({ failed_attempts: 0, locked_until: null }).where('user_id', '=', userId).execute();
      await ctx.db.deleteFrom('two_step_challenges').where('user_id', '=', userId).execute();
      reply.clearCookie(TWO_STEP_COOKIE, { path: '/api/auth/two-step' });
      await openSession(ctx, request, reply, userId);
      await audit(ctx.db, userId, 'signed-in', 'user', userId, { twoStep: true, recoveryCode: check.recoveryHash !== undefined });
      return { url: challenge.callback_url };
    },
    { rateLimit: { max: app.ctx.config.rateLimits.signInPerMinute, timeWindow: 60_000, groupId: 'two-step' } },
  );
}
