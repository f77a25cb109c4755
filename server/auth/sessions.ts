import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Session } from '../../contract/auth';
import type { RoleName } from '../../contract/roles';
import type { AppContext } from '../app-context';
import { rolesOfUser } from './caller';
import { clearTokenCookies, COOKIE, setTokenCookies } from './cookies';
import { hashToken, randomToken, REFRESH_MARGIN_SECONDS, REFRESH_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './tokens';

/** Opens a server-side session for a user and sets the token cookies. */
export async function openSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<Session> {
  const refreshToken = randomToken();
  const refreshExpires = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  const row = await ctx.db
    .insertInto('sessions')
    .values({ user_id: userId, refresh_token_hash: hashToken(refreshToken), expires_at: refreshExpires, user_agent: request.headers['user-agent']?.slice(0, 300) ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const access = await signAccessToken(ctx.tokenKey, userId, row.id);
  setTokenCookies(request, reply, { accessToken: access.token, accessExpires: access.expiresAt, refreshToken, refreshExpires });
  return sessionAnswer(ctx, userId, access.token, access.expiresAt, refreshExpires);
}

async function sessionAnswer(ctx: AppContext, userId: string, accessToken: string, accessExpires: Date, refreshExpires: Date): Promise<Session> {
  const user = await ctx.db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'first_login']).where('id', '=', userId).executeTakeFirstOrThrow();
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
 * missing or about to expire. Undefined (and cookies cleared) when there is no live session.
 */
export async function currentSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, forceRefresh = false): Promise<Session | undefined> {
  const refreshToken = request.cookies[COOKIE.refreshToken];
  if (!refreshToken) return undefined;
  const session = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id', 'sessions.user_id', 'sessions.expires_at'])
    .where('sessions.refresh_token_hash', '=', hashToken(refreshToken))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .where('users.disabled', '=', false)
    .executeTakeFirst();
  if (!session) {
    clearTokenCookies(reply);
    return undefined;
  }
  const current = request.cookies[COOKIE.accessToken];
  const claims = current ? await verifyAccessToken(ctx.tokenKey, current) : undefined;
  const fresh = claims && claims.sessionId === session.id && claims.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_SECONDS * 1000;
  if (current && claims && fresh && !forceRefresh) return sessionAnswer(ctx, session.user_id, current, claims.expiresAt, session.expires_at);
  const access = await signAccessToken(ctx.tokenKey, session.user_id, session.id);
  await ctx.db.updateTable('sessions').set({ refreshed_at: new Date() }).where('id', '=', session.id).execute();
  setTokenCookies(request, reply, { accessToken: access.token, accessExpires: access.expiresAt, refreshToken, refreshExpires: session.expires_at });
  return sessionAnswer(ctx, session.user_id, access.token, access.expiresAt, session.expires_at);
}

/** Ends the session on the server (the refresh token stops working) and clears the cookies. */
export async function closeSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const refreshToken = request.cookies[COOKIE.refreshToken];
  if (refreshToken)
    await ctx.db.updateTable('sessions').set({ revoked_at: new Date() }).where('refresh_token_hash', '=', hashToken(refreshToken)).where('revoked_at', 'is', null).execute();
  clearTokenCookies(reply);
}
