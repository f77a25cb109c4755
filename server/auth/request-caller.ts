import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { problems } from '../http/problem';
import { callerOfSecretKey, looksLikeSecretKey } from './api-key-caller';
import type { AnyCaller } from './caller';
import { sessionCaller } from './session-caller';
import { rememberTwoStepPending } from './sign-in-policy';
import { verifyAccessToken } from './tokens';

/**
 * Who calls an API endpoint, from the `Authorization: Bearer <access token>` header: null without
 * the header; 401 for a malformed header, a bad or expired token, a session that has ended
 * (signed out, revoked, expired) or a disabled account. The endpoint registrar
 * (server/http/route.ts) asks this; the session tables stay in auth (decision 0190).
 */
export async function callerOfRequest(ctx: AppContext, request: FastifyRequest): Promise<AnyCaller | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw problems.unauthorized('the Authorization header must be "Bearer <access token>"');
  // A property's secret key (server-to-server calls, decisions 0262, 0370): the key itself, as its property's APIUser.
  if (looksLikeSecretKey(match[1])) {
    const keyCaller = await callerOfSecretKey(ctx.db, match[1]);
    if (!keyCaller) throw problems.unauthorized('the secret key is unknown, revoked or expired');
    return keyCaller;
  }
  const claims = await verifyAccessToken(ctx.tokenKey, match[1]);
  if (!claims) throw problems.unauthorized('the access token is invalid or has expired');
  const found = await sessionCaller(ctx.db, claims.userId, claims.sessionId, ctx.config.demo);
  if (!found.live) throw problems.unauthorized('the session has ended; sign in again');
  if (!found.caller) throw problems.unauthorized('the account is disabled');
  // The route's two-step check (refuseUntilTwoStep) uses this answer instead of asking again.
  rememberTwoStepPending(found.caller, found.twoStepPending);
  return found.caller;
}
