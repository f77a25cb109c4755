import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_ERROR_PATH, callbackPath, signInLocation } from '../../contract/callback-url';
import { AUTH_BASE } from '../../contract/product';

// Spec 7 "Sign-in pages": /api/auth/signin (e.g. with error SessionRequired and a callbackUrl) and
// /api/auth/error, as a NextAuth-style session client links to them. The pages themselves are the
// SPA's: these addresses send the browser there, keeping a same-site callbackUrl and the error code.

/** NextAuth's error codes are single words (SessionRequired, Configuration, AccessDenied...). */
const ERROR_CODE = /^[A-Za-z]{1,40}$/;

function queryValue(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

function errorCode(request: FastifyRequest): string | undefined {
  const code = queryValue(request, 'error');
  return code && ERROR_CODE.test(code) ? code : undefined;
}

/** The request's own origin, so a callbackUrl naming this site in full is kept as its path. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function registerSignInPages(app: FastifyInstance): void {
  app.get(`${AUTH_BASE}/signin`, (request, reply) => {
    const callbackUrl = callbackPath(queryValue(request, 'callbackUrl'), originOf(request));
    return reply.redirect(signInLocation({ callbackUrl, error: errorCode(request) }), 302);
  });
  app.get(`${AUTH_BASE}/error`, (request, reply) => {
    const code = errorCode(request);
    return reply.redirect(code ? `${AUTH_ERROR_PATH}?error=${code}` : AUTH_ERROR_PATH, 302);
  });
}
