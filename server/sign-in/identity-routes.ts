import type { FastifyInstance } from 'fastify';
import { identityEndpoints } from '../../contract/auth';
import { audit } from '../audit';
import { forgiveAccount } from '../auth/password-guard';
import { inTransaction } from '../db/transaction';
import { problems } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { linkOrigin } from '../mail/link-origin';
import { can, isProviderStaff, loadCaller, permissionsOfRoles, rolesOfUser } from '../auth/caller';
import { hashPassword } from '../auth/passwords';
import { hashToken, PASSWORD_RESET_TTL_SECONDS, randomToken, verifyAccessToken } from '../auth/tokens';

const { forgotPassword, resetPassword, validateToken, getIdentityUser } = identityEndpoints;

const FORGOT_ANSWER = { message: 'if an account exists for this address, a link to set a new password is on its way' };
const LINK_INVALID = 'this link is invalid, already used or expired; ask for a new one';

export function registerIdentityRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  registerEndpoint(
    app,
    forgotPassword,
    async ({ body, request }) => {
      // The answer never says whether the address exists; the work happens after answering so
      // the response time does not tell either.
      // From configuration, never from what the caller wrote in Host or X-Forwarded-* (decision 0172).
      const origin = linkOrigin(ctx.config, request);
      setImmediate(() => {
        sendResetLink(body.email, origin).catch((error: unknown) => request.log.error({ err: error }, 'reset link not sent'));
      });
      return FORGOT_ANSWER;
    },
    // No transaction: the answer writes nothing; the link is stored afterwards, in its own.
    { rateLimit: { max: ctx.config.rateLimits.forgotPasswordPerHour, timeWindow: 3_600_000 }, transaction: false },
  );

  async function sendResetLink(email: string, origin: string): Promise<void> {
    const user = await ctx.db.selectFrom('users').select(['id', 'first_name']).where('email', '=', email).where('disabled', '=', false).executeTakeFirst();
    if (!user) return;
    const token = randomToken();
    await inTransaction(ctx.db, async (trx) => {
      // Only the newest link works.
      await trx.updateTable('password_reset_tokens').set({ used_at: new Date() }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
      await trx
        .insertInto('password_reset_tokens')
        .values({ token_hash: hashToken(token), user_id: user.id, expires_at: new Date(Date.now() + PASSWORD_RESET_TTL_SECONDS * 1000) })
        .execute();
      await audit(trx, user.id, 'password-reset-requested', 'user', user.id);
    });
    // Sent once the link is stored: a failed e-mail leaves an unused link, never a mail without one.
    const link = `${origin}/create-password?token=${encodeURIComponent(token)}`;
    await ctx.mailer.send({
      to: email,
      subject: 'Set a new Folio password',
      text: `Hello ${user.first_name},\n\nUse this link within ${PASSWORD_RESET_TTL_SECONDS / 60} minutes to set a new password:\n${link}\n\nIf you did not ask for it, ignore this e-mail; your password stays as it is.`,
      secrets: [token],
    });
  }

  registerEndpoint(app, resetPassword, async ({ body, ctx }) => {
    const passwordHash = await hashPassword(body.password);
    const userId = await inTransaction(ctx.db, async (trx) => {
      const row = await trx
        .updateTable('password_reset_tokens')
        .set({ used_at: new Date() })
        .where('token_hash', '=', hashToken(body.token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .returning('user_id')
        .executeTakeFirst();
      if (!row) return undefined;
      const user = await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, password_changed_at: new Date(), updated_at: new Date() })
        .where('id', '=', row.user_id)
        .returning('email')
        .executeTakeFirstOrThrow();
      // The owner proved who they are through the e-mailed link: the guessing count on their account ends (decision 0372).
      await forgiveAccount(trx, user.email);
      // A new password ends every open session of the account.
      await trx.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', row.user_id).where('revoked_at', 'is', null).execute();
      await audit(trx, row.user_id, 'password-reset', 'user', row.user_id);
      return row.user_id;
    });
    if (!userId) throw problems.validation({ token: [LINK_INVALID] }, LINK_INVALID).withCode('password.linkInvalid');
    return {};
  });

  registerEndpoint(
    app,
    validateToken,
    async ({ body, ctx }) => {
      if (body.purpose === 'password-reset') {
        const row = await ctx.db
          .selectFrom('password_reset_tokens')
          .select(['user_id', 'expires_at'])
          .where('token_hash', '=', hashToken(body.token))
          .where('used_at', 'is', null)
          .where('expires_at', '>', new Date())
          .executeTakeFirst();
        return row ? { valid: true, userId: row.user_id, expiresAt: row.expires_at.toISOString() } : { valid: false };
      }
      const claims = await verifyAccessToken(ctx.tokenKey, body.token);
      if (!claims) return { valid: false };
      const caller = await loadCaller(ctx.db, claims.userId, claims.sessionId);
      const live = await ctx.db.selectFrom('sessions').select('id').where('id', '=', claims.sessionId).where('revoked_at', 'is', null).executeTakeFirst();
      return caller && live ? { valid: true, userId: claims.userId, expiresAt: claims.expiresAt.toISOString() } : { valid: false };
    },
    { transaction: false },
  );

  registerEndpoint(app, getIdentityUser, async ({ params, caller, ctx }) => {
    const user = await ctx.db.selectFrom('users').select(['id', 'email', 'first_login', 'merchant_group_id']).where('id', '=', params.id).executeTakeFirst();
    const self = caller.userId === params.id;
    if (!self) {
      if (!can(caller, 'Users', 'Read')) throw problems.forbidden('this needs Read on Users');
      const visible = user && (isProviderStaff(caller) || (user.merchant_group_id !== null && user.merchant_group_id === caller.merchantGroupId));
      if (!visible) throw problems.notFound('no such user');
    }
    if (!user) throw problems.notFound('no such user');
    const roles = await rolesOfUser(ctx.db, user.id);
    return {
      userId: user.id,
      email: user.email,
      firstLogin: user.first_login,
      merchantGroupId: user.merchant_group_id,
      userRoles: roles.map((roleName) => ({ roleName })),
      userPermissions: await permissionsOfRoles(ctx.db, roles),
    };
  });
}
