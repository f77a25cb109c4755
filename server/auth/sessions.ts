import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../../contract/auth';
import type { RoleName } from '../../contract/roles';
import type { AppContext } from '../app-context';
import { audit } from '../audit';
import { inTransaction } from '../db/transaction';
import { rolesOfUser } from './caller';
import { clearTokenCookies, COOKIE, setAccessCookies, setTokenCookies } from './cookies';
import { findRefreshToken, issueRefreshToken, revokeSession, sessionOfRefreshToken, useRefreshToken, type PresentedRefreshToken } from './refresh-tokens';
import { REFRESH_MARGIN_SECONDS, REFRESH_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './tokens';

/** Opens a server-side session for a user and sets the token cookies. */
export async function openSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<Session> {
  const refreshExpires = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  const { sessionId, refreshToken } = await inTransaction(ctx.db, async (trx) => {
    const row = await trx
      .insertInto('sessions')
      .values({ user_id: userId, expires_at: refreshExpires, user_agent: request.headers['user-agent']?.slice(0, 300) ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { sessionId: row.id, refreshToken: await issueRefreshToken(trx, row.id) };
  });
  const access = await signAccessToken(ctx.tokenKey, userId, sessionId);
  setTokenCookies(request, reply, { accessToken: access.token, accessExpires: access.expiresAt, refreshToken, refreshExpires });
  return sessionAnswer(ctx, userId, access.token, access.expiresAt, refreshExpires);
}

async function sessionAnswer(ctx: AppContext, userId: string, accessToken: string, accessExpires: Date, refreshExpires: Date): Promise<Session> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'first_login'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const roles: RoleName[] = await rolesOfUser(ctx.db, userId);
  return {
    user: { id: user.id, email: user.email, name: `${user.first_name} ${user.last_name}` },
    accessToken,
    accessTokenExpires: accessExpires.toISOString(),
    accessTokenExpiresIn: Math.max(0, Math.floor((accessExpires.getTime() - Date.now()) / 1000)),
    refreshTokenExpires: refreshExpires.toISOString(),
    expires: refreshExpires.toISOString(),
    userRoles: roles.map((roleName) => ({ roleName })),
    firstLogin: user.first_login,
  };
}

/**
 * The session behind the refresh cookie, with a fresh access token when the current one is
 * missing or about to expire; minting one uses the refresh token, which is then rotated
 * (decision 0186). Undefined (and cookies cleared) when there is no live session, or when the
 * refresh token was replayed: that ends the session.
 */
export async function currentSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, forceRefresh = false): Promise<Session | undefined> {
  const refreshToken = request.cookies[COOKIE.refreshToken];
  if (!refreshToken) return undefined;
  const presented = await findRefreshToken(ctx.db, refreshToken);
  if (!presented) {
    clearTokenCookies(reply);
    return undefined;
  }
  const current = request.cookies[COOKIE.accessToken];
  const claims = current ? await verifyAccessToken(ctx.tokenKey, current) : undefined;
  const fresh = claims !== undefined && claims.sessionId === presented.sessionId && claims.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_SECONDS * 1000;
  const mint = !fresh || forceRefresh;
  const outcome = await useRefreshToken(ctx.db, presented, mint);
  if (outcome.kind === 'reused') {
    await endReplayedFamily(ctx, request, presented);
    clearTokenCookies(reply);
    return undefined;
  }
  if (!mint && current && claims) return sessionAnswer(ctx, presented.userId, current, claims.expiresAt, presented.sessionExpires);
  const access = await signAccessToken(ctx.tokenKey, presented.userId, presented.sessionId);
  // In the grace window the refresh cookie is left alone: the request that rotated has set the new one.
  if (outcome.kind === 'rotated')
    setTokenCookies(request, reply, {
      accessToken: access.token,
      accessExpires: access.expiresAt,
      refreshToken: outcome.token,
      refreshExpires: presented.sessionExpires,
    });
  else setAccessCookies(request, reply, { accessToken: access.token, accessExpires: access.expiresAt });
  return sessionAnswer(ctx, presented.userId, access.token, access.expiresAt, presented.sessionExpires);
}

/** A refresh token came back after it was replaced: someone holds a copy. Both holders lose the session. */
async function endReplayedFamily(ctx: AppContext, request: FastifyRequest, presented: PresentedRefreshToken): Promise<void> {
  if (!(await revokeSession(ctx.db, presented.sessionId))) return;
  await audit(ctx.db, presented.userId, 'session.refresh-token-reused', 'session', presented.sessionId, {
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
  request.log.warn({ sessionId: presented.sessionId, userId: presented.userId }, 'a replaced refresh token was used again: session revoked');
}

/** Ends the session on the server (the refresh token stops working) and clears the cookies. */
export async function closeSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const refreshToken = request.cookies[COOKIE.refreshToken];
  const sessionId = refreshToken ? await sessionOfRefreshToken(ctx.db, refreshToken) : undefined;
  if (sessionId) await revokeSession(ctx.db, sessionId);
  clearTokenCookies(reply);
}
