import type { FastifyInstance } from 'fastify';
import { authEndpoints, CLIENT_LOG_LINES_PER_MINUTE } from '../../contract/auth';
import { callbackPath } from '../../contract/callback-url';
import { AUTH_BASE } from '../../contract/product';
import { PROBLEM_TYPES } from '../../contract/problem';
import { audit } from '../audit';
import { HttpProblem } from '../http/problem';
import { registerEndpoint } from '../http/route';
import { checkCsrfToken, issueCsrfToken } from '../auth/csrf';
import { countFailure, countSuccess, heldNotice, sendWaiting, waitBeforeAttempt } from '../auth/password-guard';
import { verifyPassword } from '../auth/passwords';
import { closeSession, currentSession, openSession } from '../auth/sessions';
import { issueChallenge, twoStepEnabled } from './two-step';
import { originOf, registerSignInPages } from './sign-in-pages';

const { getSession, updateSession, getCsrf, getProviders, signIn, signInCallback, signOut, clientLog } = authEndpoints;

const INVALID_CREDENTIALS = new HttpProblem({
  type: PROBLEM_TYPES.invalidCredentials,
  title: 'Sign-in failed',
  status: 401,
  detail: 'the e-mail address or password is incorrect',
  code: 'signIn.invalidCredentials',
});

export function registerSessionRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  registerSignInPages(app);
  registerEndpoint(app, getSession, async ({ ctx, request, reply }) => (await currentSession(ctx, request, reply)) ?? {});

  registerEndpoint(app, updateSession, async ({ ctx, request, reply, body }) => {
    const session = await currentSession(ctx, request, reply, true);
    if (!session) return {};
    if (body.data?.firstLogin === false) {
      await ctx.db.updateTable('users').set({ first_login: false }).where('id', '=', session.user.id).execute();
      return { ...session, firstLogin: false };
    }
    return session;
  });

  registerEndpoint(app, getCsrf, async ({ ctx, request, reply }) => ({ csrfToken: issueCsrfToken(ctx.tokenKey, request, reply) }));

  registerEndpoint(app, getProviders, async () => ({
    credentials: {
      id: 'credentials',
      name: 'E-mail and password',
      type: 'credentials',
      signinUrl: `${AUTH_BASE}/signin/credentials`,
      callbackUrl: `${AUTH_BASE}/callback/credentials`,
    },
  }));

  for (const endpoint of [signIn, signInCallback]) {
    registerEndpoint(
      app,
      endpoint,
      async ({ ctx, request, reply, body, afterCommit }) => {
        checkCsrfToken(ctx.tokenKey, request, body.csrfToken);
        // Per account and per (account, address), across instances (decision 0372): a waiting address is not even checked.
        const attempt = { account: body.email, address: request.ip };
        const wait = await waitBeforeAttempt(ctx.db, attempt);
        if (wait > 0) return sendWaiting(reply, wait);
        const user = await ctx.db
          .selectFrom('users')
          .select(['id', 'password_hash', 'disabled', 'first_name'])
          .where('email', '=', body.email)
          .executeTakeFirst();
        const passwordOk = await verifyPassword(body.password, user?.password_hash ?? null);
        if (!user || !passwordOk || user.disabled) {
          request.log.info({ email: body.email }, 'sign-in refused');
          const failure = await countFailure(ctx.db, attempt);
          if (failure.accountJustHeld && user && !user.disabled) afterCommit(() => ctx.mailer.send({ to: body.email, ...heldNotice(user.first_name) }));
          // Sent, not thrown: the count must commit with this answer's transaction.
          if (failure.waitMs > 0) return sendWaiting(reply, failure.waitMs);
          return reply.status(401).type('application/problem+json').send(INVALID_CREDENTIALS.problem);
        }
        await countSuccess(ctx.db, attempt);
        // Only a same-site path is followed after sign-in, so the form cannot be used as an open redirect.
        const url = callbackPath(body.callbackUrl, originOf(request)) ?? '/';
        if (await twoStepEnabled(ctx.db, user.id)) {
          // The password is right; the session opens only once the code of the user's app is given too.
          await issueChallenge(ctx.db, request, reply, user.id, url);
          await audit(ctx.db, user.id, 'two-step.challenged', 'user', user.id);
          return { url: '/sign-in', twoStep: true };
        }
        await openSession(ctx, request, reply, user.id);
        await audit(ctx.db, user.id, 'signed-in', 'user', user.id);
        return { url };
      },
      { rateLimit: { max: ctx.config.rateLimits.signInPerMinute, timeWindow: 60_000, groupId: 'sign-in' } },
    );
  }

  registerEndpoint(app, signOut, async ({ ctx, request, reply, body }) => {
    checkCsrfToken(ctx.tokenKey, request, body.csrfToken);
    await closeSession(ctx, request, reply);
    return { url: '/sign-in' };
  });

  registerEndpoint(
    app,
    clientLog,
    async ({ request, body }) => {
      request.log[body.level === 'debug' ? 'debug' : body.level]({ client: body }, `client: ${body.code}`);
      return {};
    },
    // Open to anyone: an address gets a few lines a minute into the log, not the disk (decision 0346).
    { transaction: false, rateLimit: { max: CLIENT_LOG_LINES_PER_MINUTE, timeWindow: 60_000 } },
  );
}
