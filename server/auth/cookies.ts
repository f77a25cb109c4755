import type { FastifyReply, FastifyRequest } from 'fastify';

// Spec 9 "Token storage": access token, its expiry, refresh token and its expiry, in cookies for
// the current host (no Domain attribute) with those expiry times. The tokens themselves are
// httpOnly; the SPA learns the access token from the session answer.
export const COOKIE = {
  accessToken: 'folio.access-token',
  accessTokenExpires: 'folio.access-token-expires',
  refreshToken: 'folio.refresh-token',
  refreshTokenExpires: 'folio.refresh-token-expires',
  csrf: 'folio.csrf-token',
} as const;

function secure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

function base(request: FastifyRequest) {
  return { path: '/', sameSite: 'lax' as const, secure: secure(request) };
}

/** Only the access token: an answer that must not touch the refresh cookie (decision 0186, grace window). */
export function setAccessCookies(request: FastifyRequest, reply: FastifyReply, tokens: { accessToken: string; accessExpires: Date }): void {
  reply.setCookie(COOKIE.accessToken, tokens.accessToken, { ...base(request), httpOnly: true, expires: tokens.accessExpires });
  reply.setCookie(COOKIE.accessTokenExpires, tokens.accessExpires.toISOString(), { ...base(request), expires: tokens.accessExpires });
}

export function setTokenCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  tokens: { accessToken: string; accessExpires: Date; refreshToken: string; refreshExpires: Date },
): void {
  setAccessCookies(request, reply, tokens);
  reply.setCookie(COOKIE.refreshToken, tokens.refreshToken, { ...base(request), httpOnly: true, expires: tokens.refreshExpires });
  reply.setCookie(COOKIE.refreshTokenExpires, tokens.refreshExpires.toISOString(), { ...base(request), expires: tokens.refreshExpires });
}

export function clearTokenCookies(reply: FastifyReply): void {
  for (const name of [COOKIE.accessToken, COOKIE.accessTokenExpires, COOKIE.refreshToken, COOKIE.refreshTokenExpires]) reply.clearCookie(name, { path: '/' });
}
