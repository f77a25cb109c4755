import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import type { Db } from '../db/database';
import { COOKIE } from './cookies';
import { verifyAccessToken, type AccessClaims } from './tokens';

/**
 * Who the browser is on a plain navigation (a file link), where no bearer header is set: the
 * bearer header when there is one, else the httpOnly access-token cookie the navigation carries.
 * Only the token's signature and expiry are checked here; see `isSessionLive` for the session.
 */
export async function browserClaims(ctx: AppContext, request: FastifyRequest): Promise<AccessClaims | undefined> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const token = bearer ?? request.cookies[COOKIE.accessToken];
  return token ? verifyAccessToken(ctx.tokenKey, token) : undefined;
}

/** The session is open: not signed out, not revoked (password reset, refresh-token replay), not expired. */
export async function isSessionLive(db: Db, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}
