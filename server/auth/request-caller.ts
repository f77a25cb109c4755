import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { problems } from '../http/problem';
import { callerOfSecretKey, looksLikeSecretKey } from './api-key-caller';
import type { AnyCaller, Caller } from './caller';
import { sessionCaller } from './session-caller';
import { rememberedTwoStepPending, rememberTwoStepPending } from './sign-in-policy';
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
  remember(header, found.caller);
  return found.caller;
}

/**
 * The person each access token was at its last call (decision 0709): what a read-only call may start its work with
 * while the session check runs beside it. Never an answer by itself: the work's result is used only if the check then
 * answers the same caller (`sameCaller`), and dropped otherwise. Bounded as the checked tokens are (server/auth/tokens.ts).
 */
const lastCallers = new Map<string, Caller>();
const LAST_CALLERS_KEPT = 10_000;

function remember(header: string, caller: Caller): void {
  if (lastCallers.size >= LAST_CALLERS_KEPT && !lastCallers.has(header)) lastCallers.clear();
  lastCallers.set(header, caller);
}

/** The caller this request's access token had at its last call, if one is kept; a secret key's calls keep none. */
export function lastCallerOfRequest(request: FastifyRequest): Caller | undefined {
  const header = request.headers.authorization;
  return header ? lastCallers.get(header) : undefined;
}

/**
 * Whether the session check's fresh answer is the caller `earlier` was: the same person and session, e-mail, group
 * and its status, and two-step state, and the very same role, grant and merchant lists. Those lists are made once per
 * text the check reads (server/auth/session-caller.ts), so the same list object means the same roles, grants and scope;
 * a list made again (its memo full) only makes the two differ, and the work is done again for the fresh caller.
 */
export function sameCaller(fresh: AnyCaller, earlier: Caller): boolean {
  return (
    fresh === earlier ||
    (fresh.kind === 'person' &&
      fresh.userId === earlier.userId &&
      fresh.sessionId === earlier.sessionId &&
      fresh.email === earlier.email &&
      fresh.merchantGroupId === earlier.merchantGroupId &&
      fresh.merchantGroupStatus === earlier.merchantGroupStatus &&
      fresh.roles === earlier.roles &&
      fresh.permissions === earlier.permissions &&
      fresh.merchantScope === earlier.merchantScope &&
      rememberedTwoStepPending(fresh) === rememberedTwoStepPending(earlier))
  );
}
