import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PROBLEM_TYPES } from '../../contract/problem';
import { HttpProblem } from '../http/problem';
import { COOKIE } from './cookies';
import { randomToken } from './tokens';

// Double-submit csrf token for the form-encoded posts: the cookie holds `token|hmac(token)` so it
// cannot be forged without the secret, and the form must echo the token.

function sign(key: Uint8Array, token: string): string {
  return createHmac('sha256', key).update(token).digest('base64url');
}

function cookieToken(key: Uint8Array, request: FastifyRequest): string | undefined {
  const [token, signature] = (request.cookies[COOKIE.csrf] ?? '').split('|');
  if (!token || !signature) return undefined;
  const expected = Buffer.from(sign(key, token));
  const actual = Buffer.from(signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? token : undefined;
}

export function issueCsrfToken(key: Uint8Array, request: FastifyRequest, reply: FastifyReply): string {
  const existing = cookieToken(key, request);
  if (existing) return existing;
  const token = randomToken();
  reply.setCookie(COOKIE.csrf, `${token}|${sign(key, token)}`, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
  return token;
}

export function checkCsrfToken(key: Uint8Array, request: FastifyRequest, submitted: string): void {
  const token = cookieToken(key, request);
  const ok = token !== undefined && token.length === submitted.length && timingSafeEqual(Buffer.from(token), Buffer.from(submitted));
  if (!ok)
    throw new HttpProblem({
      type: PROBLEM_TYPES.csrf,
      title: 'Invalid csrf token',
      status: 403,
      detail: 'the form has expired; reload the page and try again',
      code: 'signIn.formExpired',
    });
}
